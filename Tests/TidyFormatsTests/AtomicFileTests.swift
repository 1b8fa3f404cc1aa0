// The one atomic write: the whole new file or the old one, owner-only, never a temporary left behind.
import Foundation
import Testing

@testable import TidyFormats

@Suite struct AtomicFileTests {
    private func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func replaceWritesAnOwnerOnlyFileAndReplacesIt() throws {
        let folder = try folder("replace")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("settings.json")
        try AtomicFile.replace(file, with: Data("one".utf8))
        try AtomicFile.replace(file, with: Data("two".utf8))
        #expect(try String(contentsOf: file, encoding: .utf8) == "two")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try names(in: folder) == ["settings.json"])
    }

    @Test func aFillerThatFailsLeavesTheOldFileAndNoTemporary() throws {
        struct Refused: Error {}
        let folder = try folder("filling")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("speech.wav")
        try AtomicFile.replace(file) { partial in try Data("old".utf8).write(to: partial) }
        #expect(throws: Refused.self) {
            try AtomicFile.replace(file) { partial in
                try Data("half".utf8).write(to: partial)
                throw Refused()
            }
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "old")
        #expect(try names(in: folder) == ["speech.wav"])
    }

    @Test func createNewNeverOverwrites() throws {
        let folder = try folder("create")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plan-001.json")
        try AtomicFile.createNew(file, with: Data("first".utf8))
        #expect(throws: AtomicFileError.alreadyExists(path: file.path)) {
            try AtomicFile.createNew(file, with: Data("second".utf8))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "first")
        #expect(try names(in: folder) == ["plan-001.json"])
    }

    @Test func aFolderThatIsMissingIsOneSentenceNamingTheFile() throws {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/display.json")
        #expect(throws: AtomicFileError.notWritten(path: file.path, errno: ENOENT)) {
            try AtomicFile.replace(file, with: Data("x".utf8))
        }
        #expect(
            AtomicFileError.notWritten(path: file.path, errno: ENOENT).description.hasPrefix(
                "Cannot write \(file.path)"))
    }
}
