// `soundsafari hrtf distances`: how alike the candidate HRTF sets sound, as the simulated listener judges them.
import ArgumentParser
import Foundation
import SpatialAudio
import TidyFormats

struct HRTFDistancesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "distances",
        abstract: "Print the log-spectral distance (dB) between every two candidate HRTF sets of `hrtf choose`.",
        discussion: """
            Each set is rendered by OpenAL Soft from 24 horizontal directions (15° apart); the distance is the \
            root mean square difference of the two sets' directional transfer functions (the magnitude in dB \
            minus the set's mean over the directions), both ears, 200 Hz to 16 kHz. It is what the simulated \
            listener of `hrtf choose --listener-ears` hears, and shows which sets are alike.
            """)

    @Option(help: "Folder of SOFA sets (default: the shipped HRTF folder beside Sounds).")
    var sets: String?

    @Option(help: "Folder holding sounds.json (default: the shipped Sounds folder).")
    var sounds: String?

    @Option(help: "text or csv.")
    var format: OutputFormat = .text

    enum OutputFormat: String, ExpressibleByArgument { case text, csv }

    func run() throws {
        let shipped = try HRTFChooseCommand.shippedSets(sets: sets, sounds: sounds)
        let (candidates, leftOut) = shipped.candidates(library: HRTFLibrary.standard())
        for sentence in leftOut { FileHandle.standardError.write(Data((sentence + "\n").utf8)) }
        let names = candidates.map(\.name)
        let matrix = try HRTFDistance.matrix(names: names)
        switch format {
        case .csv:
            var text = CSVWriter.headerLine(["set"] + names)
            for (name, row) in zip(names, matrix) {
                text += CSVWriter.line([.text(name)] + row.map { .decimal($0, fractionDigits: 3) })
            }
            print(text, terminator: "")
        case .text:
            let width = max(names.map(\.count).max() ?? 0, 6)
            func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
            print(pad("dB") + "  " + names.map { pad($0) }.joined(separator: "  "))
            for (name, row) in zip(names, matrix) {
                print(pad(name) + "  " + row.map { pad(String(format: "%.2f", $0)) }.joined(separator: "  "))
            }
        }
    }
}
