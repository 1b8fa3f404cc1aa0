// "My messages" in a real window, in English and German: the conversation with the team's answer, a message typed
// (every printable key is text) and sent into messages.csv, fitting 1280 × 720.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowMessagesTests {
        @Test func aPatientReadsTheTeamsAnswerAndSendsAMessageInEnglishAndGerman() async throws {
            let window = try WindowSession(name: "window-messages")
            let catalogs = try LocalizedCommandTests.compiledCatalogs()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            let log = MessageLog(logs: window.logs, participant: try ParticipantID("MS01"))
            let asked = Date(timeIntervalSinceNow: -86_400)
            try log.send("Is it normal that the frog sounds quieter on my left side?", at: asked)
            try log.receive([
                MessageRow(
                    participant: "MS01", messageID: MessageRow.answerID(4), sender: .team, role: "supervisor",
                    text: "Yes, with your hearing loss on the left that is expected. Keep training, it often improves.",
                    writtenAt: asked.addingTimeInterval(3600), recordedAt: Date())
            ])
            // Start has the focus; "My messages" is seven rows below it (the menu scrolls); typed (p, r and m are
            // text here), Enter goes to Send, Enter sends.
            func script(_ text: String, _ shot: String) -> [String] {
                ["wait menu"] + Array(repeating: "key Down", count: 7) + [
                    "key Return", "wait messages", "shot \(shot)-conversation", "text \(text)", "key Return",
                    "key Return",
                    "wait next", "shot \(shot)-sent", "key Escape", "wait menu", "key Escape",
                ]
            }
            let english = try await window.run(
                ["play", "--participant", "MS01", "--input", "keyboard"],
                script: script("Thanks, I will practise more.", "en"), windowSize: "1280x720")
            #expect(english.status == 0, "stderr: \(english.stderr)")
            let german = try await window.run(
                ["play", "--participant", "MS01", "--input", "keyboard", "--language", "de"],
                script: script("Danke, prima!", "de"), windowSize: "1280x720",
                environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path])
            #expect(german.status == 0, "stderr: \(german.stderr)")

            let before = try window.screenText("en-conversation")
            for said in ["Messages to my study team", "Study team (supervisor)", "Keep training, it often improves."] {
                #expect(before.contains(said), "“\(said)” in \(before)")
            }
            let sent = try window.screenText("en-sent")
            #expect(sent.contains("Sent. Your study team reads it") && sent.contains("Thanks, I will practise more."))
            let deutsch = try window.screenText("de-conversation")
            #expect(
                deutsch.contains("Nachrichten an mein Studienteam") && deutsch.contains("Studienteam (Studienleitung)"))
            #expect(!deutsch.contains("Messages to my") && !deutsch.contains("Study team"), "\(deutsch)")
            #expect(try window.screenText("de-sent").contains("Gesendet. Ihr Studienteam liest sie"))
            let rows = try log.rows()
            // Each message carries its machine's tag (the window's config folder is a machine of its own).
            let ids = rows.map(\.messageID)
            #expect(ids[0].hasPrefix("M1-") && ids[1] == "T4", "\(ids)")
            #expect(ids[2].hasPrefix("M2-") && ids[3].hasPrefix("M3-"), "\(ids)")
            #expect(ids[2].dropFirst(2) == ids[3].dropFirst(2), "one machine, one tag")
            #expect(rows[2].text == "Thanks, I will practise more." && rows[3].text == "Danke, prima!")
            let problems = try PseudoScreens.problems(in: window.screenshots, marked: false)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
