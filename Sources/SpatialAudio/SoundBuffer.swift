// A mono sound uploaded to OpenAL; shared by any number of sources of the same engine.
import COpenAL

/// An OpenAL buffer. Sources keep their buffer alive, so it is deleted only after the last source using it.
public final class SoundBuffer: Sendable {
    let engine: SpatialAudioEngine
    let id: ALuint
    /// Where it came from (file path or a caller's label), for messages.
    public let name: String
    public let frameCount: Int
    public let sampleRate: Int
    public var durationSeconds: Double { Double(frameCount) / Double(sampleRate) }
    /// The frame at which the sound becomes audible (`FirstAudibleSample`): its leading silence, in frames.
    public let firstAudibleFrame: Int

    init(engine: SpatialAudioEngine, id: ALuint, name: String, frameCount: Int, sampleRate: Int, firstAudibleFrame: Int)
    {
        self.engine = engine
        self.id = id
        self.name = name
        self.frameCount = frameCount
        self.sampleRate = sampleRate
        self.firstAudibleFrame = firstAudibleFrame
    }

    /// The last source's deletion may still be queued for the render thread: the buffer is queued behind it
    /// and deleted on a game thread once the render thread has deleted that source.
    deinit {
        let id = self.id
        engine.submit { $0.commands.append(.retireBuffer(id)) }
    }
}
