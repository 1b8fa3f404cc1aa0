// The one probe of this machine's HRTFs: what OpenAL Soft offers, which are usable at 48 kHz, which is its default.
import Foundation

/// OpenAL Soft's HRTF data sets as the game can use them. `devices` lists it; the menu offers from it.
public struct HRTFInventory: Sendable {
    /// Every data set OpenAL Soft lists.
    public let all: [String]
    /// Those really used when selected at the engine's rate (1.19 lists other rates too, then substitutes).
    public let usable: [String]
    /// OpenAL Soft's own choice at 48 kHz (nil when HRTF cannot be enabled at all).
    public let defaultName: String?

    /// Probes OpenAL Soft (short-lived engines, one per data set).
    public static func probe() throws -> HRTFInventory {
        let all = try SpatialAudioEngine.listHRTFs()
        let usable = try SpatialAudioEngine.listUsableHRTFs()
        let chosen = (try? SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .preferred)))?.hrtf.name
        return HRTFInventory(all: all, usable: usable, defaultName: chosen)
    }

    /// The names to offer a player: the default first, then the other usable ones.
    public var offered: [String] {
        (defaultName.map { [$0] } ?? []) + usable.filter { $0 != defaultName }
    }
}
