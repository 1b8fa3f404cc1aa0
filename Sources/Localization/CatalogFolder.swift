// Where the compiled catalogs (.mo files) are found: an explicit folder, beside the program, or the system's.
import Foundation

/// The folders searched, in order, for `<language>/LC_MESSAGES/soundsafari.mo`:
/// 1. `$SOUNDSAFARI_LOCALEDIR` (tests, packagers) — when set, the only one, so a folder named on purpose is never
///    silently replaced by another;
/// 2. `locale/` beside the executable — `make build`, `make play` and `make install` compile `po/*.po` there
///    (`scripts/po.sh compile .build/<configuration>/locale`), so a checkout's build finds its own catalogs;
/// 3. `../share/locale` from the executable's folder (a prefix install: `/usr/local/bin` → `/usr/local/share/locale`);
/// 4. `/usr/share/locale` (a distribution's package).
public enum CatalogFolder {
    public static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL
    ) -> [URL] {
        var folders: [URL] = []
        if let explicit = environment["SOUNDSAFARI_LOCALEDIR"], !explicit.isEmpty {
            return [URL(fileURLWithPath: explicit, isDirectory: true)]
        }
        if let bin = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            folders.append(bin.appendingPathComponent("locale", isDirectory: true))
            folders.append(
                bin.deletingLastPathComponent().appendingPathComponent("share/locale", isDirectory: true))
        }
        folders.append(URL(fileURLWithPath: "/usr/share/locale", isDirectory: true))
        return folders
    }

    /// The first candidate holding `language`'s catalog.
    public static func find(
        for language: Language, environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL
    ) -> URL? {
        candidates(environment: environment, executable: executable).first { holdsCatalog($0, for: language) }
    }

    /// The folders searched, as paths, for the sentence that names them.
    public static func searched(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL
    ) -> [String] {
        candidates(environment: environment, executable: executable).map(\.path)
    }

    public static func catalog(in folder: URL, for language: Language) -> URL {
        folder.appendingPathComponent("\(language.rawValue)/LC_MESSAGES/\(Translation.domain).mo")
    }

    public static func holdsCatalog(_ folder: URL, for language: Language) -> Bool {
        var isFolder: ObjCBool = false
        let path = catalog(in: folder, for: language).path
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}
