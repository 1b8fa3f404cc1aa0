// The questionnaires a supervisor assigned to a participant on the study server, as `sync` received them:
// `<participant>/questionnaire-assignments.json`, read by the reminder's prompt to ask what is owed.
import Foundation
import StudyRecords
import TidyFormats

/// One assignment as this machine holds it (docs/LOG-FORMAT.md): the server's prescription number and address, when
/// it was assigned (the server's time: the schedule counts from it on both sides), what is asked, and when it was
/// withdrawn.
public struct AssignedQuestionnaire: Sendable, Equatable, Codable {
    public var participant: String
    public var prescription: Int
    public var server: String
    public var assignedAt: Date
    public var withdrawnAt: Date?
    public var instrument: String
    public var version: Int
    public var language: String
    public var everyDays: Int?
    public var times: Int

    public var assignment: QuestionnaireAssignment {
        QuestionnaireAssignment(
            instrument: instrument, version: version, language: language, everyDays: everyDays, times: times)
    }

    /// Its schedule given the participant's questionnaire rows.
    public func schedule(rows: [QuestionnaireRow], today: Date) -> AssignmentSchedule {
        AssignmentSchedule(assignment: assignment, assignedAt: assignedAt, rows: rows, today: today)
    }

    enum CodingKeys: String, CodingKey {
        case participant, prescription, server, instrument, version, language, times
        case assignedAt = "assigned_at"
        case withdrawnAt = "withdrawn_at"
        case everyDays = "every_days"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        participant = try c.decode(String.self, forKey: .participant)
        prescription = try c.decode(Int.self, forKey: .prescription)
        server = try c.decode(String.self, forKey: .server)
        instrument = try c.decode(String.self, forKey: .instrument)
        version = try c.decode(Int.self, forKey: .version)
        language = try c.decode(String.self, forKey: .language)
        everyDays = try c.decodeIfPresent(Int.self, forKey: .everyDays)
        times = try c.decode(Int.self, forKey: .times)
        let assigned = try c.decode(String.self, forKey: .assignedAt)
        guard let at = Timestamp.parse(assigned) else {
            throw DecodingError.dataCorruptedError(
                forKey: .assignedAt, in: c, debugDescription: "\(assigned) is no timestamp")
        }
        assignedAt = at
        withdrawnAt = try c.decodeIfPresent(String.self, forKey: .withdrawnAt).flatMap(Timestamp.parse)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(participant, forKey: .participant)
        try c.encode(prescription, forKey: .prescription)
        try c.encode(server, forKey: .server)
        try c.encode(instrument, forKey: .instrument)
        try c.encode(version, forKey: .version)
        try c.encode(language, forKey: .language)
        try c.encodeIfPresent(everyDays, forKey: .everyDays)
        try c.encode(times, forKey: .times)
        try c.encode(Timestamp.format(assignedAt), forKey: .assignedAt)
        try c.encodeIfPresent(withdrawnAt.map(Timestamp.format), forKey: .withdrawnAt)
    }
}

public enum AssignedQuestionnaires {
    public static let fileName = "questionnaire-assignments.json"

    struct File: Codable {
        var assignments: [AssignedQuestionnaire]
    }

    public static func url(logs: URL, participant: ParticipantID) -> URL {
        logs.appendingPathComponent(participant.value).appendingPathComponent(fileName)
    }

    /// The participant's assignments, withdrawn ones included; none when the file is not there.
    public static func all(logs: URL, participant: ParticipantID) throws -> [AssignedQuestionnaire] {
        let url = url(logs: logs, participant: participant)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        try RegularFile.check(url)
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).assignments
        } catch {
            throw SyncError(
                "\(url.path) cannot be read (\(error)): move it aside; the next sync cannot write it back, ask the study team to assign the questionnaires again."
            )
        }
    }

    /// The assignments not withdrawn whose asking is owed today (due or overdue), with their schedules.
    public static func owed(logs: URL, participant: ParticipantID, rows: [QuestionnaireRow], today: Date) throws
        -> [(AssignedQuestionnaire, AssignmentSchedule)]
    {
        try all(logs: logs, participant: participant).filter { $0.withdrawnAt == nil }.map {
            ($0, $0.schedule(rows: rows, today: today))
        }.filter { $0.1.isOwed }
    }

    /// What one sync did with the site's `questionnaire` prescriptions.
    public struct Outcome: Sendable {
        public var assigned: [AssignedQuestionnaire] = []
        public var withdrawn: [AssignedQuestionnaire] = []
        /// One sentence per prescription this machine cannot read (the sync goes on past it).
        public var refused: [String] = []
        public var last: Int?
    }

    /// Writes each `questionnaire` prescription into its participant's file: an assignment once (by server and
    /// number), a withdrawal as the time it arrived on the assignment it names. A participant without a folder here
    /// gets one, as a prescribed plan does (the server sends a machine only its own participants' prescriptions).
    public static func apply(_ prescriptions: [SyncClient.Prescription], server: String, logs: URL, at date: Date)
        throws -> Outcome
    {
        var outcome = Outcome(last: prescriptions.last?.id)
        for prescription in prescriptions where prescription.kind == "questionnaire" {
            let participant = try ParticipantID(prescription.participant)
            let content: QuestionnaireAssignment.Content
            do {
                content = try QuestionnaireAssignment.content(
                    Data(prescription.content.utf8), file: "prescription \(prescription.id) from \(server)")
            } catch {
                outcome.refused.append("\(error)")
                continue
            }
            let folder = logs.appendingPathComponent(participant.value)
            try OwnerOnlyFolder.createWithParents(folder)
            let lock = try StartLock.acquire(folder)
            defer { withExtendedLifetime(lock) {} }
            var held = try all(logs: logs, participant: participant)
            switch content {
            case .assign(let assignment):
                guard !held.contains(where: { $0.server == server && $0.prescription == prescription.id }) else {
                    continue
                }
                let entry = AssignedQuestionnaire(
                    participant: participant.value, prescription: prescription.id, server: server,
                    assignedAt: prescription.createdAt.flatMap(Timestamp.parse) ?? date, withdrawnAt: nil,
                    instrument: assignment.instrument, version: assignment.version, language: assignment.language,
                    everyDays: assignment.everyDays, times: assignment.times)
                held.append(entry)
                outcome.assigned.append(entry)
            case .withdraw(let id):
                guard let index = held.firstIndex(where: { $0.server == server && $0.prescription == id }),
                    held[index].withdrawnAt == nil
                else { continue }
                held[index].withdrawnAt = prescription.createdAt.flatMap(Timestamp.parse) ?? date
                outcome.withdrawn.append(held[index])
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try AtomicFile.replace(
                url(logs: logs, participant: participant), with: try encoder.encode(File(assignments: held)))
        }
        return outcome
    }
}

extension AssignedQuestionnaire {
    init(
        participant: String, prescription: Int, server: String, assignedAt: Date, withdrawnAt: Date?,
        instrument: String, version: Int,
        language: String, everyDays: Int?, times: Int
    ) {
        self.participant = participant
        self.prescription = prescription
        self.server = server
        self.assignedAt = assignedAt
        self.withdrawnAt = withdrawnAt
        self.instrument = instrument
        self.version = version
        self.language = language
        self.everyDays = everyDays
        self.times = times
    }
}
