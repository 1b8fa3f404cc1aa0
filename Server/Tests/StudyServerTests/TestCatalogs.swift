// The checkout's translation catalogs (po/*.po) compiled once per test run, as `make build` compiles them.
import Foundation
import Testing

enum TestCatalogs {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A folder holding `de/LC_MESSAGES/soundsafari.mo` (`scripts/po.sh compile`).
    static let folder: Task<URL, any Error> = Task {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-locale-\(UUID())")
        let result = try await Spawn.runOffPool([
            "/bin/bash", checkout.appendingPathComponent("scripts/po.sh").path, "compile", folder.path,
        ])
        guard result.status == 0 else {
            throw CatalogsNotCompiled(output: result.output)
        }
        return folder
    }

    struct CatalogsNotCompiled: Error, CustomStringConvertible {
        let output: String
        var description: String { "scripts/po.sh compile failed: \(output)" }
    }

    /// The dashboard templates' marked texts (`[[…]]`), by template name.
    static func markedTexts() throws -> [String: [String]] {
        let folder = checkout.appendingPathComponent("Server/Sources/StudyServer/Web/templates")
        var texts: [String: [String]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            texts[String(file.dropLast(".mustache".count))] = text.matches(of: /\[\[(.*?)\]\]/).map { String($0.1) }
        }
        return texts
    }
}
