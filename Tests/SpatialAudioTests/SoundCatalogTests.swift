// sounds.json: the shipped catalog is valid, broken entries are named, and the Sounds folder is found the documented ways.
import Foundation
import Testing

@testable import SpatialAudio

@Suite("Sound catalog")
struct SoundCatalogTests {
    static let shippedSounds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sounds")

    /// A Sounds folder with one real file and a catalog made of `entries`.
    /// Each entry maps a field to its JSON text, so a test can put any JSON value (a string for a number…) in.
    private func folder(entries: [[String: String]]) throws -> URL {
        let folder = try TestSignals.temporaryDirectory("catalog")
        try AudioFileWriter.write(
            TestSignals.whiteNoise(seconds: 0.1), format: .wavPCM16,
            to: folder.appendingPathComponent("noise.wav"))
        let objects = entries.map { entry in
            "{" + entry.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
        try Data("{\"sounds\": [\(objects.joined(separator: ",\n"))]}".utf8).write(
            to: folder.appendingPathComponent("sounds.json"))
        return folder
    }

    private let goodEntry: [String: String] = [
        "name": "\"noise\"", "display_name": "\"Noise\"", "file": "\"noise.wav\"", "role": "\"target\"",
        "gain_db": "-3", "loop": "true", "provenance": "\"test\"", "licence": "\"CC0-1.0\"",
    ]

    @Test("The shipped catalog has a frog and a blue jay target, a background and a shutter, all loadable mono 48 kHz")
    func shippedCatalogIsComplete() throws {
        let catalog = try SoundCatalog.load(folder: Self.shippedSounds)
        #expect(catalog.entries(role: .target).map(\.name) == ["frog", "bluejay"])
        #expect(catalog.entries(role: .background).count >= 1)
        #expect(catalog.entries(role: .effect).map(\.name).contains("shutter"))
        for entry in catalog.entries {
            let audio = try AudioFileReader.readMono(entry.fileURL)
            #expect(audio.sampleRate == 48_000, "\(entry.name)")
            #expect(audio.durationSeconds > 0.1, "\(entry.name)")
        }
    }

    @Test("A valid entry is read with all its fields")
    func validEntry() throws {
        let folder = try folder(entries: [goodEntry])
        defer { try? FileManager.default.removeItem(at: folder) }
        let entry = try SoundCatalog.load(folder: folder).entry(named: "noise")
        #expect(entry.displayName == "Noise")
        #expect(entry.role == .target)
        #expect(entry.gainDB == -3)
        #expect(entry.loop)
        #expect(entry.fileURL.path == folder.appendingPathComponent("noise.wav").standardizedFileURL.path)
    }

    @Test(
        "A broken entry is named together with the field that is wrong",
        arguments: [
            ("gain_db", "\"loud\"", "gain_db"),
            ("loop", "1", "loop"),
            ("role", "\"foreground\"", "role"),
            ("file", "\"missing.wav\"", "missing.wav"),
            ("display_name", "\"\"", "display_name"),
            ("name", "\"has space\"", "name"),
        ])
    func brokenEntryIsNamed(field: String, value: String, mentioned: String) throws {
        var broken = goodEntry
        broken["name"] = "\"broken\""
        broken[field] = value
        let folder = try folder(entries: [goodEntry, broken])
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: SpatialAudioError.self) { try SoundCatalog.load(folder: folder) }
        let message = error?.description ?? ""
        #expect(message.contains("entry 2"), "\(message)")
        #expect(message.contains(mentioned), "\(message)")
        #expect(message.contains("sounds.json"), "\(message)")
    }

    @Test("Two entries with one name are refused")
    func duplicateNames() throws {
        let folder = try folder(entries: [goodEntry, goodEntry])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SpatialAudioError.self) { try SoundCatalog.load(folder: folder) }
    }

    @Test("A catalog that is not JSON names the file")
    func invalidJSON() throws {
        let folder = try folder(entries: [])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{ \"sounds\": [ ".utf8).write(to: folder.appendingPathComponent("sounds.json"))
        let error = #expect(throws: SpatialAudioError.self) { try SoundCatalog.load(folder: folder) }
        #expect(error?.description.contains("not valid JSON") == true)
        #expect(error?.description.contains(folder.appendingPathComponent("sounds.json").path) == true)
    }

    @Test(
        "A trailing comma or a key given twice is refused with its line, like a protocol file",
        arguments: [
            ("\"gain_db\": -3, \"gain_db\": 20", "line 2: the key \"gain_db\" appears twice"),
            ("\"gain_db\": -3,\n", "line 2: a comma before a closing bracket"),
        ])
    func notStrictJSON(field: String, expected: String) throws {
        let folder = try folder(entries: [goodEntry])
        defer { try? FileManager.default.removeItem(at: folder) }
        var entry = goodEntry
        entry["gain_db"] = nil
        let fields = entry.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        try Data("{\"sounds\": [{\(fields),\n \(field)}]}".utf8).write(to: folder.appendingPathComponent("sounds.json"))
        let error = #expect(throws: SpatialAudioError.self) { try SoundCatalog.load(folder: folder) }
        #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
    }

    @Test("An unknown sound name lists the known ones")
    func unknownSound() throws {
        let folder = try folder(entries: [goodEntry])
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try SoundCatalog.load(folder: folder)
        #expect(throws: SpatialAudioError.unknownSound(name: "lion", available: ["noise"])) {
            try catalog.entry(named: "lion")
        }
    }

    @Test("The Sounds folder is found from --sounds, then the environment, then by walking up")
    func locatingTheSoundsFolder() throws {
        let root = try folder(entries: [goodEntry])
        defer { try? FileManager.default.removeItem(at: root) }
        // A project layout: project/Sounds/sounds.json and a binary deep inside project/.build/debug/.
        let project = root.appendingPathComponent("project")
        let sounds = project.appendingPathComponent("Sounds")
        let binary = project.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: binary, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("noise.wav"), to: root.appendingPathComponent("copy.wav"))
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("sounds.json"), to: sounds.appendingPathComponent("sounds.json"))
        let elsewhere = URL(fileURLWithPath: "/")

        let walked = try SoundCatalog.locateFolder(
            explicitFolder: nil, environment: [:], currentDirectory: elsewhere,
            executable: binary.appendingPathComponent("soundsafari"))
        #expect(walked.standardizedFileURL.path == sounds.standardizedFileURL.path)
        let fromCwd = try SoundCatalog.locateFolder(
            explicitFolder: nil, environment: [:], currentDirectory: binary, executable: nil)
        #expect(fromCwd.standardizedFileURL.path == sounds.standardizedFileURL.path)
        let fromEnvironment = try SoundCatalog.locateFolder(
            explicitFolder: nil, environment: ["SOUNDSAFARI_SOUNDS": root.path],
            currentDirectory: binary, executable: nil)
        #expect(fromEnvironment.standardizedFileURL.path == root.standardizedFileURL.path)
        let explicit = try SoundCatalog.locateFolder(
            explicitFolder: root.path, environment: ["SOUNDSAFARI_SOUNDS": sounds.path],
            currentDirectory: elsewhere, executable: nil)
        #expect(explicit.standardizedFileURL.path == root.standardizedFileURL.path)
        #expect(throws: SpatialAudioError.self) {
            try SoundCatalog.locateFolder(
                explicitFolder: binary.path, environment: [:], currentDirectory: elsewhere, executable: nil)
        }
        #expect(throws: SpatialAudioError.self) {
            try SoundCatalog.locateFolder(
                explicitFolder: nil, environment: [:], currentDirectory: elsewhere, executable: nil)
        }
    }
}
