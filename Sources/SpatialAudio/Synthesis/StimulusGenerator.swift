// Writes the generated stimuli (mono 48 kHz 16-bit WAV, loudness-levelled) and their sounds.json entries.
import Foundation
import GameCore

/// Runs every recipe and writes `<name>.wav` plus `sounds.json` into a folder. Entries a user added to an
/// existing sounds.json (names the generator does not make) are kept, after the generated ones.
package struct StimulusGenerator {
    package init() {}

    static let sampleRate = 48_000
    static let recipes: [any StimulusRecipe] = [
        FrogCall(), BlueJayCall(), PondAmbience(), ShutterClick(), FarmAmbience(), ForestAmbience(), CoastAmbience(),
        SavannahAmbience(),
    ]

    /// What was written, one per recipe.
    package struct Report {
        package let entry: SoundEntry
        package let seconds: Double
        package let activeRMSDecibels: Double
        package let peakDecibels: Double
    }

    /// The levelled samples of one recipe (exposed so tests and the generator agree on them).
    static func samples(of recipe: any StimulusRecipe) -> [Double] {
        let rate = Double(sampleRate)
        return LoudnessNormaliser.normalise(
            recipe.synthesise(sampleRate: rate), toActiveRMS: recipe.activeRMSDecibels,
            sampleRate: rate)
    }

    package func generate(into folder: URL) throws -> [Report] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var reports: [Report] = []
        for recipe in Self.recipes {
            let samples = Self.samples(of: recipe)
            let url = folder.appendingPathComponent(recipe.fileName)
            try AudioFileWriter.write(
                samples.map { Float($0) }, channels: 1, sampleRate: Self.sampleRate,
                format: .wavPCM16, to: url)
            let rms = LoudnessNormaliser.activeRMSDecibels(samples, sampleRate: Double(Self.sampleRate))
            let provenance =
                "Synthesised by `soundsafari make-sounds` (Sources/SpatialAudio/Synthesis/"
                + "\(type(of: recipe)).swift, seed 0x\(String(recipe.seed, radix: 16, uppercase: true))): "
                + recipe.recipeDescription
                + String(format: "; levelled to %.0f dBFS active RMS", recipe.activeRMSDecibels)
            let entry = SoundEntry(
                name: recipe.name, displayName: recipe.displayName, file: recipe.fileName,
                fileURL: url, role: recipe.role, gainDB: recipe.gainDB, loop: recipe.loop,
                provenance: provenance, licence: "CC0-1.0")
            reports.append(
                Report(
                    entry: entry, seconds: Double(samples.count) / Double(Self.sampleRate),
                    activeRMSDecibels: rms, peakDecibels: LoudnessNormaliser.peakDecibels(samples)))
        }
        try writeCatalog(reports.map(\.entry), into: folder)
        return reports
    }

    private func writeCatalog(_ generated: [SoundEntry], into folder: URL) throws {
        let url = folder.appendingPathComponent(SoundCatalog.fileName)
        var objects: [[String: Any]] = generated.map(\.jsonObject)
        // Keep what a user added by hand; a broken existing catalog is not silently thrown away.
        if FileManager.default.fileExists(atPath: url.path) {
            let existing = try SoundCatalog.load(folder: folder)
            let names = Set(generated.map(\.name))
            objects += existing.entries.filter { !names.contains($0.name) }.map(\.jsonObject)
        }
        let ordered = objects.map { OrderedJSON.object($0, keyOrder: Self.keyOrder) }
        let text = "{\n  \"sounds\": [\n" + ordered.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n"
        try Data(text.utf8).write(to: url)
    }

    private static let keyOrder = ["name", "display_name", "file", "role", "gain_db", "loop", "provenance", "licence"]
}

/// One-line JSON objects with a fixed key order, so sounds.json diffs stay readable.
enum OrderedJSON {
    static func object(_ fields: [String: Any], keyOrder: [String]) -> String {
        let keys = keyOrder.filter { fields[$0] != nil } + fields.keys.filter { !keyOrder.contains($0) }.sorted()
        return "{" + keys.map { "\"\($0)\": \(value(fields[$0]!))" }.joined(separator: ", ") + "}"
    }

    private static func value(_ value: Any) -> String {
        switch value {
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Double: return number == number.rounded() ? String(Int(number)) : String(number)
        case let text as String:
            let data = try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
            return String(array.dropFirst().dropLast())
        default: return "null"
        }
    }
}
