// `soundsafari sounds import|list`: the recorded animal calls of Debian's tuxpaint stamps, measured, judged and listed.
import ArgumentParser
import Foundation
import SpatialAudio

struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "Import the recorded animal calls of Debian's tuxpaint-stamps-default, or list every sound.",
        discussion: """
            The recordings stay where Debian installs them (/usr/share/tuxpaint/stamps/animals); the prepared \
            calls (trimmed, looped, levelled to -23 LUFS) and library.json go to $XDG_DATA_HOME/soundsafari/animals \
            (default ~/.local/share/soundsafari/animals). Each accepted call is a target named after its stamp \
            (render --sound owl, a protocol's targets).
            """,
        subcommands: [SoundsImportCommand.self, SoundsListCommand.self])
}

struct SoundsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Measure every stamp's call, accept those fit for localization and prepare them.")

    @Option(name: .long, help: "The stamps' animals folder (default: where Debian installs it).")
    var stamps: String = AnimalLibrary.debianStamps.path

    @Option(
        name: .long, help: "The Sounds folder whose names the calls must not take (default: Sounds/ found upwards).")
    var sounds: String?

    func run() throws {
        let catalog = try SoundCatalog.load(
            folder: try SoundCatalog.locateFolder(
                explicitFolder: sounds, environment: ProcessInfo.processInfo.environment,
                currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                executable: Bundle.main.executableURL),
            animals: nil)
        let library = AnimalLibrary.standard()
        let calls = try library.importStamps(
            from: URL(fileURLWithPath: stamps, isDirectory: true), reservedNames: Set(catalog.entries.map(\.name)))
        for call in calls { print(SoundsListCommand.line(call)) }
        let accepted = calls.filter(\.accepted).count
        print("Accepted \(accepted) of \(calls.count) calls from \(stamps) into \(library.folder.path).")
    }
}

struct SoundsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract:
            "List the catalog's sounds and the imported calls: accepted with measurements, rejected with the reason."
    )

    @Option(name: .long, help: "The Sounds folder (default: $SOUNDSAFARI_SOUNDS, or Sounds/ found upwards).")
    var sounds: String?

    func run() throws {
        let catalog = try SoundCatalog.locate(explicitFolder: sounds)
        let library = AnimalLibrary.standard()
        let calls = try library.calls()
        print("Sounds of \(catalog.folder.appendingPathComponent(SoundCatalog.fileName).path):")
        for entry in catalog.entries where !calls.contains(where: { $0.name == entry.name }) {
            print("  \(entry.name) (\(entry.role.rawValue), \(entry.licence)): \(entry.displayName)")
        }
        guard !calls.isEmpty else {
            print(
                "No recorded animal calls imported (\(library.catalogFile.path) does not exist): the game plays its "
                    + "synthesised animals. Import them with `soundsafari sounds import` "
                    + "(needs Debian's \(AnimalLibrary.debianPackage)).")
            return
        }
        let accepted = calls.filter(\.accepted)
        print("Recorded animal calls (\(library.folder.path)), \(accepted.count) accepted:")
        for call in accepted { print(Self.line(call)) }
        print("Rejected (\(calls.count - accepted.count)):")
        for call in calls where !call.accepted { print(Self.line(call)) }
    }

    /// One call: name, measurements of the prepared call (or of the recording when rejected), and the verdict.
    static func line(_ call: AnimalCall) -> String {
        let measured = call.prepared ?? call.source
        let noPause = call.source.floorInPauses == false ? " (no pause: the floor is its quietest frame)" : ""
        let figures =
            String(
                format: "%.1f LUFS, peak %.1f dBFS (%.1f dBTP), %.2f s, centroid %.0f Hz, 90 %% in %.0f–%.0f Hz "
                    + "(%.1f oct); recording: noise floor %.1f dBFS, SNR %.1f dB",
                measured.loudnessLUFS, measured.samplePeakDBFS, measured.truePeakDBTP, measured.durationSeconds,
                measured.spectralCentroidHz, measured.bandLowHz, measured.bandHighHz, measured.bandwidthOctaves,
                call.source.noiseFloorDBFS, call.source.snrDB) + noPause
            + String(format: ", %d clipped", call.source.clippedSamples)
        let verdict = call.rejection.map { "REJECTED: \($0)" } ?? "accepted, \(call.licence)"
        return "  \(call.name) (\(call.displayName)): \(figures); source sha256 \(call.sourceSHA256); \(verdict)"
    }
}
