// One positioned sound: bearing, gain in dB, looping, play/pause/stop, and the output frame at which it started sounding.
import COpenAL
import Foundation
import GameCore

/// A sound placed on the circle around the listener. Made by `SpatialAudioEngine.makeSource`.
/// Every property and method is safe to call from any thread while the engine renders (see the engine's
/// thread-safety note); changes apply from the next rendered block. The source is deleted when released.
public final class SpatialSource: @unchecked Sendable {
    public let engine: SpatialAudioEngine
    public let buffer: SoundBuffer
    private let id: ALuint
    private let onset: OnsetRecord
    private var storedBearing = Bearing.forward
    private var storedGainDB = 0.0

    init(engine: SpatialAudioEngine, buffer: SoundBuffer, id: ALuint) {
        self.engine = engine
        self.buffer = buffer
        self.id = id
        self.onset = OnsetRecord(sourceID: id)
    }

    deinit {
        var id = self.id
        engine.locked {
            alSourceStop(id)
            alDeleteSources(1, &id)
        }
    }

    /// Where the sound comes from, in world bearings (independent of the listener's heading).
    public var bearing: Bearing {
        get { engine.locked { storedBearing } }
        set {
            engine.locked {
                storedBearing = newValue
                let radians = newValue.degrees * .pi / 180
                let d = SpatialAudioEngine.referenceDistance
                alSource3f(id, AL_POSITION, d * Float(sin(radians)), 0, -d * Float(cos(radians)))
            }
        }
    }

    /// Gain in dB relative to the file's level (0 = as recorded, -inf = silent); positive values amplify.
    public var gainDB: Double {
        get { engine.locked { storedGainDB } }
        set {
            engine.locked {
                storedGainDB = newValue
                let gain = SpatialAudioEngine.linearGain(decibels: newValue)
                // OpenAL clamps AL_GAIN to AL_MAX_GAIN (1 by default): raise the ceiling for amplification.
                alSourcef(id, AL_MAX_GAIN, max(1, gain))
                alSourcef(id, AL_GAIN, gain)
            }
        }
    }

    /// Whether the sound restarts from the beginning when it reaches its end.
    public var isLooping: Bool {
        get { engine.locked { intProperty(AL_LOOPING) == AL_TRUE } }
        set { engine.locked { alSourcei(id, AL_LOOPING, newValue ? AL_TRUE : AL_FALSE) } }
    }

    /// Starts from the beginning, or resumes when paused. A start from the beginning (also a restart of a
    /// playing source) sets a new onset: the first frame of the next rendered block.
    public func play() {
        engine.locked {
            let wasPaused = intProperty(AL_SOURCE_STATE) == AL_PAUSED
            alSourcePlay(id)
            if !wasPaused { onset.frame = nil }
            if onset.frame == nil { engine.markOnsetPending(onset) }
        }
    }

    /// Pauses; `play()` resumes where it stopped and keeps the onset.
    public func pause() { engine.locked { alSourcePause(id) } }

    /// Stops and rewinds; the next `play()` starts from the beginning with a new onset.
    public func stop() { engine.locked { alSourceStop(id) } }

    /// The state as OpenAL reports it (a non-looping source turns `.stopped` by itself at its end).
    public var state: SourceState {
        switch engine.locked({ intProperty(AL_SOURCE_STATE) }) {
        case AL_PLAYING: return .playing
        case AL_PAUSED: return .paused
        case AL_STOPPED: return .stopped
        default: return .initial
        }
    }

    /// Index, in the engine's output stream, of the first frame in which the most recent start sounded;
    /// nil when started but not rendered yet, or never started. (The HRTF filter adds its own short
    /// acoustic delay, under 1.5 ms, inside that block — the same delay a listener's ears add.)
    public var onsetFrame: Int64? { engine.locked { onset.frame } }

    /// `onsetFrame` in seconds of output stream.
    public var onsetSeconds: Double? { onsetFrame.map { Double($0) / Double(SpatialAudioEngine.sampleRate) } }

    private func intProperty(_ parameter: ALenum) -> ALint {
        var value: ALint = 0
        alGetSourcei(id, parameter, &value)
        return value
    }
}
