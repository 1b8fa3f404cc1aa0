// Creates the logs folder and its session folders owner-only (0700), reading errno the moment mkdir(2) fails.
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Folders of the logs: rwx------ so other users of a shared computer cannot list or read health data.
/// FileManager's `createDirectory` reports failures as Foundation errors (`NSCocoaErrorDomain Code=642`)
/// and leaves errno to whatever ran last; this makes each missing folder with mkdir(2) and keeps its errno.
public enum OwnerOnlyFolder {
    static let mode: mode_t = 0o700

    /// Makes `url` and any missing parent; an existing folder is fine, an existing file is an error.
    public static func createWithParents(_ url: URL) throws {
        let path = url.standardizedFileURL.path
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/" {
            var status = stat()
            if stat(current, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw StudyFileError.system(path: current, action: "create the folder", errno: ENOTDIR)
                }
                break
            }
            let code = errno
            guard code == ENOENT else { throw StudyFileError.system(path: current, action: "open", errno: code) }
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for folder in missing.reversed() {
            try create(URL(fileURLWithPath: folder), existingIsFine: true)
        }
    }

    /// Makes one folder. Returns false when it already existed (and `existingIsFine`), true when made here.
    @discardableResult
    static func create(_ url: URL, existingIsFine: Bool) throws -> Bool {
        if mkdir(url.path, mode) == 0 {
            AtomicFile.syncDirectory(of: url)
            return true
        }
        let code = errno
        if code == EEXIST && existingIsFine {
            var status = stat()
            if stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return false }
            throw StudyFileError.system(path: url.path, action: "create the folder", errno: ENOTDIR)
        }
        throw StudyFileError.system(path: url.path, action: "create the folder", errno: code)
    }
}
