// `soundsafari status` on logs the real commands wrote: a protocol participant, a trainee, a plan assigned today.
import Foundation
import Testing

@Suite struct StatusCommandTests {
    @Test func statusListsEveryParticipantAsTextCSVAndJSON() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("status")
        defer { try? FileManager.default.removeItem(at: logs) }
        let examples = SoundSafariBinary.packageRoot.appendingPathComponent("Examples")
        let study = try SoundSafariBinary.run([
            "simulate", "--protocol", examples.appendingPathComponent("thesis-study.json").path, "--participant",
            "P01", "--bot", "ideal", "--seed", "3", "--logs", logs.path,
        ])
        #expect(study.status == 0, "\(study.stderr)")
        let training = try SoundSafariBinary.run([
            "simulate", "--plan", try SoundSafariBinary.example("training-plan.json", minutes: 1, in: logs).path,
            "--sessions", "1",
            "--participant", "T01", "--bot", "ideal", "--seed", "3", "--logs", logs.path,
        ])
        #expect(training.status == 0, "\(training.stderr)")
        let assign = try SoundSafariBinary.run([
            "plan", "assign", "--participant", "T02", examples.appendingPathComponent("training-plan.json").path,
            "--logs", logs.path,
        ])
        #expect(assign.status == 0, "\(assign.stderr)")

        let text = try SoundSafariBinary.run(["status", "--logs", logs.path])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("participant  protocol or plan") == true)
        let p01 = try #require(lines.first { $0.hasPrefix("P01 ") })
        #expect(p01.contains("protocol thesis-study"))
        #expect(p01.hasSuffix("default"), "no choice, no set fixed by the protocol: \(p01)")
        let t01 = try #require(lines.first { $0.hasPrefix("T01 ") })
        #expect(t01.contains("plan localization-training-10x12 v1"))
        let t02 = try #require(lines.first { $0.hasPrefix("T02 ") })
        #expect(t02.contains("session 1 today"), "a plan assigned today: nothing missed, the first session due")
        #expect(t02.contains("never"))

        let csv = try SoundSafariBinary.run(["status", "--logs", logs.path, "--format", "csv"])
        let csvLines = csv.stdout.split(separator: "\n").map(String.init)
        #expect(
            csvLines.first
                == "participant,protocol_or_plan,done,interrupted,missed,due_next,last_seen,week_dose_percent,last_rating,hrtf"
        )
        #expect(csvLines.contains { $0.hasPrefix("P01,protocol thesis-study,1,0,,,") })
        #expect(csvLines.contains { $0.hasPrefix("T02,plan localization-training-10x12 v1,0,0,0,session 1 today,,") })

        let json = try SoundSafariBinary.run(["status", "--logs", logs.path, "--format", "json"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["participant"] as? String } == ["P01", "T01", "T02"])

        let missing = try SoundSafariBinary.run(["status", "--logs", logs.path + "/nothing"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("There is no logs folder \(logs.path)/nothing"))
    }
}
