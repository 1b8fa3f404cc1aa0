// participants.csv at the logs root: register each participant once, look up whether one is registered.
import Foundation
import StudyRecords
import TidyFormats

/// The participant register of a logs folder. Rows are appended under an exclusive file lock and
/// fsync'ed; existing rows are never rewritten. A supervisor may add columns in a spreadsheet: new
/// rows follow the file's own header, leaving added columns empty.
public struct ParticipantRegistry: Sendable {
    public let url: URL

    public init(logs: URL) {
        url = logs.appendingPathComponent("participants.csv")
    }

    /// Every row, in file order (a corrected participant has several; the last is current).
    public func all() throws -> [ParticipantRecord] {
        guard let data = FileManager.default.contents(atPath: url.path), !data.isEmpty else { return [] }
        return try Self.records(in: CSVTable.parse(data, file: url.path))
    }

    /// The rows of the register. A second copy of the header line (left by versions that decided on the
    /// header before taking the lock, when two sessions started at once) is skipped, not an error; any
    /// other damage names the line and how to repair it, so no session is blocked without a way out.
    static func records(in table: CSVTable) throws -> [ParticipantRecord] {
        try table.records.filter { $0.fields != table.header }.map { record in
            do {
                return try ParticipantRecord(table.row(record))
            } catch let error as CSVReadError {
                throw ParticipantFileDamagedError(path: table.file, line: record.line, problem: error)
            }
        }
    }

    /// The participant's current record (their last row: a correction wins), or nil when not registered.
    public func lookup(_ participant: ParticipantID) throws -> ParticipantRecord? {
        try all().last { $0.participant == participant }
    }

    public func isRegistered(_ participant: ParticipantID) throws -> Bool {
        try lookup(participant) != nil
    }

    /// 1-based position of the participant in the register (the Latin-square row for IDs without a number).
    public func registrationNumber(of participant: ParticipantID) throws -> Int? {
        // Counted over participants in the order of their first row: a correction row does not shift anyone.
        var seen: [ParticipantID] = []
        for record in try all() where !seen.contains(record.participant) { seen.append(record.participant) }
        return seen.firstIndex(of: participant).map { $0 + 1 }
    }

    public enum Outcome: Equatable, Sendable {
        case registered
        /// The participant was already in the file; their first answers are kept, nothing is written.
        case alreadyRegistered(ParticipantRecord)
    }

    /// Appends the participant unless already registered.
    @discardableResult
    public func register(_ record: ParticipantRecord) throws -> Outcome {
        if let problem = record.validationProblem() {
            throw ParticipantRecordError(participant: record.participant.value, problem: problem)
        }
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let (file, _) = try AppendOnlyFile.openOrCreate(url)
        return try file.withExclusiveLock {
            var header = ParticipantRecord.columns
            // Whether the header is still to be written is decided here, under the lock, from the file's
            // size: the process that created the file may not be the first to take the lock. A file left
            // empty by a crash right after its creation gets its header the same way.
            if try file.size() == 0 {
                try file.append(CSVWriter.headerLine(header))
            } else {
                try AppendOnlyFile.setAsideCutOffFragment(of: url)
                // Read under the lock: another process may have registered the same person a moment ago.
                let table = try CSVTable.read(url)
                header = table.header
                for column in ParticipantRecord.columns { _ = try table.index(of: column) }
                if let existing = try Self.records(in: table).first(where: { $0.participant == record.participant }) {
                    return .alreadyRegistered(existing)
                }
            }
            let values = record.valuesByColumn
            try file.append(CSVWriter.line(header.map { values[$0] ?? .empty }))
            return .registered
        }
    }
}
