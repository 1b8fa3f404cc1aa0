// What a logs folder holds that the server does not, as bounded batches; every record read with StudyRecords' codecs.
import Foundation
import StudyRecords
import TidyFormats

public enum SyncPlan {
    /// A batch's items are at most this many bytes (the server takes 1 MiB of JSON, escaping included).
    public static let defaultBatchBytes = 512 * 1024

    /// Every batch the logs folder still has to send, given what the server holds (keyed by file path). A session
    /// folder is read whole; a cut-off last line (a crash mid-write) is not a record and waits. The folders of
    /// `deleted` participants (an admin deleted their data on the server, which no longer takes it) are left out.
    /// With `pictures`, each session's result pictures the server lacks go too (`ResultPictureItem`).
    public static func batches(
        logs: URL, held: [String: HeldFile], deleted: Set<String> = [], batchBytes: Int = defaultBatchBytes,
        pictures: Bool = false
    ) throws -> [SyncBatch] {
        var batches: [SyncBatch] = []
        let manager = FileManager.default
        /// Items from number `start + 1` on, as batches of at most `batchBytes`.
        func enqueue(_ file: String, kind: String, header: String?, start: Int, items: some Sequence<String>) {
            var batch = SyncBatch(file: file, kind: kind, header: header, first: start + 1, items: [])
            for item in items {
                if !batch.items.isEmpty && batch.bytes + item.utf8.count > batchBytes {
                    batches.append(batch)
                    batch.first = (batch.first ?? 1) + batch.items.count
                    batch.items = []
                }
                batch.items.append(item)
            }
            batches.append(batch)
        }
        func add(_ file: String, kind: String, read: (Data) throws -> (header: String, items: [String])) throws {
            guard let data = manager.contents(atPath: logs.appendingPathComponent(file).path) else { return }
            if let held = held[file], isFullyHeld(data, held) { return }
            let (header, items) = try read(data)
            let start = held[file]?.held ?? 0
            guard start < items.count else { return }
            enqueue(file, kind: kind, header: header, start: start, items: items[start...])
        }
        func addDocument(_ file: String, kind: String, check: (Data) throws -> Void) throws {
            guard let data = manager.contents(atPath: logs.appendingPathComponent(file).path) else { return }
            if kind == "plan" && (held[file]?.held ?? 0) > 0 { return }
            // The state the server holds last needs no reading: it was read when it was sent.
            guard SHA256.hex(data) != held[file]?.lastSHA256 else { return }
            try check(data)
            batches.append(
                SyncBatch(
                    file: file, kind: kind, header: nil, first: kind == "plan" ? 1 : nil,
                    items: [String(decoding: data, as: UTF8.self)]))
        }

        // profile.json: item n is the file as of version n (versions 1…n, written as the game writes them), so a
        // new version is a new item and nothing held is ever sent again differently.
        func addProfile(participant: String, folder: URL) throws {
            let file = "\(participant)/\(HearingProfile.fileName)"
            let url = folder.appendingPathComponent(HearingProfile.fileName)
            guard manager.fileExists(atPath: url.path) else { return }
            let versions = try HearingProfile.readAll(url)
            let start = held[file]?.held ?? 0
            guard start < versions.count else { return }
            let items = ((start + 1)...versions.count).lazy.map { count in
                String(decoding: HearingProfile.encoded(versions: Array(versions.prefix(count))), as: UTF8.self)
            }
            enqueue(file, kind: "profile", header: nil, start: start, items: items)
        }

        try add("participants.csv", kind: "participants") {
            lines(
                try CSVLogFile<ParticipantRecord>.decode($0, file: logs.appendingPathComponent("participants.csv").path)
            )
        }
        let participants = (try? manager.contentsOfDirectory(atPath: logs.path))?.sorted() ?? []
        for participant in participants where isFolder(logs.appendingPathComponent(participant)) {
            if participant.hasPrefix(".") || deleted.contains(participant) { continue }
            let folder = logs.appendingPathComponent(participant)
            try add("\(participant)/ratings.csv", kind: "ratings") {
                lines(try CSVLogFile<RatingRow>.decode($0, file: folder.appendingPathComponent("ratings.csv").path))
            }
            // The patient's record: questionnaire answers and scores, diary entries (append-only like ratings.csv).
            try add("\(participant)/questionnaires.csv", kind: "questionnaires") {
                lines(
                    try CSVLogFile<QuestionnaireRow>.decode(
                        $0, file: folder.appendingPathComponent("questionnaires.csv").path))
            }
            try add("\(participant)/diary.csv", kind: "diary") {
                lines(try CSVLogFile<DiaryRow>.decode($0, file: folder.appendingPathComponent("diary.csv").path))
            }
            // The patient's messages to the team and the answers sync wrote into the same file.
            try add("\(participant)/\(MessageLog.fileName)", kind: "messages") {
                lines(
                    try CSVLogFile<MessageRow>.decode(
                        $0, file: folder.appendingPathComponent(MessageLog.fileName).path))
            }
            // The comparisons of choosing an HRTF by ear and each choice's winner.
            try add("\(participant)/\(LogFileNames.hrtfChoice)", kind: "hrtf-choice") {
                lines(
                    try CSVLogFile<HRTFChoiceRow>.decode(
                        $0, file: folder.appendingPathComponent(LogFileNames.hrtfChoice).path))
            }
            try addProfile(participant: participant, folder: folder)
            let entries = (try? manager.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
            for name in entries where name.hasPrefix("plan-") && name.hasSuffix(".json") {
                try addDocument("\(participant)/\(name)", kind: "plan") {
                    _ = try AssignedPlan.decode($0, url: folder.appendingPathComponent(name))
                }
            }
            for session in entries where isFolder(folder.appendingPathComponent(session)) {
                let path = "\(participant)/\(session)"
                guard manager.fileExists(atPath: logs.appendingPathComponent("\(path)/session.json").path) else {
                    continue
                }
                try addDocument("\(path)/session.json", kind: "session") {
                    _ = try SessionRecord.decode($0, file: logs.appendingPathComponent("\(path)/session.json").path)
                }
                try add("\(path)/trials.csv", kind: "trials") {
                    lines(
                        try CSVLogFile<TrialRow>.decode(
                            $0, file: logs.appendingPathComponent("\(path)/trials.csv").path))
                }
                if pictures {
                    for name in try manager.contentsOfDirectory(atPath: logs.appendingPathComponent(path).path).sorted()
                    where ResultPictureItem.isPictureName(name) && held["\(path)/\(name)"] == nil {
                        // A result picture is written once, whole (SessionFileWriter.writeNew): once held, never
                        // sent again.
                        guard let data = manager.contents(atPath: logs.appendingPathComponent("\(path)/\(name)").path)
                        else { continue }
                        batches.append(
                            SyncBatch(
                                file: "\(path)/\(name)", kind: ResultPictureItem.kind, header: nil, first: 1,
                                items: [try ResultPictureItem.encode(data, file: "\(path)/\(name)")]))
                    }
                }
                // A head tracker's readings (only sessions steered by one have it); a reading cut off by a crash
                // is no record and waits, like a cut-off trial row.
                try add("\(path)/\(TrackerLog.fileName)", kind: "tracker") {
                    lines(
                        try CSVLogFile<TrackerRow>.decode(
                            $0, file: logs.appendingPathComponent("\(path)/\(TrackerLog.fileName)").path))
                }
            }
        }
        return batches
    }

    /// True when the server already holds every record of a CSV log: its header and `held` lines, the last of
    /// them the one the server hashed. Decoding every record of every file on every sync took 27 s for 33 MB of
    /// logs; this check reads the bytes once. A file it cannot vouch for (a quoted line break, other bytes than the
    /// codec writes) is decoded as before, so it only ever skips what would have produced no batch.
    static func isFullyHeld(_ data: Data, _ held: HeldFile) -> Bool {
        guard held.held > 0, data.last == 0x0A else { return false }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var lastLineStart = 0
            var count = 0
            var offset = 0
            while offset < buffer.count,
                let found = memchr(base + offset, 0x0A, buffer.count - offset)
            {
                let end = base.distance(to: UnsafeRawPointer(found)) + 1
                count += 1
                if end < buffer.count { lastLineStart = end }
                offset = end
            }
            // `count` lines end in a line break: the header and `held` records, no more, no fewer.
            guard count == held.held + 1 else { return false }
            let lastLine = Data(buffer[lastLineStart...])
            return SHA256.hex(lastLine) == held.lastSHA256
        }
    }

    /// A CSV log as the header line and one line per record, as StudyRecords writes them (the same bytes as the file).
    static func lines<Record>(_ file: CSVLogFile<Record>) -> (header: String, items: [String]) {
        (CSVWriter.headerLine(file.header), file.records.map { CSVWriter.line($0.values(under: file.header)) })
    }

    /// The `deleted` participants that still have a folder in `logs` (a sync says it leaves them out).
    public static func deletedFolders(logs: URL, deleted: [String]) -> [String] {
        deleted.filter { isFolder(logs.appendingPathComponent($0)) }
    }

    static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
