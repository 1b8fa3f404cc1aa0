// What a patient's record holds for their doctor, read from the logs: the one input of the FHIR bundle (and the PDF).
import Foundation
import GameCore
import Localization
import StudyRecords

/// One participant's logs as the export needs them, already read through StudyRecords' records (the command reads
/// them with StudyKit; the study server could fill the same from its tables). Nothing here reads a file.
public struct PatientRecord: Sendable {
    /// One session: its session.json and the summary of its trials.csv (nil when it has no photo).
    public struct Session: Sendable {
        public var record: SessionRecord
        public var summary: SessionSummary?
        public init(record: SessionRecord, summary: SessionSummary?) {
            self.record = record
            self.summary = summary
        }
    }

    public var participant: String
    public var exportedAt: Date
    /// The version of the program that exports (the Provenance of what no session recorded).
    public var appVersion: String
    /// Every profile.json version, oldest first.
    public var profiles: [HearingProfile]
    /// The participant's sessions, oldest first.
    public var sessions: [Session]
    public var ratings: [RatingRow]
    public var questionnaireRows: [QuestionnaireRow]
    /// The instruments of the administrations, by `id` and `version` (nil where the file is not on this machine).
    public var instruments: [InstrumentKey: Instrument]
    /// The diary as it stands (`DiaryState.current`).
    public var diary: [DiaryRow]
    public var plan: AssignedPlan?
    public var schedule: PlanSchedule?

    public struct InstrumentKey: Sendable, Hashable {
        public var id: String
        public var version: Int
        public init(id: String, version: Int) {
            self.id = id
            self.version = version
        }
    }

    public init(
        participant: String, exportedAt: Date, appVersion: String, profiles: [HearingProfile] = [],
        sessions: [Session] = [], ratings: [RatingRow] = [], questionnaireRows: [QuestionnaireRow] = [],
        instruments: [InstrumentKey: Instrument] = [:], diary: [DiaryRow] = [], plan: AssignedPlan? = nil,
        schedule: PlanSchedule? = nil
    ) {
        self.participant = participant
        self.exportedAt = exportedAt
        self.appVersion = appVersion
        self.profiles = profiles
        self.sessions = sessions
        self.ratings = ratings
        self.questionnaireRows = questionnaireRows
        self.instruments = instruments
        self.diary = diary
        self.plan = plan
        self.schedule = schedule
    }

    /// The profile version that measured the newest audiogram: later versions (a pitch match, output settings) copy it,
    /// and their dates are not the audiogram's.
    public var audiogramProfile: HearingProfile? {
        guard let newest = profiles.last(where: { $0.audiogram != nil }) else { return nil }
        return profiles.first { $0.audiogram == newest.audiogram && $0.version <= newest.version } ?? newest
    }
    /// The profile in use: the newest version.
    public var profileInUse: HearingProfile? { profiles.last }

    /// What the record lacks, one sentence each, for the command to say (an export never fails for it).
    public var missing: [String] {
        var sentences: [String] = []
        // In the run's language: these sentences are printed in the PDF and on stderr.
        if audiogramProfile == nil {
            sentences.append(
                Translation.gettext("There is no audiogram in {participant}'s profile.", ["participant": participant]))
        }
        if profiles.last?.tinnitus == nil { sentences.append(Translation.gettext("There is no tinnitus pitch match.")) }
        if plan == nil { sentences.append(Translation.gettext("No training plan was assigned.")) }
        if sessions.isEmpty { sentences.append(Translation.gettext("There are no sessions.")) }
        if ratings.isEmpty { sentences.append(Translation.gettext("There are no tinnitus ratings.")) }
        if questionnaireRows.isEmpty { sentences.append(Translation.gettext("No questionnaire was answered.")) }
        if diary.isEmpty { sentences.append(Translation.gettext("The diary is empty.")) }
        return sentences
    }
}
