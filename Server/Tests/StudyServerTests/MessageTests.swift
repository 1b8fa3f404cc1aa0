// Messages between a participant and their study team: a machine's messages.csv read and answered by the supervisors
// of its site only (API and dashboard), every read audited, markup shown as text, the answers fetched by the machines.
import Foundation
import Hummingbird
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

/// Sites A and B, their supervisors, a researcher and an admin; P07 of A has sent one message, P99 of B none.
func withMessageStudy(
    live: Bool = false, _ body: @Sendable (Harness, ProjectionTests.Sender, ProjectionTests.Sender) async throws -> Void
) async throws {
    try await withServer(live: live) { server in
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
                        ParticipantRecord(participant: try ParticipantID(participant), registeredAt: MessageTests.at)
                            .values(under: ParticipantRecord.columns))
                ])
            senders.append(sender)
        }
        try await senders[0].send(
            file: "P07/messages.csv", kind: "messages", header: CSVWriter.headerLine(MessageRow.columns), first: 1,
            items: [MessageTests.line(MessageTests.markup)])
        try await body(server, senders[0], senders[1])
    }
}

@Suite struct MessageTests {
    static let at = Timestamp.parse("2026-11-28T14:03:00.000Z")!
    /// What a patient may well type: markup, an ampersand, quotes, a line break.
    static let markup = "<script>alert(1)</script> <b>bold?</b> & \"quoted\"\nSecond line."

    static func line(_ text: String, id: String = "M1") -> String {
        CSVWriter.line(
            MessageRow(participant: "P07", messageID: id, sender: .patient, text: text, writtenAt: at, recordedAt: at)
                .values(under: MessageRow.columns))
    }

