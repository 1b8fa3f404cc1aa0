// The instruments a machine offers: the shipped Questionnaires/ folder and those a clinic added (owner-only).
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Shipped instruments live beside the Sounds folder (`Questionnaires/`); a clinic's own — a licensed scale's
/// wording in its language, or a new instrument — are added to `$XDG_DATA_HOME/soundsafari/questionnaires`
/// (default `~/.local/share/...`), one file per id, version and language, never replaced.
public struct InstrumentLibrary {
    public let shipped: URL
    public let added: URL

    public init(shipped: URL, added: URL) {
        self.shipped = shipped
        self.added = added
    }

    public static func addedFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = URL(fileURLWithPath: data, isDirectory: true)
        } else {
            base = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        }
        return base.appendingPathComponent("soundsafari/questionnaires", isDirectory: true)
    }

    public struct Entry: Sendable, Equatable {
        public let instrument: Instrument
        public let url: URL
        public let isShipped: Bool
        /// A licensed scale whose wording has not been added: it can be scored, not taken.
        public var needsWording: Bool { instrument.wordingLicensed && instrument.items.contains { $0.text == nil } }
    }

    /// Every instrument, shipped first, each folder sorted by file name; a broken file is an error naming it, and so
    /// is a shipped translation (`case-history.de.json`) that is not the same measurement as the shipped file of its
    /// id and version in another language (`Instrument.wordless`: only the wording may differ).
    public func all() throws -> [Entry] {
        var entries: [Entry] = []
        for (folder, isShipped) in [(shipped, true), (added, false)] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                $0.hasSuffix(".json")
            }.sorted()
            for name in names {
                let url = folder.appendingPathComponent(name)
                entries.append(Entry(instrument: try Self.read(url), url: url, isShipped: isShipped))
            }
        }
        try Self.checkTranslations(entries.filter(\.isShipped))
        return entries
    }

    /// Each shipped file of an id and version measures what its English one (else the first) does, wording aside.
    static func checkTranslations(_ shipped: [Entry]) throws {
        for entry in shipped {
            let group = shipped.filter {
                $0.instrument.id == entry.instrument.id && $0.instrument.version == entry.instrument.version
            }
            guard let original = group.first(where: { $0.instrument.language == "en" }) ?? group.first,
                original.url != entry.url
            else { continue }
            guard entry.instrument.language != original.instrument.language else {
                throw ProtocolError(
                    file: entry.url.path, field: "language",
                    problem:
                        "repeats \(original.url.lastPathComponent)'s id, version and language; give it its own language"
                )
            }
            guard entry.instrument.wordless == original.instrument.wordless else {
                throw ProtocolError(
                    file: entry.url.path, field: "items",
                    problem:
                        "must be \(original.url.lastPathComponent) in other words: the same items, kinds, values, ranges, conditions and scoring; translate only the wording"
                )
            }
        }
    }

    public static func read(_ url: URL) throws -> Instrument {
        // A FIFO or a device given as the file would block or never end (the one check of every reader).
        try RegularFile.check(url)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ProtocolError(
                file: url.path, field: "", problem: "cannot be read (\((error as NSError).localizedDescription))")
        }
        return try InstrumentFile.parse(data, file: url.path)
    }

    /// Checks `file` and stores a copy among the added instruments. A file for a shipped licensed scale must
    /// keep its item ids and declare exactly the shipped scoring: a translation adds wording, never a new score.
    @discardableResult
    public func add(_ file: URL) throws -> URL {
        try RegularFile.check(file)
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw ProtocolError(
                file: file.path, field: "", problem: "cannot be read (\((error as NSError).localizedDescription))")
        }
        let (url, isNew) = try add(data: data, file: file.path)
        guard isNew else {
            throw ProtocolError(
                file: file.path, field: "version", problem: "is already added as \(url.path), unchanged")
        }
        return url
    }

    /// Checks an instrument's bytes (`file` names them in a refusal) and stores them among the added instruments;
    /// the same bytes added again are the file already there (`isNew` false: a study server's instrument received
    /// twice), other bytes under the same id, version and language are refused.
    public func add(data: Data, file: String) throws -> (url: URL, isNew: Bool) {
        let instrument = try InstrumentFile.parseAddable(data, file: file)
        let target = added.appendingPathComponent(InstrumentFile.addedName(instrument))
        if let held = FileManager.default.contents(atPath: target.path) {
            guard held != data else { return (target, false) }
            throw ProtocolError(
                file: file, field: "version",
                problem:
                    "\(instrument.id) version \(instrument.version) (\(instrument.language)) is already added as \(target.path); raise the version for a changed file"
            )
        }
        if let shippedOne = try all().first(where: { $0.isShipped && $0.instrument.id == instrument.id }) {
            guard shippedOne.instrument.wordingLicensed else {
                throw ProtocolError(
                    file: file, field: "id",
                    problem:
                        "'\(instrument.id)' is shipped with SoundSafari; give your own instrument another id")
            }
            guard instrument.items.map(\.id) == shippedOne.instrument.items.map(\.id) else {
                throw ProtocolError(
                    file: file, field: "items",
                    problem:
                        "must have the item ids of the shipped \(instrument.id) (\(shippedOne.instrument.items.count) items, in order)"
                )
            }
            guard instrument.scoring == shippedOne.instrument.scoring else {
                throw ProtocolError(
                    file: file, field: "scoring",
                    problem:
                        "differs from the scoring of the shipped \(instrument.id); copy it unchanged from \(shippedOne.url.path)"
                )
            }
        }
        try OwnerOnlyFolder.createWithParents(added)
        // Created exclusively and owner-only: an added instrument is never replaced, a new version is a new file.
        let copy = try AppendOnlyFile.create(target)
        try copy.append(String(decoding: data, as: UTF8.self))
        return (target, true)
    }
}
