// What a participant's page and a session's page read: the participant's sessions, ratings, profiles,
// prescriptions, patient record and plan, each read on its own (ParticipantPageRows runs them at once).
import Foundation
import StudyRecords

public protocol ParticipantPagesRepository: Sendable {
    /// Whether anything of `participant` is held for `site`.
    func participantIsKnown(site: String, participant: String) async throws -> Bool
    /// The participant's sessions at `site` in the server's order, each with its progress summary.
    func participantSessions(site: String, participant: String) async throws -> [(
        session: StudyDatabase.ParticipantSession, summary: SessionSummary?
    )]
    /// One session of `site` by its id, nil when it is unknown there.
    func participantSession(site: String, id: String) async throws -> (
        session: StudyDatabase.ParticipantSession, participant: String, state: String
    )?
    /// A session's trials in the order they were logged.
    func sessionTrials(id: String) async throws -> [StudyDatabase.SessionTrial]
    /// The participant's ratings at `site`, oldest first.
    func participantRatings(site: String, participant: String) async throws -> [StudyDatabase.ParticipantRating]
    /// The participant's profile.json versions as the machines sent them.
    func participantProfiles(site: String, participant: String) async throws -> [StudyDatabase.ParticipantProfile]
    /// The participant's profile and plan prescriptions, each oldest first (one statement: the same table's rows).
    func prescriptions(site: String, participant: String) async throws -> (
        profiles: [StudyDatabase.ProfilePrescription],
        plans: [(id: Int, createdAt: Date, createdBy: String, content: String)]
    )
    /// The patient's record of `participant` at `site` as each machine synced it.
    func patientRecord(site: String, participant: String) async throws -> (
        questionnaires: [(machine: String, rows: [QuestionnaireRow])], diary: [(machine: String, rows: [DiaryRow])]
    )
    /// The participant's current plan at `site` (the newest assignment, one prescription on several machines being
    /// one), nil without one; `ParticipantPageRows.records` counts the sessions by it.
    func currentPlan(site: String, participant: String) async throws -> CurrentPlan?
}

extension StudyDatabase {
    /// One session of a participant as the timeline lists it (the `sessions` projection).
    public struct ParticipantSession: Sendable {
        public var id: String
        public var index: Int?
        public var machine: String
        public var startedAt: Date
        public var endedAt: Date?
        public var completed: Bool
        public var endedBy: String?
        public var protocolName: String
        public var input: String
        public var plan: String?
        public var planSession: Int?
        public var planTotal: Int?
        public var profileVersion: Int?
        public var headphoneCheck: String?
        public var weekDoseFraction: Double?
        public var doseFraction: Double?
        public var trialCount: Int
        public var playedSeconds: Double?
        public var deviceID: UUID
        /// The plan file's version the session names (the plan's schedule counts copies by it).
        public var planVersion: Int? = nil
        /// The session's place when the participant's sessions are in start order (from 1; ties by session id).
        public var startOrder: Int = 0
    }

    /// A synced profile.json version of the participant (the `profiles` projection), with the machine that sent it.
    public struct ParticipantProfile: Sendable {
        public var deviceID: UUID
        public var machine: String
        public var profile: HearingProfile
    }

    /// A profile prescription of the participant.
    public struct ProfilePrescription: Sendable {
        public var id: Int
        public var createdAt: Date
        public var createdBy: String
        public var profile: HearingProfile
    }

    /// A session's trials in the order they were logged (the `trials` projection).
    public struct SessionTrial: Sendable {
        public var trial: Int
        public var round: Int
        public var target: String
        public var condition: String
        public var targetBearing: Double?
        public var aimBearing: Double?
        public var deviation: Double?
        public var time: Double?
        public var hit: Bool?
        public var frontBackConfusion: Bool
        public var volumeDB: Double?
    }

    /// One answered or skipped rating of a participant, with the session it was asked before or after (nil for a
    /// rating asked outside a session) and that session's number on the server (nil until its session.json arrives).
    public struct ParticipantRating: Sendable, Equatable {
        public var item: String
        public var value: Double?
        public var answeredAt: Date
        public var moment: String
        public var skipped: Bool
        public var session: String? = nil
        public var sessionIndex: Int? = nil
        /// The sound level around the patient while they rated (issue 45); nil when not measured.
        public var ambientLevel: AmbientLevel? = nil
    }

}
