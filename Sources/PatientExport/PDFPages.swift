// The doctor's PDF from its SVG pages: Debian's rsvg-convert (librsvg, cairo) renders them and embeds the fonts.
import Foundation
import TidyFormats

public enum PDFPages {
    /// rsvg-convert on PATH, or one sentence saying how to get it.
    public static func converter(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        if let found = folders.map({ $0 + "/rsvg-convert" }).first(where: FileManager.default.isExecutableFile) {
            return found
        }
        throw PDFPagesError(
            "The PDF needs rsvg-convert, which is not on PATH: install it with sudo apt-get install librsvg2-bin (scripts/install-deps.sh does), or export the FHIR bundle alone."
        )
    }

    /// Renders `pages` (SVG documents) into one PDF at `url`, owner-only; the SVGs live in an owner-only temporary
    /// folder that is removed afterwards (they are health data too).
    public static func write(_ pages: [String], to url: URL) throws {
        let program = try converter()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundsafari-export-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (index, page) in pages.enumerated() {
            let file = folder.appendingPathComponent(String(format: "page-%02d.svg", index + 1))
            try Data(page.utf8).write(to: file)
            files.append(file.path)
        }
        let pdf = folder.appendingPathComponent("record.pdf")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--format", "pdf", "--output", pdf.path] + files
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = try? Data(contentsOf: pdf), !data.isEmpty else {
            throw PDFPagesError(
                "rsvg-convert could not make the PDF (status \(process.terminationStatus)): \(message.trimmingCharacters(in: .whitespacesAndNewlines)); nothing was written to \(url.path)."
            )
        }
        try AtomicFile.replace(url, with: data)
    }
}

/// Why no PDF was made, in one sentence (rsvg-convert missing or failing).
public struct PDFPagesError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
