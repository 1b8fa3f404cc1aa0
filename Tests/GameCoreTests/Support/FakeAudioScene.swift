// An in-memory AudioScene that records what the game asked of it, for GameCore's unit tests.
@testable import GameCore

final class FakeAudioScene: AudioScene {
    struct Source {
        var sound: String
        var bearing: Bearing
        var gainDB: Double
        var looping: Bool
        var state: SoundState = .initial
        var playCount = 0
    }

    private(set) var sources: [Int: Source] = [:]
    private(set) var removed: Set<Int> = []
    private(set) var listenerHeadings: [Bearing] = []
    private var nextID = 1
    /// Sound names that make `makeSource` fail, to test error paths.
    var unknownSounds: Set<String> = []

    func setListenerHeading(_ heading: Bearing) { listenerHeadings.append(heading) }

    func makeSource(sound: String, bearing: Bearing, gainDB: Double, looping: Bool) throws -> SoundSourceID {
        if unknownSounds.contains(sound) { throw FakeSceneError(sound: sound) }
        defer { nextID += 1 }
        sources[nextID] = Source(sound: sound, bearing: bearing, gainDB: gainDB, looping: looping)
        return SoundSourceID(rawValue: nextID)
    }

    func setBearing(_ bearing: Bearing, of source: SoundSourceID) { sources[source.rawValue]?.bearing = bearing }
    func setGain(_ gainDB: Double, of source: SoundSourceID) { sources[source.rawValue]?.gainDB = gainDB }
    func play(_ source: SoundSourceID) {
        scheduledStops[source.rawValue] = nil
        sources[source.rawValue]?.state = .playing
        sources[source.rawValue]?.playCount += 1
    }
    /// Start times asked for (`play(_:at:)`), by source.
    private(set) var scheduledStarts: [Int: MonotonicTime] = [:]
    /// What `audibleOnset(of:)` answers, by source (nil: no audio clock, as before rendering).
    var audibleOnsets: [Int: AudibleOnset] = [:]
    func play(_ source: SoundSourceID, at time: MonotonicTime) {
        play(source)
        scheduledStarts[source.rawValue] = time
    }
    func audibleOnset(of source: SoundSourceID) -> AudibleOnset? { audibleOnsets[source.rawValue] }
    /// Stops asked for at a time (`stop(_:at:)`), by source; a later transport call cancels them, as in the engine.
    private(set) var scheduledStops: [Int: MonotonicTime] = [:]
    func stop(_ source: SoundSourceID, at time: MonotonicTime) { scheduledStops[source.rawValue] = time }
    func pause(_ source: SoundSourceID) {
        scheduledStops[source.rawValue] = nil
        if sources[source.rawValue]?.state == .playing { sources[source.rawValue]?.state = .paused }
    }
    func stop(_ source: SoundSourceID) { sources[source.rawValue]?.state = .stopped }
    func state(of source: SoundSourceID) -> SoundState { sources[source.rawValue]?.state ?? .stopped }
    func remove(_ source: SoundSourceID) {
        sources[source.rawValue]?.state = .stopped
        removed.insert(source.rawValue)
    }

    /// Sounds currently playing and not yet removed.
    var playingSounds: Set<String> {
        Set(sources.filter { $0.value.state == .playing && !removed.contains($0.key) }.map(\.value.sound))
    }

    /// The live (not removed) sources of a sound.
    func live(_ sound: String) -> [Source] {
        sources.filter { $0.value.sound == sound && !removed.contains($0.key) }.map(\.value)
    }
}

struct FakeSceneError: Error, CustomStringConvertible {
    let sound: String
    var description: String { "No sound '\(sound)' in the catalog." }
}

/// A sink that can be told to fail, and records what it got and in which order relative to results.
final class RecordingSink: TrialSink {
    var trials: [TrialResult] = []
    var events: [String] = []
    var failWith: Error?
    func record(_ trial: TrialResult) throws {
        if let failWith { throw failWith }
        trials.append(trial)
        events.append("row \(trial.round).\(trial.targetIndex)")
    }
}

struct DiskFull: Error {}
