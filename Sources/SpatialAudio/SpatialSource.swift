// One positioned sound: bearing, gain in dB, looping, play/pause/stop, and the output frame at which it started sounding.
import COpenAL
import Foundation
import GameCore
import Synchronization

/// A sound placed on the circle around the listener. Made by `SpatialAudioEngine.makeSource`.
/// Every property and method is safe to call from any thread while the engine renders and never makes the
/// render thread wait (see the engine's threading contract); changes apply from the next rendered block.
/// The source is deleted when released.
public final class SpatialSource: Sendable {
    public let engine: SpatialAudioEngine
    public let buffer: SoundBuffer
    private let record: SourceRecord
    /// What the getters report: set inside `engine.submit`, with its command, so two game threads' settings
    /// land in the same order here as on the render thread. Only game threads take this lock.
    private let stored = Mutex<(bearing: Bearing, gainDB: Double, looping: Bool)>((.forward, 0, false))

    init(engine: SpatialAudioEngine, buffer: SoundBuffer, record: SourceRecord) {
        self.engine = engine
        self.buffer = buffer
        self.record = record
    }

    deinit {
        let record = self.record
        engine.submit { $0.commands.append(.deleteSource(record)) }
    }

    /// Where the sound comes from, in world bearings (independent of the listener's heading).
    public var bearing: Bearing {
        get { stored.withLock { $0.bearing } }
        set {
            let radians = newValue.degrees * .pi / 180
            let d = SpatialAudioEngine.referenceDistance
            let (x, z) = (d * Float(sin(radians)), -d * Float(cos(radians)))
            engine.submit { side in
                stored.withLock { $0.bearing = newValue }
                side.commands.append(.position(record, x: x, z: z))
            }
        }
    }

    /// Gain in dB relative to the file's level (0 = as recorded, -inf = silent); positive values amplify.
    public var gainDB: Double {
        get { stored.withLock { $0.gainDB } }
        set {
            let gain = VolumeProcessor.linearGain(decibels: newValue)
            engine.submit { side in
                stored.withLock { $0.gainDB = newValue }
                side.commands.append(.gain(record, gain))
            }
        }
    }

    /// Whether the sound restarts from the beginning when it reaches its end.
    public var isLooping: Bool {
        get { stored.withLock { $0.looping } }
        set {
            engine.submit { side in
                stored.withLock { $0.looping = newValue }
                side.commands.append(.looping(record, newValue))
            }
        }
    }

    /// Starts from the beginning, or resumes when paused. A start from the beginning (also a restart of a
    /// playing source) sets a new onset: the first frame of the next rendered block.
    public func play() { play(atFrame: nil) }

    /// Like `play()`, but starts (or resumes) exactly at output frame `frame`: the block that contains it is
    /// mixed in two parts, so the onset is that frame, not the next block's first. A frame already rendered
    /// means the next block's first frame. A later transport call before that frame cancels the scheduled start.
    public func play(atFrame frame: Int64?) {
        engine.submit { side in
            // Reads nil at once for a start from the beginning; the render thread decides again on OpenAL's state.
            if record.publishedState != .paused { record.onset.store(-1, ordering: .releasing) }
            record.audible.store(-1, ordering: .releasing)
            let generation = record.predict(.playing)
            side.commands.append(.play(record, generation: generation, at: frame))
        }
    }

    /// Pauses; `play()` resumes where it stopped and keeps the onset.
    public func pause() {
        engine.submit { side in
            // OpenAL pauses only a playing source; other states stay as they are.
            let state = record.publishedState
            let generation = record.predict(state == .playing ? .paused : state)
            side.commands.append(.pause(record, generation: generation))
        }
    }

    /// Stops and rewinds; the next `play()` starts from the beginning with a new onset.
    public func stop() {
        engine.submit { side in
            let generation = record.predict(.stopped)
            side.commands.append(.stop(record, generation: generation))
        }
    }

    /// Fades out to a stop beginning exactly at output frame `frame` (the 5 ms raised-cosine fade of every
    /// stop follows it, so the sound ends without a click); a frame already rendered means the next block.
    /// The state stays `.playing` until the stop is rendered. A later play, pause or stop cancels it.
    public func stop(atFrame frame: Int64) {
        engine.submit { side in side.commands.append(.stopAt(record, at: frame)) }
    }

    /// The state after the calls made so far: `.playing` right after `play()`, even before a block is rendered.
    /// A non-looping source turns `.stopped` by itself after the block in which it reached its end.
    public var state: SoundState { record.publishedState }

    /// Index, in the engine's output stream, of the first frame in which the most recent start sounded;
    /// nil when started but not rendered yet, or never started. (The HRTF filter adds its own short
    /// acoustic delay, under 1.5 ms, inside that block — the same delay a listener's ears add.)
    public var onsetFrame: Int64? {
        let frame = record.onset.load(ordering: .acquiring)
        return frame < 0 ? nil : frame
    }

    /// Output frame of the first audible sample since the most recent start (`onsetFrame` plus the buffer's
    /// leading silence, `SoundBuffer.firstAudibleFrame`) or resume (the frame where it resumed); nil until the
    /// start or resume has been rendered. Reaction times are measured from it.
    public var audibleOnsetFrame: Int64? {
        let frame = record.audible.load(ordering: .acquiring)
        return frame < 0 ? nil : frame
    }

    /// `onsetFrame` in seconds of output stream.
    public var onsetSeconds: Double? { onsetFrame.map { Double($0) / Double(SpatialAudioEngine.sampleRate) } }
}
