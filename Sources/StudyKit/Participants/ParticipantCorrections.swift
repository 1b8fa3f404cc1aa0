// Corrections of a participant's answers: appended as a new row, never written over the old one.
import Foundation
import StudyRecords
import TidyFormats

extension ParticipantRecord {
    /// The answers without the time they were given: what a correction compares.
    public func sameAnswers(as other: ParticipantRecord) -> Bool {
        var mine = self
        mine.registeredAt = other.registeredAt
        return mine == other
    }

    /// True when a question of the sheet has no answer (e.g. a participant registered by `play` or `simulate`).
    public var hasMissingAnswers: Bool {
        age == nil || gender.isEmpty || tinnitus == nil || tinnitusSide == nil || hearingAid == nil
            || phoneExperience0To5 == nil || gameExperience0To5 == nil
    }
}

extension ParticipantRegistry {
    /// Appends `record` as the participant's current answers: a supervisor completed or corrected the sheet.
    /// The earlier row stays (the file is append-only); readers take a participant's last row
    /// (docs/LOG-FORMAT.md). A participant not yet registered is registered by it.
    public func appendCorrection(_ record: ParticipantRecord) throws {
        guard try isRegistered(record.participant) else {
            try register(record)
            return
        }
        if let problem = record.validationProblem() {
            throw ParticipantRecordError(participant: record.participant.value, problem: problem)
        }
        let (file, _) = try AppendOnlyFile.openOrCreate(url)
        try file.withExclusiveLock {
            try AppendOnlyFile.setAsideCutOffFragment(of: url)
            // The file's own header: a supervisor may have added columns, which stay empty in the new row.
            let header = try CSVTable.read(url).header
            let values = record.valuesByColumn
            try file.append(CSVWriter.line(header.map { values[$0] ?? .empty }))
        }
    }
}
