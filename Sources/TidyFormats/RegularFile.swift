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
        throw NotARegularFileError(path: path, kind: NotARegularFileError.Kind(kind))
    }

    /// `check` for a file URL.
    public static func check(_ url: URL) throws { try check(url.path) }

}

/// A path given as a file that is a FIFO, a device, a socket or a folder: refused before any byte is read.
/// It carries its facts (the path, what it is); its sentence here is English, and a caller that speaks the
/// reader's language words it from them (StudyKit's `ErrorWording`), since TidyFormats has no catalogs.
public struct NotARegularFileError: Error, Equatable, CustomStringConvertible, LocalizedError, Sendable {
    public let path: String
    /// What the path is.
    public let kind: Kind

    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        case folder, fifo, characterDevice, blockDevice, socket, other

        init(_ mode: mode_t) {
            switch mode {
            case S_IFDIR: self = .folder
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }

        /// In English, as other sentences name it: "a FIFO (named pipe)".
        public var description: String {
            switch self {
            case .folder: "a folder"
            case .fifo: "a FIFO (named pipe)"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "not a regular file"
            }
        }
    }

    public var description: String {
        kind == .other
            ? "\(path) is not a regular file; give the path of the file itself (nothing was read from it)."
            : "\(path) is \(kind), not a regular file; give the path of the file itself (nothing was read from it)."
    }

    public var errorDescription: String? { description }
}
