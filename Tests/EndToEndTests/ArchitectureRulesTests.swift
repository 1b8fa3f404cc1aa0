// The import rules of docs/ARCHITECTURE.md, checked on the sources: a target that reaches past its room fails here.
import Foundation
import Testing

@Suite struct ArchitectureRulesTests {
    /// What each target may import (the table in docs/ARCHITECTURE.md). System modules every Swift target
    /// has (Foundation, Dispatch, Synchronization, Glibc) are allowed everywhere.
    static let allowed: [String: Set<String>] = [
        "Sources/TidyFormats": ["CCSV"],
        "Sources/Localization": ["CIntl"],
        "Sources/GameCore": [],
        "Sources/BuildInfo": [],
        "Sources/version-stamp": [],
        "Sources/StudyRecords": ["GameCore", "TidyFormats", "Localization"],
        "Sources/SpatialAudio": ["COpenAL", "CSndFile", "CMySofa", "CSoxr", "CEbur128", "GameCore", "TidyFormats"],
        "Sources/StudyKit": ["GameCore", "StudyRecords", "TidyFormats", "Localization", "FoundationNetworking"],
        "Sources/SessionRuntime": ["BuildInfo", "GameCore", "SpatialAudio", "StudyKit", "StudyRecords"],
        "Sources/HeadTracking": ["CLo", "GameCore"],
        "Sources/PatientExport": [
            "GameCore", "StudyRecords", "StudyKit", "TidyFormats", "StudyAnalysis", "Localization",
        ],
        "Sources/GameUI": [
            "CSDL2", "CPNG", "GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "SessionRuntime", "HeadTracking",
            "TidyFormats", "Localization",
        ],
        "Sources/SoundSafariCommands": [
            "ArgumentParser", "BuildInfo", "GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "SessionRuntime",
            "GameUI", "HeadTracking", "TidyFormats", "Localization", "PatientExport",
        ],
        "Sources/soundsafari": ["SoundSafariCommands"],
        "Sources/soundsafari-autopilot": ["SoundSafariCommands", "GameUI"],
        "Sources/soundsafari-bench": [
            "GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "SessionRuntime", "GameUI", "TidyFormats",
            "HeadTracking",
        ],
        // The analysis reads the logs through StudyRecords; it never imports a game target itself.
        "Analysis/Sources/StudyAnalysis": ["CRmath", "StudyRecords", "TidyFormats", "Localization"],
        "Analysis/Sources/soundsafari-analyze": ["ArgumentParser", "BuildInfo", "StudyAnalysis"],
        // The study server (its own package in Server/) reads the logs through StudyRecords, like the analyzer, and
        // makes the doctor's record with PatientExport, as the game does.
        "Server/Sources/StudyServer": [
            "Hummingbird", "HummingbirdBcrypt", "PostgresNIO", "Mustache", "StudyRecords", "TidyFormats",
            "StudyAnalysis", "PatientExport", "BuildInfo", "Localization", "HTTPTypes", "NIOCore", "Logging",
        ],
        "Server/Sources/soundsafari-server": ["StudyServer", "ArgumentParser", "BuildInfo", "Logging"],
        // Its HTTP client is SwiftNIO's (one kept-alive connection, as a machine's sync holds one).
        "Server/Sources/soundsafari-server-bench": [
            "StudyServer", "StudyRecords", "TidyFormats", "Logging", "NIOCore", "NIOPosix", "NIOHTTP1",
        ],
    ]
    static let everywhere: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc"]

    /// The modules a target's Swift files import, with the first file importing each.
    static func imports(of target: String) throws -> (modules: [String: String], files: Int) {
        let folder = SoundSafariBinary.packageRoot.appendingPathComponent(target)
        var found: [String: String] = [:]
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                    index + 1 < words.count
                else { continue }
                found[String(words[index + 1]), default: file.lastPathComponent] =
                    found[String(words[index + 1])]
                    ?? file.lastPathComponent
            }
        }
        return (found, files.count)
    }

    @Test("every target imports only what docs/ARCHITECTURE.md allows it", arguments: allowed.keys.sorted())
    func targetImportsOnlyWhatItMay(target: String) throws {
        let (imports, files) = try Self.imports(of: target)
        #expect(files > 0, "\(target) has no Swift files: is the table out of date?")
        let allowed = Self.allowed[target, default: []].union(Self.everywhere)
        for (module, file) in imports.sorted(by: { $0.key < $1.key }) where !allowed.contains(module) {
            Issue.record("\(target)/\(file) imports \(module), which docs/ARCHITECTURE.md does not allow there")
        }
    }

    @Test func everySourceTargetIsInTheTable() throws {
        let root = SoundSafariBinary.packageRoot
        var targets: [String] = []
        for parent in ["Sources", "Analysis/Sources", "Server/Sources"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(parent).path)
            where !name.hasPrefix("C") || name.first?.isLowercase == true {
                targets.append("\(parent)/\(name)")
            }
        }
        #expect(Set(targets) == Set(Self.allowed.keys))
    }
}
