// One spelling per participant and session: the participant ID, session ID, sync path and timestamp rules byte by byte.
import Foundation
import Testing

@testable import StudyRecords

struct SyncPathTests {
    /// Look-alikes of an ID the game allows: another script's letter, the KELVIN SIGN (canonically equal to "K", so a
    /// Character comparison took it), zero-width and direction characters, decomposed and composed accents.
    @Test(arguments: [
        "\u{420}07", "P\u{212A}", "\u{212A}07", "P0\u{200B}7", "P0\u{200D}7", "P07\u{FE0F}", "\u{200F}P07",
        "\u{202E}P07", "Pe\u{301}07", "P\u{E9}07", "\u{FF30}07", "P\u{0660}7", "P07\n", "P07\u{0}",
    ])
    func aLookAlikeOfAValidIDIsNoParticipantID(id: String) {
        #expect(ParticipantID.problem(with: id) != nil, "\(id.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(throws: ParticipantIDError.self) { try ParticipantID(id) }
    }

    @Test func aRefusedIDNamesAnInvisibleCharacterByItsCodePoint() {
        #expect(ParticipantID.problem(with: "P0\u{200B}7") == "it contains U+200B")
        #expect(ParticipantID.problem(with: "P 07") == "it contains ' '")
        #expect(ParticipantID.problem(with: "P07") == nil && ParticipantID.problem(with: "a.b-c_9") == nil)
    }

    @Test(arguments: [
        "2026112T1201500Z-3f9c", "20261121T201500Z-3F9C", "20261121T201500Z-3f9c\n", "\u{662}0261121T201500Z-3f9c",
        "20261121T201500Z-3f9", "20261121t201500Z-3f9c", "20261121T201500Z_3f9c", "",
    ])
    func aFolderNameOfAnotherShapeIsNoSessionID(name: String) {
        #expect(SessionID(folderName: name) == nil)
    }

    @Test func aSessionIDsOwnNameIsOne() {
        let id = SessionID(startedAt: Date(timeIntervalSince1970: 1_800_000_000), suffix: 0x3f9c)
        #expect(SessionID(folderName: id.value) == id)
    }

    @Test(
        arguments: [
            ("participants.csv", "participants", nil, nil), ("P07/ratings.csv", "ratings", "P07", nil),
            ("P07/plan-012.json", "plan", "P07", nil), ("P07/profile.json", "profile", "P07", nil),
            ("P07/hrtf-choice.csv", "hrtf-choice", "P07", nil),
            ("P07/20261121T201500Z-3f9c/trials.csv", "trials", "P07", "20261121T201500Z-3f9c"),
            ("P07/20261121T201500Z-3f9c/round-100-target-10.png", "picture", "P07", "20261121T201500Z-3f9c"),
        ] as [(String, String, String?, String?)])
    func aCanonicalPathNamesItsParticipantAndSession(file: String, kind: String, participant: String?, session: String?)
        throws
    {
        let path = try SyncPath(file: file, kind: kind)
        #expect(path.participant?.value == participant && path.session?.value == session)
        #expect(file.utf8.count <= SyncPath.maximumBytes)
    }

    @Test(arguments: [
        ("P07/../P08/20261121T201500Z-3f9c/trials.csv", "trials"),
        ("P07\\..\\x/20261121T201500Z-3f9c/trials.csv", "trials"),
        ("P07/20261121T201500Z-3f9c/trials.csv/", "trials"), ("/P07/20261121T201500Z-3f9c/trials.csv", "trials"),
        ("P07/ratings.csv", "trials"), ("P07/plan-1.json", "plan"), ("P07/plan-0001.json", "plan"),
        ("P07/20261121T201500Z-3f9c/round-01.png\n", "picture"), ("P07/x/session.json", "session"),
        ("P07/ratings.csv", "log"), (String(repeating: "P", count: 70_000) + "/ratings.csv", "ratings"),
    ])
    func anyOtherPathIsRefusedWithOneSentence(file: String, kind: String) {
        do {
            _ = try SyncPath(file: file, kind: kind)
            Issue.record("taken: \(file.prefix(80))")
        } catch {
            let sentence = String(describing: error)
            #expect(error is SyncPathError && sentence.hasSuffix(".") && sentence.count < 600, "\(sentence)")
        }
    }

