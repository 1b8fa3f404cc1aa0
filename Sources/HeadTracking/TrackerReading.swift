// One orientation a head tracker sent, decoded from one datagram (or one message of an OSC bundle).

/// Raw values as the tracker sent them, in its own convention (degrees; opentrack also sends position in cm).
public struct TrackerReading: Sendable, Equatable {
    /// The tracker's yaw in degrees, its own sign and zero (calibration maps it onto a bearing).
    public var yawDeg: Double
    public var pitchDeg: Double?
    public var rollDeg: Double?
    /// opentrack's head position in cm (nil for OSC).
    public var xCm: Double?
    public var yCm: Double?
    public var zCm: Double?
    /// `opentrack`, or the OSC address the reading came with (`/ypr`, `/SceneRotator/ypr`, `/soundsafari/heading`).
    public var address: String
    /// True when the value is already a SoundSafari bearing (`/soundsafari/heading`: clockwise degrees).
    public var isProjectHeading: Bool

    public init(
        yawDeg: Double, pitchDeg: Double? = nil, rollDeg: Double? = nil, xCm: Double? = nil, yCm: Double? = nil,
        zCm: Double? = nil, address: String, isProjectHeading: Bool = false
    ) {
        self.yawDeg = yawDeg
        self.pitchDeg = pitchDeg
        self.rollDeg = rollDeg
        self.xCm = xCm
        self.yCm = yCm
        self.zCm = zCm
        self.address = address
        self.isProjectHeading = isProjectHeading
    }
}
