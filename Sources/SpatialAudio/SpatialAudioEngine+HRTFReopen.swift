// Reopening the engine's device with another HRTF between blocks of a session (a protocol condition's own set).
import COpenAL
import Foundation

extension SpatialAudioEngine {
    /// The loopback device's attributes for `configuration` (the HRTF by its index in `names`).
    static func attributes(_ configuration: EngineConfiguration, names: [String], listingUsableHRTFs: Bool) throws
        -> [ALCint]
    {
        var attributes: [ALCint] = [
            ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT,
            ALC_FORMAT_TYPE_SOFT, ALC_FLOAT_SOFT,
            ALC_FREQUENCY, ALCint(sampleRate),
            ALC_HRTF_SOFT, configuration.hrtfMode == .off ? ALC_FALSE : ALC_TRUE,
            // The limiter would compress loud passages and falsify level measurements; output stays float.
            ALC_OUTPUT_LIMITER_SOFT, ALC_FALSE,
        ]
        if let wanted = configuration.hrtfName, configuration.hrtfMode != .off {
            guard let index = names.firstIndex(of: wanted) else {
                // Offer only what would work: OpenAL Soft also lists 44.1 kHz sets, which are refused at 48 kHz.
                throw SpatialAudioError.unknownHRTF(
                    name: wanted, available: listingUsableHRTFs ? try listUsableHRTFs() : names)
            }
            attributes += [ALC_HRTF_ID_SOFT, ALCint(index)]
        }
        return attributes + [0]
    }

    /// Reopens the device with the HRTF `name` (as `hrtf.name` gives it), keeping its buffers, sources, heading
    /// and output stage (`alcResetDeviceSOFT`): the HRTF of an open device is fixed, so a session whose conditions
    /// fix different sets reopens it between blocks. The caller makes sure nothing renders meanwhile (offline:
    /// the same thread; a device: its callback locked). An unknown or unusable set throws the sentence `init`
    /// throws and leaves the engine on its previous set.
    public func reopen(hrtfName name: String) throws {
        guard configuration.hrtfMode != .off, name != hrtf.name else { return }
        var wanted = configuration
        wanted.hrtfName = name
        var current = configuration
        current.hrtfName = hrtf.name
        let names = availableHRTFs
        let attributes = try Self.attributes(wanted, names: names, listingUsableHRTFs: true)
        let previous = try Self.attributes(current, names: names, listingUsableHRTFs: false)
        guard alcResetDeviceSOFT(device, attributes) != 0 else {
            throw SpatialAudioError.openALFailure(
                operation: "reopening the device with HRTF '\(name)'", code: alcGetError(device))
        }
        let status = Self.readHRTFStatus(device)
        if status.name != name {
            _ = alcResetDeviceSOFT(device, previous)
            throw SpatialAudioError.hrtfNotUsable(name: name, inUse: status.name, usable: try Self.listUsableHRTFs())
        }
        if configuration.hrtfMode == .required && !status.enabled {
            _ = alcResetDeviceSOFT(device, previous)
            throw SpatialAudioError.hrtfUnavailable(status: status.status)
        }
        hrtfState.withLock { $0 = status }
    }
}
