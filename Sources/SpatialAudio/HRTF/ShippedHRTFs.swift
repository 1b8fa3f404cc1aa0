// The measured HRTF sets SoundSafari ships (HRTF/ beside Sounds/), made ready as candidates for choosing by ear.
import Foundation

/// The SOFA sets in the repository's `HRTF/` folder, each beside its licence (HRTF/README.md says which sets
/// are shipped and why the others are not). They live beside the Sounds folder, as Questionnaires/ does, so a
/// checkout and the Debian package (`/usr/share/soundsafari/HRTF`) both find them. A set is imported into the
/// user's `HRTFLibrary` under its file's name on first use, the same import as `soundsafari hrtf import`.
public struct ShippedHRTFs: Sendable {
    public static let folderName = "HRTF"
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// The shipped folder beside `soundsFolder` (`SoundCatalog.locate`'s folder).
    public init(besideSounds soundsFolder: URL) {
        folder = soundsFolder.deletingLastPathComponent().appendingPathComponent(Self.folderName, isDirectory: true)
    }

    /// The SOFA files, sorted by name (the name a set gets for `--hrtf`).
    public func files() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".sofa") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A candidate ready to be heard: its name for OpenAL Soft and the SHA-256 of its data file.
    public struct Candidate: Sendable, Equatable {
        public let name: String
        /// Empty for a set built into OpenAL Soft (no file).
        public let sha256: String
    }

    /// Every shipped set imported into `library` (those imported before are used as they are), then OpenAL
    /// Soft's own default set. A set that cannot be used is left out and said in one sentence in `leftOut`.
    public func candidates(library: HRTFLibrary) -> (candidates: [Candidate], leftOut: [String]) {
        var candidates: [Candidate] = []
        var leftOut: [String] = []
        let installed = Set(library.installed())
        for file in files() {
            let name = HRTFLibrary.defaultName(for: file.path)
            do {
                if !installed.contains(name) { _ = try library.importSOFA(from: file.path, name: name) }
                guard let sha = library.sha256(ofHRTFNamed: name) else {
                    throw HRTFImportError.notLoadedByOpenAL(name: name, folder: library.folder.path)
                }
                candidates.append(Candidate(name: name, sha256: sha))
            } catch {
                leftOut.append("Left out of the choice — \(error)")
            }
        }
        // OpenAL Soft's default (the first set it lists that is not one of SoundSafari's imports).
        let imported = Set(library.installed())
        if let builtIn = ((try? SpatialAudioEngine.listUsableHRTFs()) ?? []).first(where: { !imported.contains($0) }) {
            candidates.append(Candidate(name: builtIn, sha256: library.sha256(ofHRTFNamed: builtIn) ?? ""))
        }
        return (candidates, leftOut)
    }
}
