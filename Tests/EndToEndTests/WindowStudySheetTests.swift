// A protocol's own participant sheet in the study window: consent given starts the study, consent declined refuses it.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowStudySheetTests {
        static let consentStudy = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/consent-study.json")

        static func sheetRows(_ window: WindowSession, _ participant: String) throws -> [QuestionnaireRow] {
            try QuestionnaireLog(logs: window.logs, participant: ParticipantID(participant)).rows()
        }

        @Test func theSheetIsTheProtocolsInstrumentAndConsentLetsTheStudyStartOnce() async throws {
            let window = try WindowSession(name: "window-study-consent")
            var script = [
                "wait questionnaire", "shot sheet-consent", "key 1", "key Return",  // consent: yes
                "wait next", "shot sheet-handedness", "key 2", "key Return",  // left
                "wait next", "key 2", "key Return",  // group: control
                "wait headphone-check", "key Left", "key Right",
            ]
            // The whole study: two one-target rounds, the break, two two-target rounds.
            for _ in 0..<2 { script += ["wait running", "key Space", "wait round-result", "key Return"] }
            script += ["wait break", "key Return"]
            for _ in 0..<2 {
                script += [
                    "wait running", "key Space", "wait intermediate", "key Return", "wait running", "key Space",
                    "wait round-result", "key Return",
                ]
            }
            script += ["wait summary", "shot summary", "key Return"]
            let output = try await window.run(
                ["study", "--protocol", Self.consentStudy.path, "--participant", "C01", "--input", "keyboard"],
                script: script, timeout: 200, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenText("sheet-consent").contains("agree to take part"))
            let rows = try Self.sheetRows(window, "C01")
            #expect(rows.filter { $0.record == .answer }.map(\.item) == ["consent", "handedness", "group"])
            #expect(rows.allSatisfy { $0.moment == .sheet && $0.instrument == "lab-sheet" })
            #expect(rows.first?.value == "1.000")
            let session = try #require(try window.sessionFolders(participant: "C01").first)
            #expect(try window.trialLines(in: session).count == 6)
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
            // Consented once: the next session goes straight to the headphone check.
            let again = try await window.run(
                ["study", "--protocol", Self.consentStudy.path, "--participant", "C01", "--input", "keyboard"],
                script: ["wait headphone-check", "shot again", "key Escape", "key Return"], timeout: 60)
            #expect(again.status == 0, "stderr: \(again.stderr)")
            #expect(try Self.sheetRows(window, "C01").count == rows.count, "not asked again")
        }

        @Test func declinedConsentRefusesTheStudyAndRegistersNobody() async throws {
            let window = try WindowSession(name: "window-study-no-consent")
            let script = [
                "wait questionnaire", "key 2", "key Return",  // consent: no
                "wait next", "key 1", "key Return", "wait next", "key 1", "key Return",
                "wait error", "shot refused", "key Return",
            ]
            let output = try await window.run(
                ["study", "--protocol", Self.consentStudy.path, "--participant", "C02", "--input", "keyboard"],
                script: script, timeout: 60, windowSize: "1280x720")
            #expect(output.status == 1, "stderr: \(output.stderr)")
            #expect(output.stderr.contains("C02 declined consent on the participant sheet (lab-sheet, item 'consent'"))
            #expect(try window.screenText("refused").contains("declined consent"))
            #expect(try window.sessionFolders(participant: "C02").isEmpty)
            let participants = window.logs.appendingPathComponent("participants.csv")
            let registered = (try? String(contentsOf: participants, encoding: .utf8)) ?? ""
            #expect(!registered.contains("C02"), "nobody registered without consent")
            // simulate refuses the protocol too, in one sentence.
            let simulated = try SoundSafariBinary.run([
                "simulate", "--protocol", Self.consentStudy.path, "--participant", "C02", "--logs", window.logs.path,
            ])
            #expect(simulated.status != 0 && simulated.stderr.contains("declined consent"), "\(simulated.stderr)")
        }
    }
}
