// `soundsafari hrtf import|list|remove`: the HRTF data sets SoundSafari imported from SOFA files.
import ArgumentParser
import Foundation
import SpatialAudio

struct HRTFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hrtf",
        abstract: "Import SOFA HRTFs into SoundSafari's own HRTF folder, list or remove them, or choose one by ear.",
        discussion: """
            Imported HRTFs live in $XDG_DATA_HOME/soundsafari/hrtf (default ~/.local/share/soundsafari/hrtf), \
            which only SoundSafari shows to OpenAL Soft; use them with --hrtf NAME.
            """,
        subcommands: [
            HRTFImportCommand.self, HRTFListCommand.self, HRTFRemoveCommand.self, HRTFChooseCommand.self,
            HRTFDistancesCommand.self,
        ])
}

struct HRTFImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a SimpleFreeFieldHRIR SOFA file (fitted to the horizontal circle, resampled to 48 kHz).")

    @Argument(help: "The .sofa file.")
    var file: String

    @Option(name: .long, help: "The HRTF's name for --hrtf (default: the file's name without .sofa).")
    var name: String?

    func run() throws {
        let imported = try HRTFLibrary.standard().importSOFA(from: file, name: name)
        print(
            "Imported HRTF '\(imported.name)' from \(imported.source)\(imported.label.isEmpty ? "" : " (\(imported.label))")"
        )
        print(
            String(
                format: "  %d measurements at elevation %.1f°, %.2f m; %d Hz resampled to %d Hz; "
                    + "%d azimuths (5° steps), %d-tap minimum-phase filters + interaural delays; level %+.1f dB",
                imported.measurements, imported.elevationDegrees, imported.distanceMetres,
                imported.sourceSampleRate, imported.sampleRate, imported.azimuths, imported.filterLength,
                imported.normalisationDB))
        if imported.earsFromResponses {
            print(
                "  ears: the file's ReceiverPosition puts the left ear on the right, but its responses are louder in "
                    + "that ear for sources on the left; the responses decided which ear is which")
        }
        print("  file \(imported.file.path)")
        print("  sha256 \(imported.sha256)")
        print("Use it with --hrtf \(imported.name).")
    }
}

struct HRTFListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the imported HRTFs with their SHA-256.")

    func run() throws {
        let library = HRTFLibrary.standard()
        let names = library.installed()
        print("Imported HRTFs (\(library.folder.path)):")
        if names.isEmpty { print("  none — import one with `soundsafari hrtf import FILE.sofa`") }
        for name in names {
            print("  - \(name) sha256 \(library.sha256(ofHRTFNamed: name) ?? "unreadable")")
        }
    }
}

struct HRTFRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Delete an imported HRTF (sessions that used it keep its name and SHA-256).")

    @Argument(help: "The HRTF's name as listed by `soundsafari hrtf list`.")
    var name: String

    func run() throws {
        try HRTFLibrary.standard().remove(name: name)
        print("Removed HRTF '\(name)'.")
    }
}
