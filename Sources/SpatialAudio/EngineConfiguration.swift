// How to start the engine: which HRTF, and whether running without one is acceptable.

/// Whether the engine must render binaurally.
public enum HRTFMode: String, Sendable, CaseIterable {
    /// HRTF must be enabled, otherwise `SpatialAudioEngine.init` throws (the game's and the study's default:
    /// a logged bearing is only meaningful if it was rendered binaurally).
    case required
    /// HRTF is asked for; if OpenAL Soft refuses, the engine runs with plain stereo panning and says so in `hrtf`.
    case preferred
    /// HRTF is switched off on purpose (loudspeakers).
    case off
}

/// Start-up options of a `SpatialAudioEngine`.
public struct EngineConfiguration: Sendable {
    public var hrtfMode: HRTFMode
    /// The HRTF to use, by its OpenAL Soft name (see `SpatialAudioEngine.availableHRTFs()`); nil = OpenAL's default.
    public var hrtfName: String?

    public init(hrtfMode: HRTFMode = .required, hrtfName: String? = nil) {
        self.hrtfMode = hrtfMode
        self.hrtfName = hrtfName
    }
}
