// An entity that makes a sound: owns one source in the AudioScene and controls its transport and gain.

/// An entity with a sound (the thesis's SoundEntity): play, pause, stop, gain and state, forwarded to
/// one source in an `AudioScene`. Moving the entity moves its source.
public class SoundEntity: Entity {
    /// Catalog name of the sound (`Sounds/sounds.json`), e.g. `frog`.
    public let sound: String
    public let scene: AudioScene
    public let source: SoundSourceID

    public var bearing: Bearing {
        didSet { scene.setBearing(bearing, of: source) }
    }

    /// Gain in dB relative to the catalog's gain for this sound.
    public var gainDB: Double {
        didSet { scene.setGain(gainDB, of: source) }
    }

    public init(
        sound: String, bearing: Bearing, gainDB: Double = 0, looping: Bool = true,
        scene: AudioScene
    ) throws {
        self.sound = sound
        self.scene = scene
        self.bearing = bearing
        self.gainDB = gainDB
        self.source = try scene.makeSource(sound: sound, bearing: bearing, gainDB: gainDB, looping: looping)
    }

    public var state: SoundState { scene.state(of: source) }

    public func play() { scene.play(source) }
    /// Starts exactly at `time` on the audio clock (see `AudioScene.play(_:at:)`).
    public func play(at time: MonotonicTime) { scene.play(source, at: time) }
    /// Where this sound's latest start or resume became audible (nil until rendered).
    public var audibleOnset: AudibleOnset? { scene.audibleOnset(of: source) }
    public func pause() { scene.pause(source) }
    /// Fades out to a stop beginning exactly at `time` on the audio clock (see `AudioScene.stop(_:at:)`).
    public func stop(at time: MonotonicTime) { scene.stop(source, at: time) }
    public func stop() { scene.stop(source) }

    /// Nothing moves in the thesis's levels; subclasses with motion override this.
    public func update(at time: MonotonicTime) {}

    /// Releases the source; call once when the level ends.
    public func remove() { scene.remove(source) }
}
