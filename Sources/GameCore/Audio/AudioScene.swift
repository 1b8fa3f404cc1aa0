// What the game needs from a sound engine: sources placed by bearing, their transport, and the listener's heading.

/// An opaque handle to one sound source in an `AudioScene`.
public struct SoundSourceID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "source#\(rawValue)" }
}

/// Transport state of a sound source: the one state type (GameCore's scene and SpatialAudio's sources).
public enum SoundState: String, Sendable, Equatable {
    case initial, playing, paused, stopped
}

/// The sound side of the game, seen from GameCore. SessionRuntime implements it over the SpatialAudio
/// engine (`EngineAudioScene`); unit tests use a fake. Every call comes from the game thread.
///
/// Angles follow docs/ARCHITECTURE.md: bearings clockwise from the session-start forward direction, the
/// listener at the origin facing `heading`, sources at the reference distance (no distance fade).
public protocol AudioScene: AnyObject {
    /// Turns the listener to face `heading`.
    func setListenerHeading(_ heading: Bearing)

    /// Creates a stopped source playing the catalog sound `sound` (a name from `Sounds/sounds.json`)
    /// at `bearing`. `gainDB` is added to the catalog's own gain. Throws a sentence naming the sound
    /// when it is unknown or cannot be loaded.
    func makeSource(sound: String, bearing: Bearing, gainDB: Double, looping: Bool) throws -> SoundSourceID

    /// Moves a source to a new bearing.
    func setBearing(_ bearing: Bearing, of source: SoundSourceID)

    /// Changes a source's gain (dB relative to the catalog gain).
    func setGain(_ gainDB: Double, of source: SoundSourceID)

    func play(_ source: SoundSourceID)
    /// Starts (or resumes) at the output frame the audio clock maps `time` to, exactly; a time whose audio is
    /// already rendered starts with the next block.
    func play(_ source: SoundSourceID, at time: MonotonicTime)
    /// Where the most recent start or resume of `source` became audible (`AudibleOnset`); nil until it is
    /// rendered, or when the scene has no audio clock.
    func audibleOnset(of source: SoundSourceID) -> AudibleOnset?
    /// Fades `source` out to a stop beginning exactly at the output frame the audio clock maps `time` to (a
    /// stimulus of limited duration); the state stays `.playing` until then. Any later transport call cancels it.
    func stop(_ source: SoundSourceID, at time: MonotonicTime)
    func pause(_ source: SoundSourceID)
    func stop(_ source: SoundSourceID)
    func state(of source: SoundSourceID) -> SoundState

    /// Stops and releases a source; the ID is invalid afterwards.
    func remove(_ source: SoundSourceID)

    /// Called before each round's level is made: a scene whose audio depends on the round (its `hrtf`) switches
    /// here, between rounds; a sentence is thrown when it cannot.
    func prepare(for round: RoundPlan) throws
}

extension AudioScene {
    /// Most scenes sound the same in every round.
    public func prepare(for round: RoundPlan) throws {}
}
