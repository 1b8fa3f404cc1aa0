// `soundsafari make-sounds`: regenerates the default stimuli and Sounds/sounds.json deterministically.
import ArgumentParser
import Foundation
import GameUI
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

struct MakeSoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-sounds",
        abstract: "Regenerate the default stimuli (frog, blue jay, ambience, shutter) and sounds.json.",
        discussion: """
            The files are synthesised from fixed seeds, so they come out bit-identical on every run. \
            Entries you added to an existing sounds.json are kept.
            """)

    @Option(name: .long, help: "The folder to write into (created if missing).")
    var out: String = "Sounds"

    func validate() throws {
        // The generated files replace their earlier versions by design, but never land among study logs.
        let folder = URL(fileURLWithPath: out)
        if LogFileNames.isLog(folder.appendingPathComponent(SoundCatalog.fileName))
            || FileManager.default.fileExists(atPath: folder.appendingPathComponent(LogFileNames.participants).path)
        {
            throw ValidationError("--out \(out) holds study logs; write the sounds into a Sounds folder instead.")
        }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: out)
        let reports = try StimulusGenerator().generate(into: folder)
        for report in reports {
            print(
                String(
                    format: "%-9@ %-10@ %6.2f s  active RMS %6.1f dBFS  peak %6.1f dBFS  -> %@",
                    report.entry.name, report.entry.role.rawValue, report.seconds,
                    report.activeRMSDecibels, report.peakDecibels, report.entry.fileURL.path))
        }
        print("wrote \(folder.appendingPathComponent("sounds.json").path)")
    }
}
