// The engine's OpenAL Soft device: opening the loopback device, the HRTFs it offers, the HRTF state it reports.
import COpenAL
import Foundation

extension SpatialAudioEngine {
    /// The HRTF names OpenAL Soft offers on this machine, without starting an engine.
    public static func listHRTFs() throws -> [String] {
        let device = try openLoopbackDevice()
        defer { alcCloseDevice(device) }
        return hrtfNames(device)
    }

    /// The HRTFs that really get used when selected at 48 kHz (1.19 lists data sets of other rates too,
    /// then falls back to another one): each is tried on a short-lived engine.
    public static func listUsableHRTFs() throws -> [String] {
        try listHRTFs().filter { name in
            (try? SpatialAudioEngine(
                configuration: EngineConfiguration(hrtfMode: .required, hrtfName: name),
                listingUsableHRTFs: false)) != nil
        }
    }

    static func openLoopbackDevice() throws -> OpaquePointer {
        // OpenAL Soft reads its configuration at its first call: imported HRTFs must be on its path by then.
        _ = OpenALSearchPath.installed
        guard alcIsExtensionPresent(nil, "ALC_SOFT_loopback") != 0 else {
            throw SpatialAudioError.loopbackUnavailable(reason: "ALC_SOFT_loopback is missing")
        }
        guard let device = alcLoopbackOpenDeviceSOFT(nil) else {
            throw SpatialAudioError.loopbackUnavailable(reason: "alcLoopbackOpenDeviceSOFT returned no device")
        }
        guard alcIsRenderFormatSupportedSOFT(device, ALCsizei(sampleRate), ALC_STEREO_SOFT, ALC_FLOAT_SOFT) != 0 else {
            alcCloseDevice(device)
            throw SpatialAudioError.loopbackUnavailable(reason: "48 kHz stereo float is not a supported render format")
        }
        return device
    }

    static func hrtfNames(_ device: OpaquePointer) -> [String] {
        guard alcIsExtensionPresent(device, "ALC_SOFT_HRTF") != 0 else { return [] }
        var count: ALCint = 0
        alcGetIntegerv(device, ALC_NUM_HRTF_SPECIFIERS_SOFT, 1, &count)
        return (0..<max(0, count)).compactMap { index in
            alcGetStringiSOFT(device, ALC_HRTF_SPECIFIER_SOFT, index).map { String(cString: $0) }
        }
    }

    static func readHRTFStatus(_ device: OpaquePointer) -> HRTFStatus {
        var enabled: ALCint = 0
        var status: ALCint = 0
        alcGetIntegerv(device, ALC_HRTF_SOFT, 1, &enabled)
        alcGetIntegerv(device, ALC_HRTF_STATUS_SOFT, 1, &status)
        let words: String
        switch status {
        case ALC_HRTF_DISABLED_SOFT: words = "disabled"
        case ALC_HRTF_ENABLED_SOFT: words = "enabled"
        case ALC_HRTF_DENIED_SOFT: words = "denied by the OpenAL Soft configuration"
        case ALC_HRTF_REQUIRED_SOFT: words = "required by the OpenAL Soft configuration"
        case ALC_HRTF_HEADPHONES_DETECTED_SOFT: words = "enabled (headphones detected)"
        case ALC_HRTF_UNSUPPORTED_FORMAT_SOFT: words = "unsupported output format"
        default: words = "unknown status \(status)"
        }
        let name = enabled != 0 ? alcGetString(device, ALC_HRTF_SPECIFIER_SOFT).map { String(cString: $0) } : nil
        return HRTFStatus(enabled: enabled != 0, name: name, status: words)
    }
}
