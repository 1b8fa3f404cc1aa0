// progress.png marks the diary: a therapy as a band behind the sessions, an event as a line; none without a diary.
import Foundation
import Testing

@Suite struct ProgressDiaryTests {
    @Test func theProgressChartMarksTherapiesAndEventsFromTheDiary() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("progress-diary")
        defer { try? FileManager.default.removeItem(at: logs) }
        let plan = logs.appendingPathComponent("plan.json")
        try """
        {"name": "p", "sessions_per_week": 3, "minutes_per_session": 5, "repeat_rounds": false, "total_sessions": 4,
         "session": {"name": "short", "conditions": [{"level": "one-target", "targets": ["frog"], "repetitions": 2}]},
         "adaptive": {"parameter": "hit_tolerance_deg", "start": 45}}
        """.write(to: plan, atomically: true, encoding: .utf8)
        for (participant, withDiary) in [("PD1", true), ("PD2", false)] {
            if withDiary {
                for entry in [
                    [
                        "--kind", "therapy", "--name", "Noiser", "--date", "2020-01-01", "--type",
                        "tinnitus-masker-or-noiser",
                    ],
                    ["--kind", "event", "--name", "ENT", "--date", "2020-01-01", "--type", "appointment"],
                ] {
                    let added = try SoundSafariBinary.run(
                        ["diary", "add", "--participant", participant, "--logs", logs.path] + entry)
                    #expect(added.status == 0, "\(added.stderr)")
                }
            }
            let output = try SoundSafariBinary.run([
                "simulate", "--plan", plan.path, "--sessions", "2", "--participant", participant, "--logs", logs.path,
            ])
            #expect(output.status == 0, "\(output.stderr)")
        }
        // The first panel's plot area (ProgressChart: x 24 + 74 … 24 + 296 − 16, y 70 + 44 … 70 + 430 − 40).
        let plotX = 106..<300
        let plotY = 120..<455
        let therapy = (r: 52, g: 60, b: 96)
        let event = (r: 120, g: 190, b: 255)
        let marked = try PNGPixels(contentsOf: logs.appendingPathComponent("PD1/progress.png"))
        let plain = try PNGPixels(contentsOf: logs.appendingPathComponent("PD2/progress.png"))
        #expect(marked.count(therapy, x: plotX, y: plotY, tolerance: 4) > 20_000, "the ongoing therapy's band")
        #expect(marked.count(event, x: plotX, y: plotY, tolerance: 4) > 300, "the event's line at the left end")
        #expect(plain.count(therapy, x: plotX, y: plotY, tolerance: 4) == 0)
        #expect(plain.count(event, x: plotX, y: plotY, tolerance: 4) == 0)
    }
}
