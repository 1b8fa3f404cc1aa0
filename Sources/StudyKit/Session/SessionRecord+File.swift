// session.json on disk: read with the record's codec, replaced atomically and fsync'ed.
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

extension SessionRecord {
    /// Reads a session.json; errors name the file and what is wrong.
    public static func read(_ url: URL) throws -> SessionRecord {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StudyFileError.unreadableSession(path: url.path, reason: (error as NSError).localizedDescription)
        }
        do { return try decode(data, file: url.path) } catch let error as RecordError {
            throw StudyFileError.unreadableSession(path: url.path, reason: error.reason)
        }
    }

    /// Writes session.json with the one atomic write (`AtomicFile`), so a crash leaves either the old or the new
    /// version, never half of one.
    public func write(to url: URL) throws {
        try AtomicFile.replace(url, with: try encoded())
    }
}
