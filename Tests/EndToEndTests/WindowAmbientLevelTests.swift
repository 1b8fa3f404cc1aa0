// The sound level around the patient while they rate (issue 45), in a real window: asked once, F5 allows it, and the
// answers carry the level SDL's capture device gave (its `disk` driver playing a tone of known level, headless).
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowAmbientLevelTests {
        @Test func f5AllowsTheMeasurementAndEveryAnswerCarriesTheMicrophonesLevel() async throws {
            let window = try WindowSession(name: "window-ambient-level")
            // 20 s of a 1 kHz tone at −20 dBFS (RMS), raw 48 kHz mono float: what the microphone "hears".
            let rate = 48_000.0
            let amplitude = pow(10, -20.0 / 20) * 2.0.squareRoot()
            let tone = (0..<Int(20 * rate)).map { Float(amplitude * sin(2 * .pi * 1_000 * Double($0) / rate)) }
            let microphone = window.logs.appendingPathComponent("microphone.raw")
            try tone.withUnsafeBytes { Data($0) }.write(to: microphone)
            var script = [
                // Yes by a click on the question's line; the gamepad's Y stops and starts it again (F5's keys are
                // InputHandlerTests').
                "wait ratings-prompt", "see Measure the noise level", "shot asked",
                "click Measure the noise level around you while you answer? Level only, no recording. Yes: F5, gamepad Y or click here",
                "see Measuring the sound level", "pad attach", "wait gamepad", "button Y", "see is not measured",
                "button Y", "see Measuring the sound level", "shot measuring",
                // The microphone's first half second is no level yet (AmbientLevelMeter.minimumSeconds).
                "sleep 800",
            ]
            for index in 0..<7 {
                script += index == 3 ? ["key Down", "key Down", "key Return"] : ["key Right", "key Return"]
            }
            let output = try await window.run(
                ["rate", "--participant", "AL1", "--prompted-at", "2026-11-23T18:07:31Z"], script: script,
                environment: [
                    "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILEIN": microphone.path,
                    "SDL_DISKAUDIOFILE": window.logs.appendingPathComponent("played.raw").path,
                ])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let rows = try RatingsLog(logs: window.logs, participant: ParticipantID("AL1")).storedRows()
            #expect(rows.count == 7)
            #expect(rows.allSatisfy { $0.ambientLevel?.unit == .dBFS }, "\(rows.map(\.ambientLevel))")
            #expect(
                rows.allSatisfy { abs(($0.ambientLevel?.decibels ?? 0) + 20) < 1 }, "\(rows.map(\.ambientLevel))")
            let settings = try DisplayPreferences.read(logs: window.logs, participant: ParticipantID("AL1"))
            #expect(settings.ambientLevel == true, "F5's yes is remembered")
        }
    }
}
