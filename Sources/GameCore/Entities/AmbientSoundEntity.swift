// A background sound that carries no direction: two sources kept at the listener's left and right ears.

/// The background of the third level. A point source would be a second thing to localise (and a bias
/// toward wherever it sat), so the ambience is played by two synchronous sources held at ±90° from the
/// player's heading, each 3 dB down: equal in both ears whichever way the player turns, heard inside the
/// head like plain stereo, with no interaural cue to follow. `follow(heading:)` runs on every tick.
public final class AmbientSoundEntity {
    public let sound: String
    public let left: SoundEntity
    public let right: SoundEntity

    /// Per-ear gain so the two sources together match `gainDB` in power.
    static let perEarOffsetDB = -3.0103

    public init(sound: String, gainDB: Double = 0, scene: AudioScene) throws {
        self.sound = sound
        left = try SoundEntity(
            sound: sound, bearing: Bearing(degrees: 270), gainDB: gainDB + Self.perEarOffsetDB, scene: scene)
        right = try SoundEntity(
            sound: sound, bearing: Bearing(degrees: 90), gainDB: gainDB + Self.perEarOffsetDB, scene: scene)
    }

    /// Keeps the two sources at the ears of a listener facing `heading`.
    public func follow(heading: Bearing) {
        let leftBearing = heading.rotated(by: -90)
        let rightBearing = heading.rotated(by: 90)
        if left.bearing != leftBearing { left.bearing = leftBearing }
        if right.bearing != rightBearing { right.bearing = rightBearing }
    }

    public var state: SoundState { left.state }
    public var sources: [SoundSourceID] { [left.source, right.source] }

    public func play() {
        left.play()
        right.play()
    }
    /// Starts both ears at the same output frame.
    public func play(at time: MonotonicTime) {
        left.play(at: time)
        right.play(at: time)
    }
    public func pause() {
        left.pause()
        right.pause()
    }
    public func stop() {
        left.stop()
        right.stop()
    }
    public func remove() {
        left.remove()
        right.remove()
    }
}
