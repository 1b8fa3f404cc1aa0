// What a machine sends is taken only at its canonical path, with records that name it and values the game can write,
// into sessions of its own site and participant, and never for a deleted participant in any spelling.
import Foundation
import PostgresNIO
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct SyncBoundaryTests {
    static let header = CSVWriter.headerLine(TrialRow.columns)

    /// A sample session's folder, state and trial rows as `participant`'s session `id`.
    static func session(_ id: String, _ participant: String) throws -> (
        folder: String, state: String, trials: [String]
    ) {
        try ProjectionTests.session(id, participant: participant, offset: 0, machine: "m")
    }

    /// `line` (one CSV record under `header`, no quoted field) with `column` set to `value`.
    static func setting(_ column: String, to value: String, in line: String, header: String = header) throws -> String {
        let names = header.dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var fields = line.dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        try #require(!line.contains("\"") && fields.count == names.count)
        fields[try #require(names.firstIndex(of: column))] = value
        return fields.joined(separator: ",") + "\n"
    }

    static func send(_ server: Harness, _ token: String, _ file: String, _ kind: String, _ items: [String]) async throws
        -> Reply
    {
        let csv = ["trials", "ratings", "participants"].contains(kind)
        let header =
            kind == "trials"
            ? header
            : kind == "ratings"
                ? CSVWriter.headerLine(RatingRow.columns) : CSVWriter.headerLine(ParticipantRecord.columns)
        return try await server.call(
            .post, "/api/v1/sync/batch", token: token,
            json: try SyncTests.body(
                file: file, kind: kind, header: csv ? header : nil, first: kind == "session" ? nil : 1, items: items))
    }

    /// How many files and items the server holds of every machine.
    static func held(_ server: Harness) async throws -> Int {
        try await server.database.rows("SELECT (SELECT count(*) FROM sync_files) + (SELECT count(*) FROM sync_items)")
            .first!.decode(Int.self)
    }

    /// Folders that are no participant's or session's as the game names them, and names that only look like one:
    /// each refused (400 naming the file) with nothing stored.
    @Test(arguments: [
        ("P07/../P08/20261126T014050Z-aa00/trials.csv", "not where a trials file lives"),
        ("P07\\..\\P08/20261126T014050Z-aa00/trials.csv", "no participant ID"),
        ("P 07/20261126T014050Z-aa00/trials.csv", "no participant ID"),
        ("-P07/20261126T014050Z-aa00/trials.csv", "no participant ID"),
        // Cyrillic Р, the KELVIN SIGN (Swift's Character equals it to "K"), a zero-width space, a zero-width joiner,
        // a right-to-left mark, a decomposed and a composed accent.
        ("\u{420}07/20261126T014050Z-aa00/trials.csv", "U+420"),
        ("P\u{212A}07/20261126T014050Z-aa00/trials.csv", "U+212A"),
        ("P0\u{200B}7/20261126T014050Z-aa00/trials.csv", "U+200B"),
        ("P0\u{200D}7/20261126T014050Z-aa00/trials.csv", "U+200D"),
        ("\u{200F}P07/20261126T014050Z-aa00/trials.csv", "U+200F"),
        ("Pe\u{301}07/20261126T014050Z-aa00/trials.csv", "U+301"),
        ("P\u{E9}07/20261126T014050Z-aa00/trials.csv", "U+E9"),
        ("P07/20261126T014050Z-AA00/trials.csv", "no session ID"),
        ("P07/\u{662}0261126T014050Z-aa00/trials.csv", "no session ID"),
        ("P07/20261126T014050Z-aa00\n/trials.csv", "no session ID"),
        ("P07/20261126T014050Z-aa00/trials.csv\n", "not where a trials file lives"),
        ("P07/20261126T014050Z-aa00/trials.csv\u{0}", "The field \"file\" holds a NUL character"),
        (String(repeating: "P", count: 70_000) + "/20261126T014050Z-aa00/trials.csv", "not where a trials file lives"),
        ("P07/" + String(repeating: "x/", count: 40_000) + "trials.csv", "not where a trials file lives"),
    ])
    func aPathThatIsNotTheCanonicalPathOfItsKindIsRefused(file: String, mentions: String) async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let session = try Self.session("20261126T014050Z-aa00", "P07")
            let reply = try await Self.send(server, device.token, file, "trials", session.trials)
            ProblemTests.expectProblem(reply, 400, mentions: mentions)
            #expect(reply.detail.count < 1000, "a path is cut short in the answer")
            #expect(try await Self.held(server) == 0)
        }
    }

    /// Other kinds' canonical paths: a plan's three digits, a picture's name without a line break, profile.json's place.
    @Test(arguments: [
        ("P07/plan-1.json", "plan"), ("P07/plan-00\u{661}.json", "plan"), ("P07/plan-001.json\n", "plan"),
        ("P07/20261126T014050Z-aa00/round-01.png\n", "picture"), ("P07/x/profile.json", "profile"),
        ("participants.csv/", "participants"), ("P07/ratings.CSV", "ratings"),
    ])
    func otherKindsAreTakenOnlyAtTheirOwnPath(file: String, kind: String) async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let reply = try await Self.send(server, device.token, file, kind, ["{}"])
            ProblemTests.expectProblem(reply, 400, mentions: "is refused")
            #expect(try await Self.held(server) == 0)
        }
    }

    @Test func recordsThatNameAnotherParticipantOrSessionThanTheirFolderAreRefused() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let own = try Self.session("20261126T014050Z-aa00", "P07")
            let other = try Self.session("20261126T014051Z-bb11", "P08")
            // P08's session under P07's folder, P07's rows under another session's folder, one stray row among good ones.
            var replies = [
                try await Self.send(
                    server, device.token, "P07/20261126T014051Z-bb11/session.json", "session", [other.state]),
                try await Self.send(server, device.token, "P07/20261126T014051Z-bb11/trials.csv", "trials", own.trials),
                try await Self.send(server, device.token, "\(own.folder)/trials.csv", "trials", other.trials),
            ]
            replies.append(
                try await Self.send(
                    server, device.token, "\(own.folder)/trials.csv", "trials",
                    Array(own.trials[0..<3]) + [try Self.setting("participant", to: "P08", in: own.trials[3])]))
            for reply in replies { ProblemTests.expectProblem(reply, 400, mentions: "of its folder") }
            #expect(replies[3].detail.contains("Record 4 of"), "\(replies[3].detail)")
            #expect(try await Self.held(server) == 0)
        }
    }

    /// Values no game writes, each in one row of an otherwise good batch: refused by the game's codec or its checks,
    /// the batch stores nothing.
    @Test(arguments: [
        ("target_bearing_deg", "1e308"), ("aim_bearing_deg", "-0.5"), ("deviation_deg", "-180.5"),
        ("abs_deviation_deg", "-1"), ("time_s", "-0.001"), ("round", "-1"), ("round", "0"), ("round", "2147483648"),
        ("targets_in_round", "99999999999"), ("session_index", "-9223372036854775808"),
        ("onset_at", "9999-01-01T00:00:00.000Z"), ("shot_at", "2026-02-30T10:00:00.000Z"),
        ("onset_at", "2026-11-26T25:00:00.000Z"), ("onset_at", "2026-11-26T01:40:50.000+01:00"),
        ("profile_version", "-3"), ("onset_frame", "-1"),
        ("schema_version", "7"),
    ])
    func impossibleTrialValuesAreRefused(column: String, value: String) async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let session = try Self.session("20261126T014050Z-aa00", "P07")
            let bad = try Self.setting(column, to: value, in: session.trials[2])
            let reply = try await Self.send(
                server, device.token, "\(session.folder)/trials.csv", "trials", Array(session.trials[0..<2]) + [bad])
            ProblemTests.expectProblem(reply, 400, mentions: column)
            #expect(try await Self.held(server) == 0)
        }
    }

    /// The participant sheet's answers the game refuses (its own `validationProblem`) are refused at ingest too.
    @Test(arguments: [
        ("age", "999"), ("age", "0"), ("gender", "someone@example.org"), ("phone_experience_0_5", "6"),
        ("game_experience_0_5", "-1"), ("registered_at", "2026-02-30T10:00:00.000Z"), ("age", "2147483648"),
    ])
    func sheetAnswersTheGameRefusesAreRefused(column: String, value: String) async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let line = CSVWriter.line(
                ParticipantRecord(participant: try ParticipantID("P07"), age: 30, registeredAt: Date())
                    .values(under: ParticipantRecord.columns))
            let bad = try Self.setting(
                column, to: value, in: line, header: CSVWriter.headerLine(ParticipantRecord.columns))
            let reply = try await Self.send(server, device.token, "participants.csv", "participants", [line, bad])
            ProblemTests.expectProblem(reply, 400, mentions: column)
            #expect(try await Self.held(server) == 0)
        }
    }

    /// A session.json numbered past its plan's end ("session 26 of 10") is refused by the game's check of a session
    /// (`validationProblem`), naming the key; the same session within the plan is taken. The dashboard read such rows as
    /// "26 of 10 sessions done".
    @Test func aSessionPastItsPlansEndIsRefused() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let own = try Self.session("20261126T014050Z-aa00", "P07")
            var state = try #require(
                try JSONSerialization.jsonObject(with: Data(own.state.utf8)) as? [String: Any])
            func sending(session number: Int) async throws -> Reply {
                state["plan"] = ["name": "weeks", "version": 1, "session": number, "total_sessions": 10]
                let text = String(decoding: try JSONSerialization.data(withJSONObject: state), as: UTF8.self)
                return try await Self.send(server, device.token, "\(own.folder)/session.json", "session", [text])
            }
            ProblemTests.expectProblem(try await sending(session: 26), 400, mentions: "plan.session 26 is past")
            #expect(try await Self.held(server) == 0)
            let taken = try await sending(session: 10)
            #expect(taken.status == 200, "\(taken.text)")
        }
    }

    /// A ratings.csv row the game never writes, in an otherwise good batch, is refused by the game's one check of a
    /// row (`RatingRow.problem(inFileOf:)`, the analyzer's too), naming its column; the batch stores nothing. Before,
    /// only the participant and the session ID's shape were looked at: a loudness of 1e308 was stored (and fired the
    /// overview's "tinnitus worse"), and a session number past 32 bits was a 500.
    @Test(arguments: [
        ("value", "1e308"), ("value", "-0.5"), ("value", "1.5"), ("item", "tinnitus_volume"),
        ("session_index", "2147483648"), ("session_index", "0"), ("codebook_version", "99"),
        ("participant", "P08"), ("participant", "P\u{212A}"), ("session_id", "20261126T014050Z-AA00"),
        ("language", "fr"),
    ])
    func ratingsTheGameNeverWritesAreRefused(column: String, value: String) async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let header = CSVWriter.headerLine(RatingRow.columns)
            let rows = try ["tinnitus_loudness", "tinnitus_distress"].map { item in
                CSVWriter.line(
                    RatingRow(
                        participant: "P07", sessionID: "20261126T014050Z-aa00", sessionIndex: 1, moment: .after,
                        item: item, value: 0.25, answeredAt: Date(timeIntervalSince1970: 1_795_000_000), language: "en"
                    ).values)
            }
            let bad = try Self.setting(column, to: value, in: rows[1], header: header)
            let reply = try await Self.send(server, device.token, "P07/ratings.csv", "ratings", [rows[0], bad])
            ProblemTests.expectProblem(reply, 400, mentions: "its \(column)")
            #expect(reply.detail.contains("Record 2 of P07/ratings.csv"), "\(reply.detail)")
            #expect(try await Self.held(server) == 0)
            // The same rows without the bad one are taken.
            let good = try await Self.send(server, device.token, "P07/ratings.csv", "ratings", rows)
            #expect(good.status == 200, "\(good.text)")
        }
    }

    /// A diary day or questionnaire date that only looks like a day: another script's digit, a trailing line break
    /// (a quoted CSV cell), 30 February. The game's day reader took `\d` from a regular expression, which matches
    /// other scripts' digits that `Int` then refused, and read the missing part: the whole server trapped.
    @Test(arguments: [
        ("date", "2026-11-2\u{0663}"), ("date", "2026-11-26\n"), ("date", "\u{0662}026-11-26"), ("date", "2026-02-30"),
        ("end_date", "2026-11-2\u{0663}"), ("date", "2026-11-26 "), ("date", "2026-1-126"),
    ])
    func aDiaryDayThatOnlyLooksLikeOneIsRefusedNotATrap(column: String, value: String) async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let header = CSVWriter.headerLine(DiaryRow.columns)
            func line(date: String, endDate: String) -> String {
                CSVWriter.line(
                    DiaryRow(
                        participant: "P07", entryID: "D1", version: 1, action: .add, kind: .therapy,
                        name: "Hearing aids", type: "hearing-aid", date: date, endDate: endDate,
                        recordedAt: Date(timeIntervalSince1970: 1_795_000_000)
                    ).values(under: DiaryRow.columns))
            }
            let rows = [line(date: "2026-11-20", endDate: "2026-11-27")]
            let bad =
                column == "date"
                ? line(date: value, endDate: "2026-11-27") : line(date: "2026-11-20", endDate: value)
            let reply = try await server.call(
                .post, "/api/v1/sync/batch", token: device.token,
                json: try SyncTests.body(file: "P07/diary.csv", kind: "diary", header: header, first: 1, items: [bad]))
            ProblemTests.expectProblem(reply, 400, mentions: "P07/diary.csv")
            #expect(try await Self.held(server) == 0)
            let good = try await server.call(
                .post, "/api/v1/sync/batch", token: device.token,
                json: try SyncTests.body(file: "P07/diary.csv", kind: "diary", header: header, first: 1, items: rows))
            #expect(good.status == 200, "\(good.text)")
        }
    }

    /// A session belongs to the site and participant that first sent it: a machine of another site, or another
    /// participant of the same site, adds nothing to it (409 naming the session); the owner's other machines do.
    @Test func aSessionIDBelongsToTheSiteAndParticipantThatFirstSentIt() async throws {
        try await withServer { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            let north = try await server.enrolDevice(site: "north", name: "lab-1")
            let home = try await server.enrolDevice(site: "north", name: "home-1")
            let south = try await server.enrolDevice(site: "south", name: "lab-2")
            let id = "20261126T014050Z-aa00"
            let owned = try Self.session(id, "P07")
            try await ProjectionTests.Sender(server: server, token: north.token).sendSession(owned)
            let trials = { () async throws -> Int in
                try await server.database.rows("SELECT count(*)::int FROM trials WHERE session_id = \(id)").first!
                    .decode(Int.self)
            }
            let count = try await trials()
            #expect(count == owned.trials.count)

            // South's P07 (another person) and south's P09 with north's session ID; north's P08 likewise.
            for (token, participant) in [(south.token, "P07"), (south.token, "P09"), (north.token, "P08")] {
                let copy = try Self.session(id, participant)
                let extra = try Self.setting("round", to: "9", in: copy.trials[0])
                for (file, kind, items) in [
                    ("\(copy.folder)/trials.csv", "trials", copy.trials + [extra]),
                    ("\(copy.folder)/session.json", "session", [copy.state]),
                ] {
                    let reply = try await Self.send(server, token, file, kind, items)
                    ProblemTests.expectProblem(reply, 409, mentions: "The session \(id) belongs to another")
                    #expect(reply.json["key"] as? String == id)
                }
                // A rating naming that session from another participant's folder.
                let rating = CSVWriter.line(
                    RatingRow(
                        participant: participant, sessionID: id, sessionIndex: 1, moment: .after,
                        item: "tinnitus_loudness", value: 0.5, answeredAt: Date(), language: "en"
                    ).values)
                let reply = try await Self.send(server, token, "\(participant)/ratings.csv", "ratings", [rating])
                ProblemTests.expectProblem(reply, 409, mentions: "belongs to another")
            }
            #expect(try await trials() == count)
            let owner = try await server.database.rows(
                "SELECT s.site_id = (SELECT id FROM sites WHERE name = 'north'), s.participant FROM sessions s WHERE session_id = \(id)"
            ).first!.decode((Bool, String).self)
            #expect(owner == (true, "P07"))

            // The owner's other machine (the same session's folder copied home) is taken.
            let reply = try await Self.send(
                server, home.token, "\(owned.folder)/session.json", "session", [owned.state])
            #expect(reply.status == 200, "\(reply.text)")
        }
    }

    /// A deleted participant is refused in the one spelling the game allows (410), every look-alike of it is no
    /// participant ID (400), and a session.json naming them from another folder is refused (400).
    @Test func aDeletedParticipantComesBackInNoSpelling() async throws {
        try await withServer { server in
            let (north, _) = try await ParticipantDataTests.study(server)
            let admin = try await server.login("root", testPassword)
            let deleted = try await server.call(.delete, "/api/v1/sites/north/participants/P07", token: admin)
            try #require(deleted.status == 200, "\(deleted.text)")
            let before = try await Self.held(server)
            let id = "20261126T014059Z-cc00"
            let session = try Self.session(id, "P07")
            let exact = try await Self.send(server, north.token, "P07/\(id)/session.json", "session", [session.state])
            ProblemTests.expectProblem(exact, 410, mentions: "remove the folder P07")
            for spelling in [
                "\u{420}07", "P\u{30}\u{37}\u{200B}", "P0\u{200D}7", "\u{FF30}07", "\u{202E}P07", "P07\u{301}",
            ] {
                let reply = try await Self.send(
                    server, north.token, "\(spelling)/\(id)/session.json", "session", [session.state])
                ProblemTests.expectProblem(reply, 400, mentions: "no participant ID")
            }
            let elsewhere = try await Self.send(
                server, north.token, "P08/\(id)/session.json", "session", [session.state])
            ProblemTests.expectProblem(elsewhere, 400, mentions: "of its folder")
            #expect(try await Self.held(server) == before)
            // Nor through a prescription: the site's machines would write it into a new folder of that ID.
            for (kind, body) in [
                ("plans", try RoleMatrixTests.trainingPlan()),
                ("profiles", ProfileTests.profileFile("P07", versions: 1)),
            ] {
                let reply = try await server.call(
                    .post, "/api/v1/sites/north/participants/P07/\(kind)", token: admin, json: body)
                ProblemTests.expectProblem(reply, 410, mentions: "was deleted")
            }
            let other = try await server.call(
                .post, "/api/v1/sites/north/participants/P08/plans", token: admin,
                json: try RoleMatrixTests.trainingPlan())
            #expect(other.status == 201, "\(other.text)")
            let fetched = try await server.call(.get, "/api/v1/sync/prescriptions?after=0", token: north.token)
            #expect(fetched.text.contains("\"P08\"") && !fetched.text.contains("\"P07\""), "\(fetched.text)")
            #expect(
                try await ParticipantDataTests.counts(server, site: "north", participant: "P07").values.allSatisfy {
                    $0 == 0
                })
        }
    }

    /// An export holding a name too long for a ZIP entry (a database filled before paths were bounded) is refused
    /// with a sentence; it trapped and took the server down.
    @Test func aZipEntryNameLongerThanAZipHoldsIsAnErrorNotATrap() async throws {
        var zip = ZipSink(MemorySink())
        await #expect(throws: ZipSink<MemorySink>.TooLarge.self) {
            try await zip.begin(file: String(repeating: "a", count: 70_000))
        }
        try await zip.begin(file: String(repeating: "a", count: 65_535))
    }
}
