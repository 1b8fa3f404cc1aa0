// hrtf-choice.csv on the study server (issue 43): synced like the diary, read by the game's codec and check,
// projected, shown on the participant's page with the check after the choice, to its site only, and deleted with
// the participant.
import Foundation
import HTTPTypes
import Localization
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

/// Sites A and B; P07 of A chose ari-nh2 by ear (three comparisons and the winner row; profile version 2 names the
/// set) and took the check after it; P99 of B registered only.
func withHRTFStudy(
    live: Bool = false, catalogs: URL? = nil,
    _ body: @Sendable (Harness, ProjectionTests.Sender) async throws -> Void
) async throws {
    try await withServer(live: live, catalogs: catalogs) { server in
        _ = try await server.database.accounts.addUser(name: "root", role: .admin, sites: [], password: testPassword)
        for site in ["A", "B"] { try await server.database.sites.addSite(site) }
        _ = try await server.database.accounts.addUser(
            name: "sup-a", role: .supervisor, sites: ["A"], password: testPassword)
        _ = try await server.database.accounts.addUser(
            name: "sup-b", role: .supervisor, sites: ["B"], password: testPassword)
        _ = try await server.database.accounts.addUser(
            name: "res", role: .researcher, sites: [], password: testPassword)
        var senders: [ProjectionTests.Sender] = []
        for (site, participant) in [("A", "P07"), ("B", "P99")] {
            let sender = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: site, name: "home-\(participant)").token)
            try await sender.send(
                file: "participants.csv", kind: "participants",
                header: CSVWriter.headerLine(ParticipantRecord.columns), first: 1,
                items: [
                    CSVWriter.line(
                        ParticipantRecord(
                            participant: try ParticipantID(participant), registeredAt: HRTFChoiceSyncTests.at
                        ).values(under: ParticipantRecord.columns))
                ])
            senders.append(sender)
        }
        let home = senders[0]
        try await home.send(
            file: "P07/hrtf-choice.csv", kind: "hrtf-choice", header: HRTFChoiceSyncTests.header, first: 1,
            items: HRTFChoiceSyncTests.rows.map(HRTFChoiceSyncTests.line))
        var chosen = try ParticipantStudy.firstProfile("P07")
        chosen.version = 2
        chosen.createdAt = HRTFChoiceSyncTests.at.addingTimeInterval(200)
        chosen.source = "choice"
        chosen.hrtf = ChosenHRTF(name: "ari-nh2", sha256: HRTFChoiceSyncTests.ariSHA)
        try await home.send(
            file: "P07/profile.json", kind: "profile", header: nil, first: 1,
            items: ParticipantStudy.profileItems([try ParticipantStudy.firstProfile("P07"), chosen]))
        try await home.sendSession(try HRTFChoiceSyncTests.checkSession())
        try await body(server, home)
    }
}

@Suite struct HRTFChoiceSyncTests {
    static let at = Timestamp.parse("2026-11-28T14:00:00.000Z")!
    static let ariSHA = String(repeating: "a1", count: 32)
    static let defaultSHA = String(repeating: "3d", count: 32)
    static let kemarSHA = String(repeating: "c7", count: 32)
    static let header = CSVWriter.headerLine(HRTFChoiceRow.columns)

    static func row(
        _ comparison: Int, _ set1: String, _ set2: String, order: String, answer: HRTFChoiceRow.Answer,
        preferred: String, hearAgain: Int = 0
    ) -> HRTFChoiceRow {
        let sha = ["ari-nh2": ariSHA, "default-48000": defaultSHA, "mit-kemar-large": kemarSHA]
        return HRTFChoiceRow(
            participant: "P07", choiceID: Timestamp.format(at), comparison: comparison,
            round: answer == .winner ? 2 : (comparison + 1) / 2, set1: set1, set2: set2,
            set1SHA256: sha[set1] ?? "", set2SHA256: sha[set2] ?? "", order: order,
            directions: answer == .winner ? "" : "0 180 90 270 circle", answer: answer, preferred: preferred,
            hearAgain: hearAgain, answerSeconds: answer == .winner ? nil : 2.5 + Double(comparison),
            answeredAt: at.addingTimeInterval(Double(comparison) * 30), responder: "patient")
    }

    /// A choice among three sets: ari-nh2 preferred twice (once heard as B), one "no difference", then the winner.
    static let rows = [
        row(1, "ari-nh2", "default-48000", order: "1-2", answer: .a, preferred: "ari-nh2", hearAgain: 1),
        row(2, "mit-kemar-large", "ari-nh2", order: "1-2", answer: .b, preferred: "ari-nh2"),
        row(3, "default-48000", "mit-kemar-large", order: "2-1", answer: .noDifference, preferred: ""),
        row(4, "ari-nh2", "", order: "", answer: .winner, preferred: "ari-nh2"),
    ]

    static func line(_ row: HRTFChoiceRow) -> String { CSVWriter.line(row.values(under: HRTFChoiceRow.columns)) }

    static let checkID = "20261128T141000Z-0c43"

