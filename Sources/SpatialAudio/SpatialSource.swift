// One positioned sound: bearing, gain in dB, looping, play/pause/stop, and the output frame at which it started sounding.
import COpenAL
import Foundation
import GameCore

/// A sound placed on the circle around the listener. Made by `SpatialAudioEngine.makeSource`.
/// Every property and method is safe to call from any thread while the engine renders and never makes the
/// render thread wait (see the engine's threading contract); changes apply from the next rendered block.
/// The source is deleted when released.
// @unchecked: the stored bearing, gain and looping are read and written only inside `engine.submit`, under the mailbox lock.
public final class SpatialSource: @unchecked Sendable {
    public let engine: SpatialAudioEngine
    public let buffer: SoundBuffer
    private let record: SourceRecord
    // Guarded by the engine's mailbox lock (read and written inside `engine.submit`).
    private var storedBearing = Bearing.forward
    private var storedGainDB = 0.0
    private var storedLooping = false

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
        get { engine.submit { _ in storedBearing } }
        set {
            let radians = newValue.degrees * .pi / 180
            let d = SpatialAudioEngine.referenceDistance
            let (x, z) = (d * Float(sin(radians)), -d * Float(cos(radians)))
            engine.submit { mailbox in
                storedBearing = newValue
                mailbox.commands.append(.position(record, x: x, z: z))
            }
        }
    }

    /// Gain in dB relative to the file's level (0 = as recorded, -inf = silent); positive values amplify.
    public var gainDB: Double {
        get { engine.submit { _ in storedGainDB } }
        set {
            let gain = VolumeProcessor.linearGain(decibels: newValue)
            engine.submit { mailbox in
                storedGainDB = newValue
                mailbox.commands.append(.gain(record, gain))
            }
        }
    }

    /// Whether the sound restarts from the beginning when it reaches its end.
    public var isLooping: Bool {
        get { engine.submit { _ in storedLooping } }
        set {
            engine.submit { mailbox in
                storedLooping = newValue
                mailbox.commands.append(.looping(record, newValue))
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
        engine.submit { mailbox in
            // Reads nil at once for a start from the beginning; the render thread decides again on OpenAL's state.
            if record.publishedState != .paused { record.onset.store(-1, ordering: .releasing) }
            record.audible.store(-1, ordering: .releasing)
            let generation = record.predict(.playing)
            mailbox.commands.append(.play(record, generation: generation, at: frame))
        }
    }

    /// Pauses; `play()` resumes where it stopped and keeps the onset.
    public func pause() {
        engine.submit { mailbox in
            // OpenAL pauses only a playing source; other states stay as they are.
            let state = record.publishedState
            let generation = record.predict(state == .playing ? .paused : state)
            mailbox.commands.append(.pause(record, generation: generation))
        }
    }

    /// Stops and rewinds; the next `play()` starts from the beginning with a new onset.
    public func stop() {
        engine.submit { mailbox in
            let generation = record.predict(.stopped)
            mailbox.commands.append(.stop(record, generation: generation))
        }
    }

    /// Fades out to a stop beginning exactly at output frame `frame` (the 5 ms raised-cosine fade of every
    /// stop follows it, so the sound ends without a click); a frame already rendered means the next block.
    /// The state stays `.playing` until the stop is rendered. A later play, pause or stop cancels it.
    public func stop(atFrame frame: Int64) {
        engine.submit { mailbox in mailbox.commands.append(.stopAt(record, at: frame)) }
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
