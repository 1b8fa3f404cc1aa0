// profile.json on disk: read as the participant's own, versions appended under the participant's lock, atomically.
import Foundation
import GameCore
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

extension HearingProfile {
    /// `<logs>/<participant>/profile.json`
    public static func url(logs: URL, participant: String) -> URL {
        logs.appendingPathComponent(participant).appendingPathComponent(fileName)
    }

    // MARK: Reading

    /// Reads the newest version; every error names the file and the field.
    public static func read(_ url: URL) throws -> HearingProfile {
        try readAll(url).last!
    }

    /// The newest version of `participant`'s own profile (`<logs>/<participant>/profile.json`), nil when there
    /// is none. The participant named on the command line is whose profile it is: a file whose `participant`
    /// says someone else, and a link (of the file or the folder) into another participant's folder, are
    /// refused — a session or a writer must never take or change another participant's profile.
    public static func load(logs: URL, participant: String) throws -> HearingProfile? {
        try loadAll(logs: logs, participant: participant).last
    }

    /// Every version of `participant`'s own profile, checked as `load` does; empty when there is none.
    public static func loadAll(logs: URL, participant: String) throws -> [HearingProfile] {
        let url = Self.url(logs: logs, participant: participant)
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return [] }
            throw StudyFileError.system(path: url.path, action: "open", errno: code)
        }
        // A FIFO or a device is said as such first (also through a link), before any other check.
        try RegularFile.check(url)
        let resolved = url.resolvingSymlinksInPath()
        if status.st_mode & S_IFMT == S_IFLNK || resolved.deletingLastPathComponent().lastPathComponent != participant {
            throw ProfileError(
                path: url.path, field: "(file)",
                problem:
                    "is a link to \(resolved.path); a profile is read and written only as a file in the participant's own folder — replace the link by a copy of the file"
            )
        }
        let versions = try readAll(url)
        if let other = versions.last?.participant, other != participant {
            throw ProfileError(
                path: url.path, field: "participant",
                problem:
                    "says \(other), but the file is in \(participant)'s folder and --participant is \(participant); nothing was written — if the file is \(other)'s, move it to their folder"
            )
        }
        return versions
    }

    /// Every version, oldest first.
    public static func readAll(_ url: URL) throws -> [HearingProfile] {
        let path = url.path
        try RegularFile.check(url)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ProfileError(path: path, field: "(file)", problem: "cannot be read (\(error.localizedDescription))")
        }
        return try decodeAll(data, path: path)
    }

    /// Appends `next` as a new version of the participant's profile (created when missing): earlier versions are
    /// kept under `versions`, the file is replaced atomically. Returns the version written, numbered. The
    /// versions are read and written under the participant's lock (`StartLock`), so two writers at once both
    /// get their version in, one after the other; each writes its own temporary file (`AtomicFile`).
    @discardableResult
    public static func append(_ next: HearingProfile, logs: URL, at date: Date = Date()) throws -> HearingProfile {
        let url = Self.url(logs: logs, participant: next.participant)
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let lock = try StartLock.acquire(url.deletingLastPathComponent())
        defer { withExtendedLifetime(lock) {} }
        let earlier = try loadAll(logs: logs, participant: next.participant)
        var written = next
        written.version = (earlier.last?.version ?? 0) + 1
        written.createdAt = date
        let data = encoded(versions: earlier + [written])
        try AtomicFile.replace(url, with: data)
        return written
    }
}
