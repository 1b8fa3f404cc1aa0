// TidyFormats' errors worded where the catalogs are (StudyKit's ErrorWording): in English the very words TidyFormats
// says, so a log, a test or an English patient reads the same sentence either way. (German is shown by a command in
// its own process: LocalizedCommandTests; this process never activates another language.)
import Foundation
import Testing

@testable import StudyKit
@testable import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ErrorWordingTests {
    @Test func aFolderOrAFIFOGivenAsAFileIsWordedAsTidyFormatsSaysIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wording-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for (path, kind) in [
            (folder.path, NotARegularFileError.Kind.folder), (fifo.path, .fifo), ("/dev/null", .characterDevice),
        ] {
            let error = try #require(throws: NotARegularFileError.self) { try RegularFile.check(path) }
            #expect(error.kind == kind)
            #expect(ErrorWording.sentence(for: error) == error.description)
        }
        for kind in [NotARegularFileError.Kind.blockDevice, .socket, .other] {
            let error = NotARegularFileError(path: "/x", kind: kind)
            #expect(ErrorWording.sentence(for: error) == error.description)
        }
        #expect(
            NotARegularFileError(path: "/x", kind: .other).description
                == "/x is not a regular file; give the path of the file itself (nothing was read from it).")
    }

    @Test func aWholeFileWriteAndACSVFileAreWordedAsTidyFormatsSaysThem() {
        let errors: [any Error & CustomStringConvertible] = [
            AtomicFileError.notWritten(path: "/d/display.json", errno: ENOSPC),
            AtomicFileError.notWritten(path: "/d/display.json", errno: EACCES),
            AtomicFileError.alreadyExists(path: "/d/x.csv"),
            CSVReadError.unreadable(file: "a.csv", reason: "no such file"),
            CSVReadError.empty(file: "a.csv"),
            CSVReadError.missingColumn(file: "a.csv", line: 1, column: "partcipant", header: ["participant", "age"]),
            CSVReadError.missingColumn(file: "a.csv", line: 1, column: "zzz", header: ["participant", "age"]),
        ]
        for error in errors { #expect(ErrorWording.sentence(for: error) == error.description) }
        // A row's problem is its reader's own text: left to its description.
        #expect(
            ErrorWording.sentence(
                for: CSVReadError.invalidRow(file: "a.csv", line: 2, column: nil, problem: "p", advice: "a")) == nil)
        #expect(ErrorWording.sentence(for: CocoaError(.fileNoSuchFile)) == nil)
    }
}
