// Issue 38, item 12: read aloud speaks the headphone check's and the practice's instructions, before their sounds.
import Foundation
import SpatialAudio
import Testing

extension WindowTests {
    @Suite struct WindowPatientReadAloudTests {
        static let check =
            "Headphone check. A sound plays in one ear at a time. Press the left arrow when you hear it on the left, "
            + "the right arrow when you hear it on the right, B when you hear it in both ears, N when you hear nothing."
        static let practice =
            "Practice, not scored. The frog calls from where you see it. Turn until it is in the middle and sounds "
            + "equally loud in both ears. Then press Space to start."

        /// The check and the practice had no sentence (their sounds play from the start, and read aloud never speaks
        /// over a sound): exactly where a poor reader needs it, nothing was said. With read aloud on, each screen's
        /// sound now waits until its instruction was spoken; the sentences are in espeak-ng's cache, so they were
        /// spoken. The check's sound starts after it (the check is answered and passes).
        @Test func readAloudSpeaksTheHeadphoneCheckAndThePracticeBeforeTheirSounds() async throws {
            let window = try WindowSession(name: "window-read-aloud-check")
            let plan = try WindowTrainingDefectTests.plan(in: window.logs, rounds: 1)
            let cache = window.logs.appendingPathComponent("cache")
            try FileManager.default.createDirectory(
                at: window.logs.appendingPathComponent("RC01"), withIntermediateDirectories: true)
            try #"{"large_text": false, "high_contrast": false, "read_aloud": true}"#.write(
                to: window.logs.appendingPathComponent("RC01/display.json"), atomically: true, encoding: .utf8)
            let script = [
                "wait headphone-check", "shot check", "sleep 2000", "key Left", "key Right", "wait practice",
                "shot practice", "sleep 2000", "key Return", "wait running", "key Space", "wait round-result",
                "key Return", "wait summary", "key Return",
            ]
            let output = try await window.run(
                ["train", "--participant", "RC01", "--plan", plan.path, "--input", "keyboard", "--seed", "5"],
                script: script, timeout: 120, windowSize: "1280x720", environment: ["XDG_CACHE_HOME": cache.path])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let speech = SpeechSynthesizer(
                program: URL(fileURLWithPath: "/nonexistent"), cache: cache.appendingPathComponent("soundsafari/speech")
            )
            // A sentence not in the cache would need the program (which does not exist here): it throws.
            #expect(throws: Never.self, "the check's instruction was spoken") { try speech.wav(for: Self.check) }
            #expect(throws: Never.self, "the practice's instruction was spoken") { try speech.wav(for: Self.practice) }
        }
    }
}

extension WindowTests.WindowPatientReadAloudTests {
    /// Item 12's rest: the round's instruction and the help when stuck were never spoken (the animal calls from the
    /// round's first frame, and read aloud never speaks over a call). With read aloud on, the round now starts once
    /// its instruction is spoken, and the help is spoken with the calls paused (its search time stopped); both
    /// sentences are in espeak-ng's cache, and the round's photo is logged after the help.
    @Test func readAloudSpeaksTheRoundsInstructionAndTheHelpWhenStuck() async throws {
        let window = try WindowSession(name: "window-read-aloud-round")
        let plan = try WindowTests.WindowTrainingDefectTests.plan(in: window.logs, rounds: 1)
        var text = try String(contentsOf: plan, encoding: .utf8)
        text = text.replacingOccurrences(of: #""replay": true }"#, with: #""replay": true, "help_after_s": 5 }"#)
        try text.write(to: plan, atomically: true, encoding: .utf8)
        let cache = window.logs.appendingPathComponent("cache")
        try FileManager.default.createDirectory(
            at: window.logs.appendingPathComponent("RR01"), withIntermediateDirectories: true)
        try #"{"large_text": false, "high_contrast": false, "read_aloud": true}"#.write(
            to: window.logs.appendingPathComponent("RR01/display.json"), atomically: true, encoding: .utf8)
        let script = [
            "wait headphone-check", "sleep 2000", "key Left", "key Right", "wait practice", "sleep 2000",
            "key Return", "wait running", "shot instruction", "see Stuck?", "shot help", "sleep 4000", "key Space",
            "wait round-result", "key Return", "wait summary", "key Return",
        ]
        let output = try await window.run(
            ["train", "--participant", "RR01", "--plan", plan.path, "--input", "keyboard", "--seed", "5"],
            script: script, timeout: 120, windowSize: "1280x720", environment: ["XDG_CACHE_HOME": cache.path])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let instruction = "Listen for the frog, turn until it is straight ahead, and take its photo."
        #expect(try window.screenText("instruction").contains(instruction))
        let help = try #require(
            try window.screenText("help").split(separator: "\n").first { $0.hasPrefix("Stuck?") }.map(String.init))
        let speech = SpeechSynthesizer(
            program: URL(fileURLWithPath: "/nonexistent"), cache: cache.appendingPathComponent("soundsafari/speech"))
        #expect(throws: Never.self, "the round's instruction was spoken") { try speech.wav(for: instruction) }
        #expect(throws: Never.self, "the help was spoken: \(help)") { try speech.wav(for: help) }
        let session = try #require(try window.sessionFolders(participant: "RR01").first)
        let rows = try String(contentsOf: session.appendingPathComponent("trials.csv"), encoding: .utf8)
            .split(separator: "\n")
        #expect(rows.count == 2, "the round's one photo: \(rows)")
    }

    /// Item 13: the headphone check's left and right sounds came through the HRTF at ±90°, the far ear only about
    /// 10 dB quieter, so a patient with one weaker ear answered "both". Now the other ear hears nothing. Measured on
    /// what the device got (SDL's disk audio driver): the check's first side, then the second.
    @Test func theHeadphoneChecksSoundIsInOneEarOnly() async throws {
        let window = try WindowSession(name: "window-check-one-ear")
        let output = window.logs.appendingPathComponent("output.f32")
        let run = try await window.run(
            ["play", "--participant", "HE01", "--input", "keyboard"],
            script: [
                "wait menu", "key Return", "wait headphone-check", "sleep 1500", "key Escape", "key Return",
                "wait summary", "key Return",
            ],
            timeout: 60, windowSize: "1280x720",
            environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": output.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let samples = try WindowTests.WindowReadAloudTests.samples(output)
        var energy = [0.0, 0.0]
        for (index, sample) in samples.enumerated() { energy[index % 2] += Double(sample) * Double(sample) }
        let (loud, quiet) = (energy.max() ?? 0, energy.min() ?? 0)
        print(String(format: "headphone check: channels %.3g and %.3g (sum of squares)", energy[0], energy[1]))
        #expect(loud > 1, "the check's sound was played")
        #expect(quiet == 0, "the other ear heard nothing (it was \(10 * log10(max(quiet, 1e-30) / loud)) dB down)")
    }
}