    static func answerJSON(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self)
    }

    @Test func aMessageIsReadAndAnsweredOnlyBySupervisorsOfItsSiteAndTheAnswerGoesToItsMachines() async throws {
        try await withMessageStudy { server, home, clinicB in
            let supA = try await server.login("sup-a", testPassword)
            let supB = try await server.login("sup-b", testPassword)
            let researcher = try await server.login("res", testPassword)
            let path = "/api/v1/sites/A/participants/P07/messages"

            let list = try await server.call(.get, path, token: supA)
            #expect(list.status == 200, "\(list.text)")
            let messages = try #require(list.json["messages"] as? [[String: Any]])
            #expect(messages.count == 1 && messages[0]["sender"] as? String == "patient")
            #expect(messages[0]["text"] as? String == Self.markup, "kept as written")
            #expect(messages[0]["message_id"] as? String == "M1")

            // Another site's supervisor sees nothing of it, whichever way asked; a researcher may not read it.
            for (token, asked) in [(supB, path), (supB, "/api/v1/sites/B/participants/P07/messages")] {
                let refused = try await server.call(.get, asked, token: token)
                #expect(refused.status == 404 && refused.contentType.hasPrefix("application/problem+json"))
                #expect(!refused.text.contains("script"))
                #expect(try await server.call(.post, asked, token: token, json: Self.answerJSON("hi")).status == 404)
            }
            #expect(try await server.call(.get, path, token: researcher).status == 403)

            // An answer of 2,001 characters is refused naming the field; 2,000 are one.
            let long = try await server.call(
                .post, path, token: supA, json: Self.answerJSON(String(repeating: "ä", count: 2001)))
            #expect(long.status == 400 && long.contentType.hasPrefix("application/problem+json"), "\(long.text)")
            #expect(long.json["field"] as? String == "text" && long.detail.contains("\"text\" has 2001 characters"))
            #expect(try await server.call(.post, path, token: supA, json: #"{"text":"hi","to":"x"}"#).status == 400)
            let answered = try await server.call(
                .post, path, token: supA, json: Self.answerJSON("Yes, that is normal. <i>Keep going</i>."))
            #expect(answered.status == 201, "\(answered.text)")
            let id = try #require(answered.json["id"] as? Int)

            // The machines of A receive it, with the role and never a name; B's receive nothing.
            let fetched = try await server.call(.get, "/api/v1/sync/messages?after=0", token: home.token)
            let answers = try #require(fetched.json["answers"] as? [[String: Any]])
            #expect(
                answers.count == 1 && answers[0]["id"] as? Int == id && answers[0]["participant"] as? String == "P07")
            #expect(answers[0]["role"] as? String == "supervisor" && !fetched.text.contains("sup-a"))
            #expect(
                try await server.call(.get, "/api/v1/sync/messages?after=\(id)", token: home.token).text
                    .contains(#""answers":[]"#))
            let other = try await server.call(.get, "/api/v1/sync/messages?after=0", token: clinicB.token)
            #expect(other.status == 200 && (other.json["answers"] as? [Any])?.isEmpty == true)
            #expect(try await server.call(.get, "/api/v1/sync/messages?after=-1", token: home.token).status == 400)
            #expect(try await server.call(.get, "/api/v1/sync/messages", token: supA).status == 403)

            // The answer back up in the machine's messages.csv marks it delivered.
            let back = CSVWriter.line(
                MessageRow(
                    participant: "P07", messageID: MessageRow.answerID(id), sender: .team, role: "supervisor",
                    text: "Yes, that is normal. <i>Keep going</i>.", writtenAt: Self.at, recordedAt: Self.at
                ).values(under: MessageRow.columns))
            try await home.send(
                file: "P07/messages.csv", kind: "messages", header: CSVWriter.headerLine(MessageRow.columns),
                first: 2, items: [back])
            let held = try await server.database.messages.messages(site: "A", participant: "P07")
            #expect(held.map(\.sender) == ["patient", "team"] && held[1].deliveredAt != nil && held[0].readAt != nil)

            let audit = try await server.database.auditTrail.auditRows(actor: "sup-a")
            #expect(audit.contains { $0.action == "messages.view" && $0.participant == "P07" && $0.site == "A" })
            let answer = try #require(audit.first { $0.action == "message.answer" })
            #expect(
                answer.participant == "P07" && answer.after?.contains("Keep going") == false, "no text in the trail")
            #expect(
                try await server.database.auditTrail.auditRows(actor: "sup-b").allSatisfy {
                    !$0.action.hasPrefix("message")
                })

            // A message over 2,000 characters from a machine refuses the batch, naming the record and the column.
            let bad = try await server.call(
                .post, "/api/v1/sync/batch", token: home.token,
                json: try SyncTests.body(
                    file: "P07/messages.csv", kind: "messages", header: CSVWriter.headerLine(MessageRow.columns),
                    first: 3, items: [Self.line(String(repeating: "x", count: 2001), id: "M2")]))
            #expect(bad.status == 400 && bad.detail.contains("P07/messages.csv") && bad.detail.contains("'text'"))
        }
    }

    @Test func theParticipantPageShowsTheConversationAsTextAndAnswersThroughItsForm() async throws {
        try await withMessageStudy { server, _, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let overview = try await sup.send(.get, "/")
            #expect(overview.html.contains("wrote 1 message to the study team that nobody has read yet."))

            let page = try await sup.send(.get, "/sites/A/participants/P07")
            #expect(page.status == 200)
            #expect(!page.html.contains("<script>alert") && !page.html.contains("<b>bold"), "markup is inert")
            #expect(
                page.html.contains(
                    "&lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;bold?&lt;/b&gt; &amp; &quot;quoted&quot;"))
            #expect(page.html.contains(#"<strong class="new">new</strong>"#))
            let again = try await sup.send(.get, "/sites/A/participants/P07")
            #expect(!again.html.contains(#"class="new""#), "read once it was shown")
            #expect(try await sup.send(.get, "/").html.contains("nobody has read yet") == false)

            let csrf = try #require(again.csrf)
            let long = try await sup.send(
                .post, "/sites/A/participants/P07/messages",
                form: [("csrf", csrf), ("text", String(repeating: "a", count: 2001))])
            #expect(long.status == 400 && long.html.contains("The answer has 2001 characters, more than 2000"))
            #expect(long.html.contains(String(repeating: "a", count: 2001) + "</textarea>"), "the draft stays")
            let forged = try await sup.send(.post, "/sites/A/participants/P07/messages", form: [("text", "x")])
            #expect(forged.status == 403)
            let sent = try await sup.send(
                .post, "/sites/A/participants/P07/messages",
                form: [("csrf", csrf), ("text", "Thank you &amp; see you <u>soon</u>\r\nDr team")])
            #expect(sent.status == 200 && sent.html.contains("it reaches P07&#39;s machines at their next sync"))
            #expect(sent.html.contains("Thank you &amp;amp; see you &lt;u&gt;soon&lt;/u&gt;\nDr team"))
            #expect(
                try await server.database.messages.messages(site: "A", participant: "P07").last?.text
                    == "Thank you &amp; see you <u>soon</u>\nDr team")

            // Another site's supervisor: the page and the form are the same 404; a researcher sees no messages.
            let other = FormClient(server)
            try await other.signIn("sup-b", testPassword)
            #expect(try await other.send(.get, "/sites/A/participants/P07").status == 404)
            let otherCSRF = try #require(try await other.send(.get, "/").csrf)
            #expect(
                try await other.send(
                    .post, "/sites/A/participants/P07/messages", form: [("csrf", otherCSRF), ("text", "x")]
                ).status == 404)
            let researcher = FormClient(server)
            try await researcher.signIn("res", testPassword)
            let read = try await researcher.send(.get, "/sites/A/participants/P07")
            #expect(read.status == 200 && !read.html.contains("messages-title") && !read.html.contains("alert(1)"))
            #expect(try await server.database.messages.messages(site: "A", participant: "P07").count == 2)
        }
    }

    /// Game → sync → dashboard → answer → sync → game, through the game's own `soundsafari sync` over HTTP.
    @Test func aMessageWrittenInTheGameIsAnsweredOnTheServerAndTheAnswerReachesTheGameAtTheNextSync() async throws {
        _ = try SyncEndToEndTests.game()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-messages-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try SyncEndToEndTests.machine("home", in: folder)
        // messages.csv as the game's Messages screen writes it (StudyKit's MessageLog, through this codec).
        let file = home.logs.appendingPathComponent("P07/messages.csv")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let written = MessageRow(
            participant: "P07", messageID: "M1", sender: .patient, text: "Does the frog sound quieter on the left?",
            writtenAt: Self.at, recordedAt: Self.at)
        try CSVLogFile<MessageRow>(records: [written]).encoded().write(to: file)

        try await withMessageStudy(live: true) { server, _, _ in
            let address = "http://127.0.0.1:\(try #require(server.client.port))"
            let (code, _) = try await server.database.devices.enrolmentCode(site: "A", by: ("test", "admin"))
            let enrolled = try await home.soundsafari(["sync", "--server", address, "--enrol", code])
            #expect(enrolled.status == 0, "\(enrolled.output)")
            let up = try await home.soundsafari(["sync", "--logs", home.logs.path])
            #expect(up.status == 0 && !up.output.contains("received"), "\(up.output)")
            let held = try await server.database.messages.messages(site: "A", participant: "P07")
            #expect(held.map(\.text).contains(written.text), "the game's message is on the dashboard")

            let supA = try await server.login("sup-a", testPassword)
            let answered = try await server.call(
                .post, "/api/v1/sites/A/participants/P07/messages", token: supA,
                json: try Self.answerJSON("No, that is the sound set. Try the other one."))
            #expect(answered.status == 201, "\(answered.text)")

            let down = try await home.soundsafari(["sync", "--logs", home.logs.path])
            #expect(down.status == 0 && down.output.contains("received 1 answers (P07)"), "\(down.output)")
            let rows = try CSVLogFile<MessageRow>.decode(Data(contentsOf: file), file: file.path).records
            #expect(rows.map(\.messageID) == ["M1", "T\(try #require(answered.json["id"] as? Int))"])
            #expect(rows.last?.sender == .team && rows.last?.role == "supervisor")
            #expect(rows.last?.text == "No, that is the sound set. Try the other one.")

            // The next sync sends the answer back up (delivered) and writes nothing twice.
            let again = try await home.soundsafari(["sync", "--logs", home.logs.path])
            #expect(again.status == 0 && !again.output.contains("received"), "\(again.output)")
            #expect(try CSVLogFile<MessageRow>.decode(Data(contentsOf: file), file: file.path).records.count == 2)
            #expect(try await server.database.messages.messages(site: "A", participant: "P07").last?.deliveredAt != nil)
        }
    }
}
