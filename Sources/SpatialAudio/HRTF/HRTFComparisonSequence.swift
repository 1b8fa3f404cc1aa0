// What one set plays in a comparison of the HRTF choice: the same call from front, back, both sides, then around.
import Foundation
import GameCore

/// The sequence every candidate plays, so the two sets of a pair differ only in the HRTF: the animal call from
/// the front, behind, the right and the left (each `toneSeconds`, then `gapSeconds` of silence), then once around
/// the head clockwise from the front in `circleSeconds` (the bearing moves every `circleStepSeconds`; OpenAL Soft
/// cross-fades each move). The picture shows where each comes from.
public enum HRTFComparisonSequence {
    public static let fixedBearings: [Double] = [0, 180, 90, 270]
    public static let toneSeconds = 0.7
    public static let gapSeconds = 0.25
    public static let circleSeconds = 2.4
    public static let circleStepSeconds = 0.05

    /// The directions as logged in hrtf-choice.csv.
    public static let loggedDirections =
        fixedBearings.map { String(format: "%g", $0) }.joined(separator: " ")
        + " circle"

    /// One step: from `start` seconds on, the source sounds from `bearing` (nil: silent).
    public struct Step: Sendable, Equatable {
        public let start: Double
        public let bearing: Double?
    }

    public static var steps: [Step] {
        var steps: [Step] = []
        var time = 0.0
        for bearing in fixedBearings {
            steps.append(Step(start: time, bearing: bearing))
            steps.append(Step(start: time + toneSeconds, bearing: nil))
            time += toneSeconds + gapSeconds
        }
        let count = Int((circleSeconds / circleStepSeconds).rounded())
        for index in 0..<count {
            steps.append(
                Step(start: time + Double(index) * circleStepSeconds, bearing: 360 * Double(index) / Double(count)))
        }
        steps.append(Step(start: time + circleSeconds, bearing: nil))
        return steps
    }

    /// Seconds one set plays.
    public static var durationSeconds: Double { (steps.last?.start ?? 0) + gapSeconds }

    /// Renders the sequence offline with HRTF `hrtfName` through the output stage `tailoring` asks for (the
    /// participant's filters, volume and the limiter's ceiling): interleaved stereo at 48 kHz.
    public static func render(
        hrtfName: String, sound: URL, gainDB: Double, tailoring: OutputTailoring, volumeDB: Double = 0
    ) throws -> [Float] {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required, hrtfName: hrtfName))
        engine.masterGainDB = volumeDB
        _ = TailoredOutput(engine: engine, tailoring: tailoring)
        let source = try engine.makeSource(buffer: try engine.loadBuffer(file: sound), gainDB: gainDB, looping: true)
        let rate = Double(SpatialAudioEngine.sampleRate)
        var output: [Float] = []
        var rendered = 0
        let all = steps
        for (index, step) in all.enumerated() {
            if let bearing = step.bearing {
                source.bearing = Bearing(degrees: bearing)
                if source.state != .playing { source.play() }
            } else if source.state == .playing {
                source.stop()
            }
            let end = index + 1 < all.count ? all[index + 1].start : durationSeconds
            let frames = Int((end * rate).rounded()) - rendered
            output += engine.render(frames: frames)
            rendered += frames
        }
        return output
    }
}
