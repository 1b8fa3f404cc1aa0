// A participant's choices of an HRTF set by ear and the checks after them (the participant page's "Sound" section).
import Foundation
import StudyRecords

public protocol HRTFChoicesRepository: Sendable {
    /// Every synced hrtf-choice.csv row of `participant` at `site`, by choice, machine and record.
    func hrtfChoices(site: String, participant: String) async throws -> [StudyDatabase.HRTFChoiceEntry]
    /// The checks after a choice of `participant` at `site`, per session and set.
    func hrtfChecks(site: String, participant: String) async throws -> [StudyDatabase.HRTFCheckSide]
}

extension StudyDatabase {
    /// One synced row of a participant's hrtf-choice.csv, with the machine that sent it.
    public struct HRTFChoiceEntry: Sendable, Equatable {
        public var deviceID: UUID
        public var item: Int
        public var row: HRTFChoiceRow
    }

    /// How the participant did with one set in one check after a choice (`HRTFCheck`'s session), counted as
    /// `HRTFCheckResult` counts it: skipped targets left out, reversals by trials.csv's `front_back_reversal`.
    public struct HRTFCheckSide: Sendable, Equatable {
        public var sessionID: String
        public var sessionIndex: Int?
        public var startedAt: Date?
        public var condition: String
        public var hrtf: String
        public var trials: Int
        public var meanAbsoluteErrorDeg: Double?
        public var reversals: Int
    }
}
