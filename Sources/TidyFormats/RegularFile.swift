// The one check every reader of a user-given file makes first: the path is a regular file (not a FIFO, device, folder).
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a FIFO blocks until someone writes into it, `/dev/zero` never ends and a folder gives a misleading
/// "permission" error: each reader (SOFA, profile, plan, audiogram, ratings, protocols, the analyzer's inputs)
/// calls `RegularFile.check` before it opens the path. `stat(2)` follows links, so a link to a regular file is
/// fine, and it never opens the path (opening a FIFO for reading would itself block).
public enum RegularFile {
    /// Throws `NotARegularFileError` when `path` exists and is anything but a regular file. A missing path is
    /// left to the reader, which says "does not exist" in its own words.
    public static func check(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFREG else { return }
        throw NotARegularFileError(path: path, kind: describe(kind))
    }

    /// `check` for a file URL.
    public static func check(_ url: URL) throws { try check(url.path) }

    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

/// A path given as a file that is a FIFO, a device, a socket or a folder: refused before any byte is read.
public struct NotARegularFileError: Error, Equatable, CustomStringConvertible, LocalizedError, Sendable {
    public let path: String
    /// What the path is, e.g. "a FIFO (named pipe)".
    public let kind: String

    public var description: String {
        "\(path) is \(kind), not a regular file; give the path of the file itself (nothing was read from it)."
    }

    public var errorDescription: String? { description }
}
