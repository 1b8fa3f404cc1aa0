// Loads and validates Sounds/sounds.json, and finds the Sounds folder (--sounds, SOUNDSAFARI_SOUNDS, or walking up).
import Foundation
import TidyFormats

/// The sounds the game knows. A user adds a recording by dropping the file into the Sounds folder and
/// adding an entry; any broken entry makes `load` throw a sentence naming the entry and the field.
public struct SoundCatalog: Sendable {
    /// The catalog's file name inside the Sounds folder.
    public static let fileName = "sounds.json"
    /// The environment variable that points at a Sounds folder.
    public static let environmentVariable = "SOUNDSAFARI_SOUNDS"

    /// The Sounds folder.
    public let folder: URL
    /// Entries in file order.
    public let entries: [SoundEntry]

    public init(folder: URL, entries: [SoundEntry]) {
        self.folder = folder
        self.entries = entries
    }

    /// The entry called `name`, or `.unknownSound` listing the names there are.
    public func entry(named name: String) throws -> SoundEntry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw SpatialAudioError.unknownSound(name: name, available: entries.map(\.name))
        }
        return entry
    }

    /// The entries with `role`, in file order.
    public func entries(role: SoundRole) -> [SoundEntry] { entries.filter { $0.role == role } }

    /// Finds the Sounds folder and loads its catalog (see `locateFolder`).
    public static func locate(
        explicitFolder: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        executable: URL? = Bundle.main.executableURL
    ) throws -> SoundCatalog {
        try load(
            folder: locateFolder(
                explicitFolder: explicitFolder, environment: environment,
                currentDirectory: currentDirectory, executable: executable),
            animals: AnimalLibrary.standard(environment: environment))
    }

    /// The Sounds folder: `explicitFolder` (from `--sounds`) if given, else `$SOUNDSAFARI_SOUNDS`, else the
    /// first `Sounds/sounds.json` found walking up from the executable's folder, then from the current
    /// directory (so both `swift run` in a checkout and an installed binary next to its Sounds work).
    /// An explicit folder or variable that lacks sounds.json is an error, not a reason to look elsewhere.
    public static func locateFolder(
        explicitFolder: String?, environment: [String: String],
        currentDirectory: URL, executable: URL?
    ) throws -> URL {
        for candidate in [explicitFolder, environment[environmentVariable]].compactMap({ $0 }) where !candidate.isEmpty
        {
            let folder = resolve(candidate, against: currentDirectory)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) else {
                throw SpatialAudioError.catalogInvalid(
                    path: folder.appendingPathComponent(fileName).path,
                    reason:
                        "the file does not exist; point --sounds or \(environmentVariable) at a folder holding \(fileName)"
                )
            }
            return folder
        }
        var searched: [String] = []
        let starts = [executable?.resolvingSymlinksInPath().deletingLastPathComponent(), currentDirectory].compactMap {
            $0
        }
        for start in starts {
            var directory = start.standardizedFileURL
            while true {
                let folder = directory.appendingPathComponent("Sounds")
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) {
                    return folder
                }
                searched.append(folder.path)
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        throw SpatialAudioError.soundsFolderNotFound(searched: searched)
    }

    /// Reads and validates `folder/sounds.json`, then appends the accepted calls of `animals` (the imported
    /// recordings, `soundsafari sounds import`) as targets. sounds.json stays the one list a user edits; a
    /// recorded call whose name it already holds is left out, so a name in a protocol keeps its stimulus.
    public static func load(folder: URL, animals: AnimalLibrary? = nil) throws -> SoundCatalog {
        let url = folder.appendingPathComponent(fileName)
        let path = url.path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpatialAudioError.catalogInvalid(path: path, reason: "the file does not exist or cannot be read")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SpatialAudioError.catalogInvalid(
                path: path, reason: "it is not valid JSON (\(jsonErrorDetail(error)))")
        }
        // Like the protocol files: JSONSerialization takes a trailing comma and keeps one of two equal keys
        // (a second "gain_db" would silently win), so both are refused with their line.
        if let violation = StrictJSON.firstViolation(in: data) {
            throw SpatialAudioError.catalogInvalid(
                path: path, reason: "it is not strict JSON: line \(violation.line): \(violation.problem)")
        }
        guard let object = root as? [String: Any], let list = object["sounds"] as? [Any] else {
            throw SpatialAudioError.catalogInvalid(path: path, reason: "expected an object with a \"sounds\" array")
        }
        if let problem = SoundCatalogChecks.unknownKey(in: object, allowed: SoundCatalogChecks.topLevelKeys) {
            throw SpatialAudioError.catalogInvalid(path: path, reason: problem)
        }
        var entries: [SoundEntry] = []
        for (index, item) in list.enumerated() {
            let entry = try parseEntry(item, number: index + 1, folder: folder, catalogPath: path)
            if entries.contains(where: { $0.name == entry.name }) {
                throw SpatialAudioError.catalogEntryInvalid(
                    path: path, entry: "\(index + 1) (\"\(entry.name)\")",
                    reason: "the name is used by an earlier entry; names must be unique")
            }
            entries.append(entry)
        }
        try SoundCatalogChecks.checkFiles(entries, catalogPath: path)
        // The prepared calls were measured and checked when they were imported; only that they are still
        // there is checked here (reading fifty files at every start would cost a second of every command).
        for animal in try animals?.entries() ?? [] where !entries.contains(where: { $0.name == animal.name }) {
            guard FileManager.default.fileExists(atPath: animal.fileURL.path) else {
                throw SpatialAudioError.catalogEntryInvalid(
                    path: animals!.catalogFile.path, entry: "\"\(animal.name)\"",
                    reason: "its file '\(animal.fileURL.path)' is gone; run `soundsafari sounds import` again")
            }
            entries.append(animal)
        }
        return SoundCatalog(folder: folder, entries: entries)
    }

    private static func parseEntry(_ item: Any, number: Int, folder: URL, catalogPath: String) throws -> SoundEntry {
        guard let fields = item as? [String: Any] else {
            throw SpatialAudioError.catalogEntryInvalid(
                path: catalogPath, entry: "\(number)", reason: "it is not a JSON object")
        }
        let label = (fields["name"] as? String).map { "\(number) (\"\($0)\")" } ?? "\(number)"
        func fail(_ reason: String) -> SpatialAudioError {
            .catalogEntryInvalid(path: catalogPath, entry: label, reason: reason)
        }
        func text(_ key: String) throws -> String {
            guard let value = fields[key] as? String, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("field \"\(key)\" must be a non-empty string")
            }
            return value
        }
        if let problem = SoundCatalogChecks.unknownKey(in: fields, allowed: SoundCatalogChecks.entryKeys) {
            throw fail(problem)
        }
        let name = try text("name")
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw fail("field \"name\" may contain only letters, digits, '-' and '_' (it appears in CSV logs)")
        }
        let file = try text("file")
        guard let roleText = fields["role"] as? String, let role = SoundRole(rawValue: roleText) else {
            throw fail("field \"role\" must be one of \(SoundRole.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // JSONSerialization turns true/false into NSNumber too: tell numbers and booleans apart explicitly.
        guard let gainNumber = fields["gain_db"] as? NSNumber, !isBoolean(gainNumber),
            gainNumber.doubleValue.isFinite, (-60...20).contains(gainNumber.doubleValue)
        else {
            throw fail("field \"gain_db\" must be a number of dB between -60 and 20")
        }
        guard let loopNumber = fields["loop"] as? NSNumber, isBoolean(loopNumber) else {
            throw fail("field \"loop\" must be true or false")
        }
        let fileURL = resolve(file, against: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            throw fail("its file '\(fileURL.path)' does not exist; put the file into \(folder.path) or fix \"file\"")
        }
        return SoundEntry(
            name: name, displayName: try text("display_name"), file: file, fileURL: fileURL, role: role,
            gainDB: gainNumber.doubleValue, loop: loopNumber.boolValue,
            provenance: try text("provenance"), licence: try text("licence"))
    }

    /// `path` as is when absolute, else inside `folder` (URL(relativeTo:) would drop a folder without trailing slash).
    private static func resolve(_ path: String, against folder: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        // Foundation stores JSON booleans as NSNumber of C type 'c' (char); numbers are 'i', 'q' or 'd'.
        String(cString: number.objCType) == "c"
    }

    private static func jsonErrorDetail(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo["NSDebugDescription"] as? String) ?? nsError.localizedDescription
    }
}
