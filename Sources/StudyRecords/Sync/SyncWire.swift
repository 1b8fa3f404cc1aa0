// The sync API's shapes, shared by the study server and `soundsafari sync`: how far files are held, and a batch.
import Foundation

/// How far the server holds one file (its answer to `GET /api/v1/sync/state`).
public struct HeldFile: Codable, Equatable, Sendable {
    public var file: String
    public var kind: String
    public var held: Int
    public var lastSHA256: String

    enum CodingKeys: String, CodingKey {
        case file, kind, held
        case lastSHA256 = "last_sha256"
    }

    public init(file: String, kind: String, held: Int, lastSHA256: String) {
        self.file = file
        self.kind = kind
        self.held = held
        self.lastSHA256 = lastSHA256
    }
}

/// The server's answer to `GET /api/v1/sync/state`: every file of the machine it holds, and the participants of the
/// machine's site an admin deleted (their folders are no longer taken, so a sync leaves them out).
public struct SyncState: Codable, Equatable, Sendable {
    public var files: [HeldFile]
    public var deleted: [String]

    public init(files: [HeldFile], deleted: [String]) {
        self.files = files
        self.deleted = deleted
    }

    /// A server from before deletions answers without `deleted`: none deleted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        files = try container.decode([HeldFile].self, forKey: .files)
        deleted = try container.decodeIfPresent([String].self, forKey: .deleted) ?? []
    }

    enum CodingKeys: String, CodingKey {
        case files, deleted
    }

    /// The files held, by path.
    public var held: [String: HeldFile] { Dictionary(uniqueKeysWithValues: files.map { ($0.file, $0) }) }
}

/// Items of one file for `POST /api/v1/sync/batch`: CSV records from record `first` on, or one JSON document.
public struct SyncBatch: Codable, Equatable, Sendable {
    public var file: String
    public var kind: String
    public var header: String?
    public var first: Int?
    public var items: [String]

    public init(file: String, kind: String, header: String?, first: Int?, items: [String]) {
        self.file = file
        self.kind = kind
        self.header = header
        self.first = first
        self.items = items
    }

    /// Every member a batch may have (the server refuses any other).
    public static let fields: Set<String> = ["file", "kind", "header", "first", "items"]

    public var bytes: Int { items.reduce(header?.utf8.count ?? 0) { $0 + $1.utf8.count } }
}
