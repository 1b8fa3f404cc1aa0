// `questionnaire take` in a real window: the case history and the Mini-TQ by keyboard, gamepad and mouse, each killed halfway and continued.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowQuestionnaireTests {
        /// Rows of one participant's questionnaires.csv.
        static func rows(_ window: WindowSession, _ participant: String) throws -> [QuestionnaireRow] {
            try QuestionnaireLog(logs: window.logs, participant: ParticipantID(participant)).rows()
        }

        @Test func theCaseHistoryIsTakenByGamepadKeyboardAndMouseKilledHalfwayAndContinuedUnderOneAdministration()
            async throws
        {
            let window = try WindowSession(name: "window-case-history")
            // 1280×720: Next at (430, 552), Skip at (850, 552).
            let first = [
                // The date by gamepad: ← puts the first of this month, ← again the first of the month before.
                "wait questionnaire", "shot onset-empty", "pad attach", "wait gamepad", "button LEFT", "button LEFT",
                "shot onset-stepped", "button A",
                "wait next", "shot side", "pad detach", "key 3", "key Return",  // single choice by number: both ears
                "wait next", "shot loudness", "key Right", "key Return",  // slider: first press 0.55
                // Sound: chosen, not yet stored. A sleep, not a wait: the window stays open until the test kills it.
                "wait next", "key 2", "shot half", "sleep 20000",
            ]
            let killed = try await window.run(
                ["questionnaire", "take", "--participant", "CH1", "--instrument", "case-history"], script: first,
                killAtShot: "half")
            #expect(killed.status != 0, "killed: \(killed.stderr)")
            #expect(try Self.rows(window, "CH1").map(\.item) == ["onset", "side", "loudness"])
            let second = [
                "wait questionnaire", "shot continued", "key 2", "key Return",  // sound again: a hiss
                "wait next", "key Return", "key Return",  // pitch: Enter on the first option, Enter on Next
                "wait next", "key 1", "key Return",  // pulsating: yes
                "wait next", "key Down", "key Down", "key Down", "shot skip-focused", "key Return",  // time course
                "wait next", "key 2", "key Return",  // hearing aid: no
                "wait next", "key 1", "key Return",  // noise exposure: yes, which shows the next item
                "wait next", "shot noise-kind", "text -concerts", "key Return",
                "wait next", "click 430 552", "shot therapies-hint",  // Next with nothing ticked says so
                "key 2", "key 3", "key 2", "shot therapies", "click 430 552",  // ticks 2 and 3, unticks 2; Next
            ]
            let output = try await window.run(
                ["questionnaire", "take", "--participant", "CH1", "--instrument", "case-history"], script: second)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenText("continued").contains("Question 4 of"))
            let rows = try Self.rows(window, "CH1")
            #expect(Set(rows.map(\.administration)) == ["A1"], "continued, not begun again")
            let answers = rows.filter { $0.record == .answer }
            #expect(
                answers.map(\.item) == [
                    "onset", "side", "loudness", "sound", "pitch", "pulsating", "time_course", "hearing_aid",
                    "noise_exposure", "noise_exposure_kind", "earlier_therapies",
                ])
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let thisMonth = calendar.date(from: calendar.dateComponents([.year, .month], from: Date()))!
            let lastMonth = calendar.dateComponents(
                [.year, .month], from: calendar.date(byAdding: .month, value: -1, to: thisMonth)!)
            let onset = String(format: "%04d-%02d-01", lastMonth.year!, lastMonth.month!)
            #expect(
                answers.map(\.value) == [
                    onset, "3.000", "0.550", "2.000", "1.000", "1.000", nil, "0.000", "1.000",
                    "-concerts", "3.000",
                ])
            #expect(rows.last?.record == .finished && rows.last?.value == nil, "case-history is not scored")
            #expect(rows.allSatisfy { $0.moment == .onRequest && $0.instrumentVersion == 1 })
        }

        @Test func theMiniTQWithAClinicsWordingIsTakenByKeyboardKilledHalfwayContinuedByGamepadAndScored() async throws
        {
            let window = try WindowSession(name: "window-mini-tq")
            let dataHome = window.logs.appendingPathComponent("data-home")
            let wording = window.logs.appendingPathComponent("mini-tq-en-clinic.json")
            try Self.clinicWording().write(to: wording)
            let environment = ["XDG_DATA_HOME": dataHome.path]
            let added = try SoundSafariBinary.run(["questionnaire", "add", wording.path], environment: environment)
            #expect(added.status == 0, "stderr: \(added.stderr)")
            // Options top to bottom: true (2), partly true (1), not true (0). A: choose the focused one and go to
            // Next; A again stores it. Down moves the focus one option.
            // The first half by keyboard (number keys 1–3 choose true, partly true, not true; Enter on Next) …
            var first = ["wait questionnaire", "shot mtq01"]
            for index in 0..<6 {  // answers 2, 1, 0, 2, 1, 0
                first += ["key \(index % 3 + 1)", "key Return", "wait next"]
            }
            first += ["shot half", "sleep 20000"]  // a sleep: the window stays open until the test kills it
            let killed = try await window.run(
                ["questionnaire", "take", "--participant", "MT1", "--instrument", "mini-tq"], script: first,
                environment: environment, killAtShot: "half")
            #expect(killed.status != 0)
            #expect(try Self.rows(window, "MT1").count == 6)
            // … the rest by gamepad: A chooses the focused option and goes to Next, A again stores it.
            var second = ["wait questionnaire", "pad attach", "wait gamepad", "shot continued"]
            for index in 0..<6 {  // answers 2, 1, 0, 2, 1, 0 again: Down moves the focus one option
                second += Array(repeating: "button DOWN", count: index % 3) + ["button A", "button A", "wait next"]
            }
            let output = try await window.run(
                ["questionnaire", "take", "--participant", "MT1", "--instrument", "mini-tq"], script: second,
                environment: environment)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenText("continued").contains("Question 7 of 12"))
            let rows = try Self.rows(window, "MT1")
            #expect(Set(rows.map(\.administration)) == ["A1"])
            #expect(
                rows.filter { $0.record == .answer }.compactMap(\.value)
                    == Array(repeating: ["2.000", "1.000", "0.000"], count: 4).flatMap { $0 })
            // (2 + 1 + 0) × 4 = 12: moderate (8–12).
            let finished = try #require(rows.last)
            #expect(finished.record == .finished && finished.value == "12.000" && finished.band == "moderate (8-12)")
            #expect(finished.language == "en" && finished.missingItems == 0 && finished.prorated == false)
        }

        /// A clinic's file for the Mini-TQ: the shipped ids and scoring with made-up test wording (the licensed
        /// wording is not in the repository).
        static func clinicWording() throws -> Data {
            let shipped = SoundSafariBinary.packageRoot.appendingPathComponent("Questionnaires/mini-tq.json")
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: Any])
            let labels = [2: "true", 1: "partly true", 0: "not true"]
            object["items"] = (object["items"] as? [[String: Any]] ?? []).map { item in
                var item = item
                item["text"] = "Test statement \(item["id"] ?? "")"
                item["options"] = (item["options"] as? [[String: Any]] ?? []).map { option in
                    var option = option
                    option["label"] = labels[(option["value"] as? Int) ?? -1] ?? "?"
                    return option
                }
                return item
            }
            return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        }
    }
}
