// A sound entity placed on the circle around the player, its bearing drawn from a range (thesis figure 4.2).

/// A sound on the circle around the player at constant distance (the engine's reference distance),
/// whose bearing is drawn at random from `bearingRange` unless given.
public final class CircleSoundEntity: SoundEntity {
    /// The range the bearing may be drawn from, in degrees clockwise (may exceed 360 to wrap).
    public let bearingRange: ClosedRange<Double>

    /// Places the sound at an explicit bearing (placement decided by `TargetPlacer`).
    public init(
        sound: String, bearing: Bearing, bearingRange: ClosedRange<Double> = 0...360,
        gainDB: Double = 0, looping: Bool = true, scene: AudioScene
    ) throws {
        self.bearingRange = bearingRange
        try super.init(sound: sound, bearing: bearing, gainDB: gainDB, looping: looping, scene: scene)
    }

    /// Places the sound at a bearing drawn uniformly from `bearingRange` with `generator`.
    public convenience init<G: RandomNumberGenerator>(
        sound: String, bearingRange: ClosedRange<Double> = 0...360,
        gainDB: Double = 0, looping: Bool = true,
        scene: AudioScene, using generator: inout G
    ) throws {
        let degrees = Double.random(in: bearingRange, using: &generator)
        try self.init(
            sound: sound, bearing: Bearing(degrees: degrees), bearingRange: bearingRange,
            gainDB: gainDB, looping: looping, scene: scene)
    }
}
