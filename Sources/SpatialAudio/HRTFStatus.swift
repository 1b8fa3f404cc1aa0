// What OpenAL Soft reports back about HRTF after the device was configured.

/// The HRTF state read back from the device (ALC_HRTF_SOFT, ALC_HRTF_STATUS_SOFT, ALC_HRTF_SPECIFIER_SOFT).
public struct HRTFStatus: Sendable, Equatable, CustomStringConvertible {
    /// True when the output is binaural.
    public let enabled: Bool
    /// The name of the HRTF in use, nil when disabled.
    public let name: String?
    /// OpenAL Soft's status in words ("enabled", "denied", "unsupported format", …).
    public let status: String

    public var description: String {
        enabled ? "HRTF '\(name ?? "?")' \(status)" : "HRTF off (\(status))"
    }
}