    /// The check after the choice: the sample session's first 12 trials as protocol hrtf-check, six through the
    /// chosen set (errors as logged) and six through the standard one (errors tripled, two reversals).
    static func checkSession() throws -> (folder: String, state: String, trials: [String]) {
        var (record, trials) = try ProjectionTests.sample()
        record.sessionID = checkID
        record.participant = "P07"
        let lines = trials.prefix(12).enumerated().map { index, row -> String in
            var row = row
            row.sessionID = checkID
            row.participant = "P07"
            row.protocolName = HRTFCheck.protocolName
            let chosen = index < 6
            row.condition = chosen ? HRTFCheck.chosenCondition : HRTFCheck.standardCondition
            row.hrtf = chosen ? "ari-nh2" : "default-48000"
            row.hrtfSHA256 = chosen ? ariSHA : defaultSHA
            row.absDeviationDeg = chosen ? 4 : 30
            row.deviationDeg = row.absDeviationDeg
            row.aimBearingDeg = (row.targetBearingDeg + row.deviationDeg).truncatingRemainder(dividingBy: 360)
            row.frontBackReversal = !chosen && index % 3 == 0
            return CSVWriter.line(row.values(under: TrialRow.columns))
        }
        return ("P07/\(checkID)", String(decoding: try record.encoded(), as: UTF8.self), lines)
    }

    static func batch(first: Int, _ rows: [HRTFChoiceRow], file: String = "P07/hrtf-choice.csv") throws -> String {
        try SyncTests.body(file: file, kind: "hrtf-choice", header: header, first: first, items: rows.map(line))
    }

    @Test func aChoiceIsTakenAsTheGameWritesItOnceAndNeverRewritten() async throws {
        try await withHRTFStudy { server, home in
            let send = { (json: String) in
                try await server.call(.post, "/api/v1/sync/batch", token: home.token, json: json)
            }
            // The same rows again: nothing stored, all unchanged; the projection read back is the rows sent.
            let again = try await send(try Self.batch(first: 1, Self.rows))
            #expect(again.status == 200 && again.json["stored"] as? Int == 0 && again.json["unchanged"] as? Int == 4)
            let held = try await server.database.hrtfChoices.hrtfChoices(site: "A", participant: "P07")
            #expect(held.map(\.row) == Self.rows)
            #expect(held.map(\.item) == [1, 2, 3, 4])

            // Another answer under a held record: 409 naming it, nothing changed.
            var changed = Self.rows[2]
            changed.answer = .a
            changed.preferred = "mit-kemar-large"
            let conflict = try await send(try Self.batch(first: 3, [changed]))
            ProblemTests.expectProblem(conflict, 409, mentions: "item 3 of P07/hrtf-choice.csv")
            #expect(conflict.json["key"] as? String == "P07/hrtf-choice.csv#3")

            // What the game never writes is refused by its own check, naming the record and the column.
            var wrongSide = Self.row(5, "ari-nh2", "default-48000", order: "2-1", answer: .a, preferred: "ari-nh2")
            wrongSide.choiceID = Timestamp.format(Self.at.addingTimeInterval(3600))
            let refused = try await send(try Self.batch(first: 5, [wrongSide]))
            ProblemTests.expectProblem(refused, 400, mentions: "Record 5 of P07/hrtf-choice.csv")
            #expect(refused.detail.contains("its preferred must be \"default-48000\""), "\(refused.detail)")
            var someoneElse = Self.rows[0]
            someoneElse.participant = "P08"
            let foreign = try await send(try Self.batch(first: 5, [someoneElse]))
            ProblemTests.expectProblem(foreign, 400, mentions: "not \"P07\" of its folder")
            let badDigest = Self.line(Self.rows[0]).replacingOccurrences(of: Self.ariSHA, with: "XYZ")
            let digest = try await send(
                try SyncTests.body(
                    file: "P07/hrtf-choice.csv", kind: "hrtf-choice", header: Self.header, first: 5,
                    items: [badDigest]))
            ProblemTests.expectProblem(digest, 400, mentions: "set_1_sha256")
            let misplaced = try await send(try Self.batch(first: 1, Self.rows, file: "P07/x/hrtf-choice.csv"))
            ProblemTests.expectProblem(misplaced, 400, mentions: "not where")
            #expect(try await server.database.hrtfChoices.hrtfChoices(site: "A", participant: "P07").count == 4)

            // One audit row for the one batch that stored rows.
            let audit = try await server.database.auditTrail.auditRows(action: "sync.store", participant: "P07").filter
            {
                $0.after?.contains("P07/hrtf-choice.csv") == true
            }
            #expect(audit.count == 1 && audit[0].after?.contains(#""items": "4""#) == true, "\(audit)")

            // The participant's deletion takes the rows with it.
            let deleted = try await server.database.participantData.deleteParticipant(
                site: "A", participant: "P07", by: (name: "root", role: "admin"))
            #expect(deleted.before.counts["hrtf_choices"] == 4 && deleted.after.counts["hrtf_choices"] == 0)
            #expect(try await server.database.hrtfChoices.hrtfChoices(site: "A", participant: "P07").isEmpty)
        }
    }

