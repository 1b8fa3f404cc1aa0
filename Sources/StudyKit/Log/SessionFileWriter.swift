// Writes a whole new file into a session folder (a result picture) with the logs' checks: owner-only, every byte or an error.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

/// For files other parts of the game produce into a session folder. A short write, a full disk or a
/// failed fsync is an error naming the file — never a 0-byte file left behind without a word.
public enum SessionFileWriter {
    /// Creates `url` (never over an existing file), writes all `bytes`, fsyncs them.
    public static func writeNew<Bytes: Collection<UInt8>>(_ bytes: Bytes, to url: URL) throws {
        let file = try AppendOnlyFile.create(url)
        do {
            try file.append(bytes: bytes)
        } catch {
            // A cut-off file would look like a picture that failed to decode; the error says what happened.
            unlink(url.path)
            throw error
        }
    }
}
