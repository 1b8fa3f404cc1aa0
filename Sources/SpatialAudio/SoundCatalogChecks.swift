// What sounds.json and its files must be beyond the field types: known keys only, and sounds that can do their job.
import Foundation

/// Checks run when the catalog loads, each failing with a sentence that names the entry and its file:
/// a misspelt key (`gian_db`) would otherwise silently drop a setting, and a silent, NaN-filled or
/// truncated file would otherwise play as nothing (or as garbage) in every round that uses it.
enum SoundCatalogChecks {
    static let topLevelKeys: Set<String> = ["sounds"]
    static let entryKeys: Set<String> = [
        "name", "display_name", "file", "role", "gain_db", "loop", "provenance", "licence",
    ]
    /// Below this peak (-80 dBFS) a sound is silence to a listener at any sane volume.
    static let silencePeak: Float = 1e-4
    /// The shortest sound each role can serve: a call must last long enough to be localized, an
    /// ambience long enough not to be heard looping as a buzz; the shutter may be a click.
    static func minimumSeconds(for role: SoundRole) -> Double {
        switch role {
        case .target: 0.1
        case .background: 1.0
        case .effect: 0.01
        }
    }

    /// Keys the catalog does not know, named with the keys it does.
    static func unknownKey(in fields: [String: Any], allowed: Set<String>) -> String? {
        fields.keys.sorted().first { !allowed.contains($0) }.map {
            "the key \"\($0)\" is not a catalog field (misspelt?); the fields are \(allowed.sorted().joined(separator: ", "))"
        }
    }

    /// Reads every entry's file and checks its samples and length against its role.
    static func checkFiles(_ entries: [SoundEntry], catalogPath: String) throws {
        for (index, entry) in entries.enumerated() {
            func fail(_ reason: String) -> SpatialAudioError {
                .catalogEntryInvalid(path: catalogPath, entry: "\(index + 1) (\"\(entry.name)\")", reason: reason)
            }
            let (samples, channels, sampleRate) = try AudioFileReader.readInterleaved(entry.fileURL)
            let file = entry.fileURL.path
            if let bad = samples.firstIndex(where: { !$0.isFinite }) {
                throw fail(
                    "its file '\(file)' holds a sample that is not a number (NaN or infinite) at frame \(bad / channels); re-export the recording"
                )
            }
            let peak = samples.reduce(Float(0)) { max($0, abs($1)) }
            if peak < silencePeak {
                throw fail(
                    String(
                        format: "its file '%@' is silent (peak %.0f dBFS); check the recording or the export",
                        file, peak > 0 ? 20 * log10(Double(peak)) : -Double.infinity))
            }
            let seconds = Double(samples.count / channels) / Double(sampleRate)
            let needed = minimumSeconds(for: entry.role)
            if seconds < needed {
                throw fail(
                    String(
                        format:
                            "its file '%@' lasts %.3f s, shorter than the %.2f s a %@ sound needs (truncated?)",
                        file, seconds, needed, entry.role.rawValue))
            }
        }
    }
}