    @Test func theParticipantsPageShowsTheSetTheTournamentAndTheCheckToItsSiteOnly() async throws {
        try await withHRTFStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let page = try await sup.send(.get, "/sites/A/participants/P07")
            #expect(page.status == 200)
            let text = DashboardParticipantPageTests.text(page.html)
            #expect(
                text.contains(
                    "P07 trains with the HRTF set ari-nh2 (SHA-256 a1a1a1a1a1a1…), as profile version 2 says."),
                "\(text)")
            #expect(
                text.contains(
                    "Choice of 2026-11-28 14:00:00 UTC: 3 comparisons, winner ari-nh2 · SHA-256 a1a1a1a1a1a1…"))
            // Comparison 2: mit-kemar-large was heard first (A), the answer B preferred ari-nh2; 3 was no difference.
            #expect(text.contains("2 1 mit-kemar-large ari-nh2 B ari-nh2 0 4.5"), "\(text)")
            #expect(text.contains("3 2 mit-kemar-large default-48000 no difference — 0 5.5"), "\(text)")
            #expect(text.contains("1 1 ari-nh2 default-48000 A ari-nh2 1 3.5"))
            // The check: six targets per set, their mean error and reversals (two of the standard set's six).
            #expect(text.contains("session 1 the chosen set ari-nh2 6 4.0 0"), "\(text)")
            #expect(text.contains("session 1 the standard set default-48000 6 30.0 2"), "\(text)")
            #expect(page.html.contains(#"href="/sites/A/sessions/\#(Self.checkID)""#))

            // A researcher reads it; another site's supervisor learns nothing of it, under either site's name.
            let researcher = FormClient(server)
            try await researcher.signIn("res", testPassword)
            let read = try await researcher.send(.get, "/sites/A/participants/P07")
            #expect(read.status == 200 && read.html.contains("winner ari-nh2"))
            let other = FormClient(server)
            try await other.signIn("sup-b", testPassword)
            for path in ["/sites/A/participants/P07", "/sites/B/participants/P07"] {
                let hidden = try await other.send(.get, path)
                #expect(hidden.status == 404 && !hidden.html.contains("ari-nh2"), "\(path)")
            }
            // Someone who never chose trains with OpenAL Soft's default set.
            let admin = FormClient(server)
            try await admin.signIn("root", testPassword)
            let plain = DashboardParticipantPageTests.text(try await admin.send(.get, "/sites/B/participants/P99").html)
            #expect(
                plain.contains("P99 trains with OpenAL Soft's default HRTF set: no profile version has synced yet."))
            #expect(plain.contains("No choice of an HRTF set by ear has synced yet."))
        }
    }

    /// The section's texts come from the page's catalog: every marked text of it and each sentence has German.
    @Test func theSectionIsGermanForAGermanReader() async throws {
        let catalogs = try await TestCatalogs.folder.value
        let german = try MessageCatalog.load(.german, catalogs: catalogs)
        let template = try #require(try TestCatalogs.markedTexts()["participant"])
        let section = template.drop { $0 != "Sound (HRTF set)" }.prefix { $0 != "Timeline" }
        #expect(section.count >= 14)
        for english in section { #expect(german.translate(english) != english, "\(english)") }
        try await withHRTFStudy(catalogs: catalogs) { server, _ in
            let browser = FormClient(server)
            browser.headers[.acceptLanguage] = "de-DE,de;q=0.9"
            try await browser.signIn("sup-a", testPassword)
            let text = DashboardParticipantPageTests.text(
                try await browser.send(.get, "/sites/A/participants/P07").html)
            #expect(text.contains(german.translate("Sound (HRTF set)")))
            for english in ["trains with the HRTF set", "comparisons, winner", "the chosen set", "no difference"] {
                #expect(!text.contains(english), "\(english) left in English: \(text)")
            }
        }
    }
}

/// The "Sound (HRTF set)" section in headless Chromium: accessible, nothing wider than a phone, screenshots to look at.
@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct HRTFChoiceBrowserTests {
    @Test(arguments: [(1280, 800, "en"), (390, 844, "en"), (1280, 800, "de")])
    func theSoundSectionOfAParticipantsPage(width: Int, height: Int, language: String) async throws {
        let catalogs = language == "de" ? try await TestCatalogs.folder.value : nil
        try await withHRTFStudy(live: true, catalogs: catalogs) { server, _ in
            let port = try #require(server.client.port)
            let base = "http://127.0.0.1:\(port)"
            try await WebDriver.with(width: width, height: height, language: language) { browser in
                try await browser.signIn(base, "sup-a")
                try await browser.expectAccessible(base, "/sites/A/participants/P07")
                #expect(try await browser.overflowsViewport() == false, "nothing wider than \(width) px")
                #expect(
                    try await browser.execute("return document.querySelectorAll('table.hrtf-choice tbody tr').length;")
                        as? Int == 3)
                try await browser.screenshot("participant-hrtf-\(language)-\(width)x\(height)", at: "#hrtf-title")
            }
        }
    }
}
