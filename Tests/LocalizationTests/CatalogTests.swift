// po/: the template is what the code marks, every language is complete, and the check fails when it is not.
import Foundation
import Testing

@Suite struct CatalogTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `command` with bash in `folder` (gettext's tools, installed by scripts/install-deps.sh).
    static func bash(_ command: String, in folder: URL = packageRoot) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    @Test func theTemplateIsWhatTheCodeMarksAndGermanHasNothingUntranslatedOrFuzzy() throws {
        let check = try Self.bash("bash scripts/po.sh check")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let german = try #require(check.stdout.split(separator: "\n").first { $0.hasPrefix("po/de.po:") })
        #expect(german.contains("translated messages"))
        #expect(!german.contains("fuzzy") && !german.contains("untranslated"), "\(german)")
    }

    @Test func aStringMarkedInTheCodeButMissingFromTheTemplateFailsTheCheck() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("po-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        let files = try Self.potfiles()
        // The desktop entry's template is extracted into the same catalog.
        for path in ["scripts/po.sh", "VERSION", "po", "packaging/soundsafari/soundsafari.desktop.in"] + files {
            let target = copy.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent(path), to: target)
        }
        let marked = copy.appendingPathComponent(try #require(files.first))
        let handle = try FileHandle(forWritingTo: marked)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("let added = Translation.gettext(\"A sentence nobody translated\")\n".utf8))
        try handle.close()

        let check = try Self.bash("bash scripts/po.sh check", in: copy)
        #expect(check.status != 0)
        #expect(check.stderr.contains("A sentence nobody translated"), "the diff names the new string")
        #expect(check.stderr.contains("is not what the code marks"))

        // `make po` takes it into the template and German, where it waits untranslated: still a failure.
        let merge = try Self.bash("bash scripts/po.sh merge", in: copy)
        #expect(merge.status == 0, "\(merge.stderr)")
        let again = try Self.bash("bash scripts/po.sh check", in: copy)
        #expect(again.status != 0)
        #expect(again.stdout.contains("1 untranslated message"), "\(again.stdout)")
    }

    /// The files po/POTFILES.in lists (comments and blank lines left out).
    static func potfiles() throws -> [String] {
        try String(contentsOf: packageRoot.appendingPathComponent("po/POTFILES.in"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    @Test func everySourceFileThatMarksAStringIsListedForTheExtraction() throws {
        let listed = Set(try Self.potfiles())
        var marking: Set<String> = []
        for parent in ["Sources", "Analysis/Sources", "Server/Sources"] {
            let folder = Self.packageRoot.appendingPathComponent(parent)
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { ["swift", "mustache"].contains($0.pathExtension) } ?? []
            for file in files where !file.path.contains("/Sources/Localization/") {
                let text = try String(contentsOf: file, encoding: .utf8)
                // The game's calls, the study server's per-request catalog (and its own `self.gettext` in
                // MessageCatalog's extensions), sentences worded later, and the dashboard templates' [[…]].
                let marks =
                    file.pathExtension == "mustache"
                    ? ["[["]
                    : [
                        "Translation.gettext(", "Translation.ngettext(", "catalog.gettext(", "catalog.ngettext(",
                        "self.gettext(", "Sentence.gettext(",
                    ]
                if marks.contains(where: text.contains) {
                    marking.insert(String(file.path.dropFirst(Self.packageRoot.path.count + 1)))
                }
            }
        }
        #expect(marking.subtracting(listed).isEmpty, "mark these in po/POTFILES.in")
        #expect(listed.subtracting(marking).isEmpty, "po/POTFILES.in lists files that mark nothing")
    }

    /// Each message of `po` as its msgid (and msgid_plural) and msgstr forms, read from msgcat's unwrapped output.
    static func messages(_ po: String) throws -> [(ids: [String], translations: [String])] {
        let output = try bash("msgcat --no-wrap --no-location '\(po)'")
        #expect(output.status == 0, "\(output.stderr)")
        var messages: [(ids: [String], translations: [String])] = []
        for line in output.stdout.split(separator: "\n") {
            guard let quote = line.firstIndex(of: "\"") else { continue }
            let text = String(line[line.index(after: quote)..<line.index(before: line.endIndex)])
            if line.hasPrefix("msgid ") {
                messages.append(([text], []))
            } else if line.hasPrefix("msgid_plural ") {
                messages[messages.count - 1].ids.append(text)
            } else if line.hasPrefix("msgstr") {
                messages[messages.count - 1].translations.append(text)
            }
        }
        return messages.filter { $0.ids != [""] }
    }

    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test func everyTranslationKeepsItsPlaceholdersAndInventsNone() throws {
        let messages = try Self.messages("po/de.po")
        #expect(!messages.isEmpty)
        for message in messages {
            let original = message.ids.map(Self.placeholders).reduce(Set<String>()) { $0.union($1) }
            for translation in message.translations {
                let used = Self.placeholders(translation)
                #expect(used.isSubset(of: original), "\(translation) uses a placeholder \(message.ids) lacks")
                // A singular may say "one" instead of {count}; every other value must appear.
                #expect(original.subtracting(["count"]).isSubset(of: used), "\(translation) drops a value")
            }
        }
    }
}
