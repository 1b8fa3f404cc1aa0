// Which kind of question the pitch match asks now: it names the screen (pitch-compare, pitch-octave, pitch-loudness).
import GameCore

/// The kind of a `PitchQuestion`, without its frequencies: what the screen flow and the autopilot see.
enum PitchStep: String, Equatable, Sendable {
    case compare, octave, loudness

    init(_ question: PitchQuestion) {
        switch question {
        case .compare: self = .compare
        case .octave: self = .octave
        case .loudness: self = .loudness
        }
    }
}