    /// Foundation's parser took 2026-02-30 as 2 March, a year 9999, other digits and offsets; a log's timestamp is
    /// only `Timestamp.format`'s shape of a day that exists.
    @Test(arguments: [
        "2026-02-30T10:00:00.000Z", "2026-13-01T10:00:00.000Z", "2026-11-26T24:00:00.000Z", "2026-11-26T10:60:00.000Z",
        "9999-01-01T00:00:00.000Z", "1899-12-31T23:59:59.999Z", "2026-11-26T10:00:00.000+01:00",
        "2026-11-26T10:00:00.000z", "2026-11-26 10:00:00.000Z", "\u{662}026-11-26T10:00:00.000Z",
        "2026-11-26T10:00:00.000Z\n", "2026-11-26T10:00:00.Z", "2026-11-26T10:00:00.0000000000Z", "",
    ])
    func anImpossibleOrOtherwiseWrittenTimestampIsRefused(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test(arguments: [
        "2026-02-28T10:00:00.000Z", "2028-02-29T23:59:59.999Z", "2026-11-26T10:00:00Z", "2026-11-26T10:00:00.5Z",
    ])
    func aTimestampOfADayThatExistsIsRead(text: String) {
        #expect(Timestamp.parse(text) != nil)
    }

    /// `train` never numbers a session past its plan's last one; the server refuses a session.json that does.
    @Test func aSessionNumberedPastItsPlansEndHasAProblem() throws {
        var record = try ParticipantStatusTests.session("P07", 1, days: 0, completed: true)
        for (session, refused) in [(1, false), (10, false), (11, true), (26, true)] {
            record.plan = PlanReference(name: "weeks", version: 1, session: session, totalSessions: 10)
            let problem = record.validationProblem()
            #expect((problem?.hasPrefix("plan.session \(session) is past") ?? false) == refused, "\(session)")
            #expect(refused || problem == nil, "\(session): \(problem ?? "")")
        }
    }

    /// The game's ranges of a trials.csv row (docs/LOG-FORMAT.md), which the study server holds every row to.
    @Test func aTrialRowOutsideTheGamesRangesHasAProblemNamingItsColumn() throws {
        let row = TrialRow(
            sessionID: "20261121T201500Z-3f9c", participant: "P07", platform: "linux", input: "keyboard", hrtf: "h",
            condition: "c", background: false, round: 1, targetsInRound: 3, targetIndex: 1, target: "frog",
            targetBearingDeg: 359.9996, aimBearingDeg: 0, deviationDeg: -180, absDeviationDeg: 180,
            frontBackConfusion: false, onsetAt: Date(), shotAt: Date(), timeS: 0, frontBackReversal: false,
            sessionIndex: 1, protocolName: "p")
        #expect(row.validationProblem() == nil)
        let changes: [(String, (inout TrialRow) -> Void)] = [
            ("target_bearing_deg", { $0.targetBearingDeg = 1e308 }), ("aim_bearing_deg", { $0.aimBearingDeg = -1 }),
            ("deviation_deg", { $0.deviationDeg = 181 }), ("abs_deviation_deg", { $0.absDeviationDeg = -0.5 }),
            ("time_s", { $0.timeS = -1 }), ("round", { $0.round = -1 }), ("round", { $0.round = 1 << 31 }),
            ("session_index", { $0.sessionIndex = Int.min }), ("onset_frame", { $0.onsetFrame = -1 }),
            ("profile_version", { $0.profileVersion = 0 }), ("schema_version", { $0.schemaVersion = 2 }),
        ]
        for (column, change) in changes {
            var changed = row
            change(&changed)
            #expect(changed.validationProblem()?.hasPrefix(column) == true, "\(column)")
        }
    }
}
