// A report figure's SVG also as PDF and as a 300-dpi PNG, by librsvg's rsvg-convert (Debian librsvg2-bin).
import Foundation

/// Converted by the Debian tool rather than drawn twice: librsvg renders the same SVG the HTML report shows, so
/// the three files cannot disagree. PDF keeps vectors and text; the PNG is zoomed from the SVG's 96 px per inch to
/// 300, so at the SVG's size on paper it has 300 pixels per inch.
enum PublicationFigures {
    static let dpi = 300.0
    /// SVG user units are CSS pixels, 96 per inch.
    static let zoom = dpi / 96

    /// rsvg-convert on PATH, or one sentence saying how to get it.
    static func converter(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw AnalysisError(
            "report --publication needs rsvg-convert for the PDF and PNG figures, which is not on PATH: install it "
                + "with sudo apt-get install librsvg2-bin (scripts/install-deps.sh does), or leave out --publication.")
    }

    /// Writes NAME.pdf and NAME.png beside each NAME.svg; a failed conversion names the figure and what rsvg said.
    static func convert(svgFiles: [String]) throws {
        let tool = try converter()
        for svg in svgFiles {
            let base = (svg as NSString).deletingPathExtension
            try run(tool, ["--format=pdf", "--output=\(base).pdf", svg], figure: svg)
            try run(
                tool,
                [
                    "--format=png", "--zoom=\(zoom)", "--dpi-x=\(dpi)", "--dpi-y=\(dpi)", "--background-color=white",
                    "--output=\(base).png", svg,
                ], figure: svg)
        }
    }

    private static func run(_ tool: String, _ arguments: [String], figure: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw AnalysisError("\(figure): rsvg-convert could not be started (\(error.localizedDescription)).")
        }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw AnalysisError(
                "\(figure): rsvg-convert failed with status \(process.terminationStatus) (\(message)); the SVG is kept."
            )
        }
    }
}
