// GameCore's AudioScene over the SpatialAudio engine: catalog sounds become HRTF sources placed by bearing.
import Foundation
import GameCore
import SpatialAudio
import StudyRecords

/// Plays the game's sounds through a `SpatialAudioEngine`. Each catalog sound is loaded once (a
/// shared OpenAL buffer); each `makeSource` is a new `SpatialSource` with the catalog's gain added.
/// The same scene serves `play` (the engine rendered by the SDL audio callback) and `simulate`
/// (rendered offline up to each tick, `render(upTo:)`, and by the listener bot as it listens).
package final class EngineAudioScene: AudioScene {
    let engine: SpatialAudioEngine
    let catalog: SoundCatalog
    private var buffers: [String: SoundBuffer] = [:]
    private var sources: [Int: (source: SpatialSource, catalogGainDB: Double, gainDB: Double)] = [:]
    private var nextID = 1

    /// The set a round without its own `hrtf` is heard through: the one the engine opened with.
    let sessionHRTF: String?
    /// Runs a reopening of the engine while nothing renders: offline the caller's own thread renders, so it runs
    /// it as it is; a window sets it to lock its audio device's callback around it.
    package var whileNotRendering: (() throws -> Void) throws -> Void = { try $0() }

    package init(engine: SpatialAudioEngine, catalog: SoundCatalog) {
        self.engine = engine
        self.catalog = catalog
        sessionHRTF = engine.hrtf.name
    }

    /// A round of a condition with its own set reopens the engine with it; the next round without one goes back.
    package func prepare(for round: RoundPlan) throws {
        guard let wanted = round.hrtf ?? sessionHRTF, wanted != engine.hrtf.name else { return }
        try whileNotRendering { try engine.reopen(hrtfName: wanted) }
    }

    /// Loads every sound a session will need up front, so a missing or broken file stops the session
    /// before the first round instead of in the middle (and no round waits for disk).
    func preload(_ sounds: some Sequence<String>) throws {
        for sound in sounds { _ = try buffer(for: sound) }
    }

    /// What each of `sounds` is, as trials.csv logs it (`stimulus_*`): its file's SHA-256 and measurements,
    /// each sound measured once by this scene.
    func stimuli(of sounds: some Sequence<String>) throws -> [String: StimulusColumns] {
        var stimuli: [String: StimulusColumns] = [:]
        for sound in sounds where stimuli[sound] == nil {
            if let known = measured[sound] {
                stimuli[sound] = known
                continue
            }
            let entry = try catalog.entry(named: sound)
            let measured = try StimulusMeasurement.of(file: entry.fileURL, looping: entry.loop)
            let loudness = measured.measurement.loudnessLUFS
            let columns = StimulusColumns(
                sha256: measured.sha256, bandwidthOctaves: measured.measurement.bandwidthOctaves,
                loudnessLUFS: loudness.isFinite ? loudness : nil)
            self.measured[sound] = columns
            stimuli[sound] = columns
        }
        return stimuli
    }

    private var measured: [String: StimulusColumns] = [:]

    private func buffer(for sound: String) throws -> SoundBuffer {
        if let buffer = buffers[sound] { return buffer }
        let entry = try catalog.entry(named: sound)
        let buffer = try engine.loadBuffer(file: entry.fileURL)
        buffers[sound] = buffer
        return buffer
    }

    // MARK: AudioScene

    package func setListenerHeading(_ heading: Bearing) { engine.heading = heading }

    package func makeSource(sound: String, bearing: Bearing, gainDB: Double, looping: Bool) throws -> SoundSourceID {
        let entry = try catalog.entry(named: sound)
        let source = try engine.makeSource(
            buffer: try buffer(for: sound), bearing: bearing,
            gainDB: entry.gainDB + gainDB, looping: looping)
        defer { nextID += 1 }
        sources[nextID] = (source, entry.gainDB, gainDB)
        return SoundSourceID(rawValue: nextID)
    }

    package func setBearing(_ bearing: Bearing, of source: SoundSourceID) {
        sources[source.rawValue]?.source.bearing = bearing
    }

    package func setGain(_ gainDB: Double, of source: SoundSourceID) {
        guard let entry = sources[source.rawValue] else { return }
        entry.source.gainDB = entry.catalogGainDB + gainDB
        sources[source.rawValue]?.gainDB = gainDB
    }

    package func play(_ source: SoundSourceID) { sources[source.rawValue]?.source.play() }
    /// Scheduled on the engine's frame clock. A time whose frame is already rendered (a device renders ahead
    /// of the game clock) or a clock not known yet (no block asked for) starts with the next block; the onset
    /// is exact either way, as rendered.
    package func play(_ source: SoundSourceID, at time: MonotonicTime) {
        let frame = engine.frameClock.frame(at: time).map { max($0, engine.framesRendered) }
        sources[source.rawValue]?.source.play(atFrame: frame)
    }

    package func audibleOnset(of source: SoundSourceID) -> AudibleOnset? {
        guard let frame = sources[source.rawValue]?.source.audibleOnsetFrame,
            let time = engine.frameClock.time(ofFrame: frame)
        else { return nil }
        return AudibleOnset(frame: frame, time: time, uncertaintySeconds: engine.frameClock.uncertaintySeconds)
    }

    /// Scheduled on the engine's frame clock like `play(_:at:)`; without a clock yet, the next block.
    package func stop(_ source: SoundSourceID, at time: MonotonicTime) {
        let frame = engine.frameClock.frame(at: time).map { max($0, engine.framesRendered) } ?? engine.framesRendered
        sources[source.rawValue]?.source.stop(atFrame: frame)
    }

    package func pause(_ source: SoundSourceID) { sources[source.rawValue]?.source.pause() }
    package func stop(_ source: SoundSourceID) { sources[source.rawValue]?.source.stop() }

    package func state(of source: SoundSourceID) -> SoundState {
        sources[source.rawValue]?.source.state ?? .stopped
    }

    package func remove(_ source: SoundSourceID) {
        sources[source.rawValue]?.source.stop()
        // Dropping the last reference deletes the OpenAL source.
        sources[source.rawValue] = nil
    }

    // MARK: Offline listening (simulate)

    /// Renders `frames` stereo frames of what the listener hears, with the sources in `muting` silent
    /// for this block only (the simulated listener attends to one animal: it cannot tell calls apart by
    /// timbre, so the other targets are muted while it listens; the mute is undone before returning).
    func render(frames: Int, muting: [SoundSourceID] = []) -> [Float] {
        let muted = muting.compactMap { sources[$0.rawValue] }
        for entry in muted { entry.source.gainDB = -.infinity }
        defer { for entry in muted { entry.source.gainDB = entry.catalogGainDB + entry.gainDB } }
        return engine.render(frames: frames)
    }

    /// Offline (`simulate`): the engine's output is the clock. Frame 0 is `time`.
    func anchorFrameClock(at time: MonotonicTime) { engine.frameClock.anchor(frame: engine.framesRendered, at: time) }

    /// Offline (`simulate`): renders everything before `time` not yet rendered, in device-sized blocks with a
    /// shorter last one, so a start the tick at `time` schedules lands exactly on its frame.
    func render(upTo time: MonotonicTime, blockFrames: Int = 512) {
        guard let end = engine.frameClock.frame(at: time) else { return }
        var block = [Float](repeating: 0, count: blockFrames * SpatialAudioEngine.channelCount)
        while engine.framesRendered < end {
            let frames = min(blockFrames, Int(end - engine.framesRendered))
            block.withUnsafeMutableBufferPointer {
                engine.render(
                    into: UnsafeMutableBufferPointer(rebasing: $0[0..<frames * SpatialAudioEngine.channelCount]))
            }
        }
    }

    /// The onset of a source in seconds of the engine's output stream, once it has sounded.
    func onsetSeconds(of source: SoundSourceID) -> Double? { sources[source.rawValue]?.source.onsetSeconds }
}
