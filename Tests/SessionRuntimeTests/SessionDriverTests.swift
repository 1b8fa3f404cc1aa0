// The session driver without a window: a bot's session stores rows through the SessionStore it is given and
// pictures through the writer it is given; the files on disk are StudyKit's FileSessionStore.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords
import Testing

@testable import SessionRuntime

/// Records which pictures the driver asked for instead of drawing them (drawing is GameUI's job).
final class RecordingPictures: ResultPictureWriter {
    var written: [(round: Int, targetIndex: Int?, url: URL)] = []

    func write(_ result: RoundResult, to url: URL) throws {
        written.append((result.round, result.latestPhoto?.targetIndex, url))
    }
}

/// A store that keeps everything in memory: the runtime needs nothing but the protocol.
final class MemoryStore: SessionStore {
    final class Log: SessionLog {
        var resolvedProtocol: ResolvedProtocol
        var trials: [TrialResult] = []
        var endedAt: Date?
        init(_ resolvedProtocol: ResolvedProtocol) { self.resolvedProtocol = resolvedProtocol }
        var location: URL { URL(fileURLWithPath: "/memory") }
        var loggedKeys: Set<TrialKey> { Set(trials.map(\.key)) }
        var isCompleted: Bool { Set(RoundPlan.trialKeys(of: resolvedProtocol.rounds)) == loggedKeys }
        var sessionIndex: Int { 1 }
        func record(_ trial: TrialResult) throws { trials.append(trial) }
        func record(_ trial: TrialResult, training: TrainingColumns?) throws { trials.append(trial) }
        func resultPictureURL(round: Int, targetIndex: Int, targetsInRound: Int) -> URL {
            location.appendingPathComponent("\(round)-\(targetIndex).png")
        }
        func loggedRows() throws -> [TrialRow] { [] }
        func finish(at date: Date) throws { endedAt = date }
        var playedSeconds = 0.0
        var endedBy: SessionEnd?
        func recordPlaying(seconds: Double, endedBy: SessionEnd?) throws {
            playedSeconds = seconds
            if let endedBy { self.endedBy = endedBy }
        }
        func appendRounds(_ rounds: [RoundPlan]) throws { resolvedProtocol.rounds += rounds }
        var outputs: [SessionOutput] = []
        func recordOutput(_ output: SessionOutput, volumeSource: String, at date: Date) throws {
            outputs.append(output)
        }
        var exposures: [SessionExposure] = []
        func recordExposure(_ exposure: SessionExposure) throws { exposures.append(exposure) }
        var recordedExposure: SessionExposure? { exposures.last }
        var checks: [HeadphoneCheckOutcome] = []
        func recordHeadphoneCheck(_ outcome: HeadphoneCheckOutcome) throws { checks.append(outcome) }
        var sessionID: String { "memory" }
        var ratingContext: RatingContext { RatingContext(participant: "P01", sessionID: "memory", sessionIndex: 1) }
        let answers = MemoryRatings()
        func ratings() -> any RatingSink { answers }
    }

    final class MemoryRatings: RatingSink {
        var rows: [RatingRow] = []
        func record(_ row: RatingRow) throws { rows.append(row) }
        func storedRows() throws -> [RatingRow] { rows }
    }

    var registered: [ParticipantID] = []
    /// questionnaires.csv as the store holds it (every participant's rows).
    var questionnaires: [QuestionnaireRow] = []
    func questionnaireRows(of participant: ParticipantID) throws -> [QuestionnaireRow] {
        questionnaires.filter { $0.participant == participant.value }
    }
    func questionnaireLocation(of participant: ParticipantID) -> String { "memory" }
    var logs: [Log] = []
    /// Whose session each of `logs` is.
    var owners: [ParticipantID] = []
    /// The plan the unfinished session belongs to, as session.json's `plan` would say (nil: a plain session).
    var unfinishedPlan: PlanReference?
    var location: String { "memory" }
    private func pastSessions(of participant: ParticipantID) -> [PastSession] {
        zip(logs.indices, owners).filter { $0.1 == participant }.enumerated().map { ordinal, pair in
            PastSession(
                sessionID: "m\(pair.0)", protocolName: logs[pair.0].resolvedProtocol.name,
                completed: logs[pair.0].isCompleted, sessionIndex: ordinal + 1)
        }
    }
    func registerIfNew(_ participant: ParticipantID, at date: Date) throws -> Int {
        if !registered.contains(participant) { registered.append(participant) }
        return registered.firstIndex(of: participant)! + 1
    }
    func startSession(
        participant: ParticipantID, environment: SessionEnvironment, plan: PlanReference?, at date: Date,
        resolve: (_ sessionIndex: Int, _ past: [PastSession]) throws -> ResolvedProtocol
    ) throws -> any SessionLog {
        let past = pastSessions(of: participant)
        logs.append(Log(try resolve(PastSession.nextIndex(after: past), past)))
        owners.append(participant)
        return logs[logs.count - 1]
    }
    func resumeLatestSession(
        of participant: ParticipantID, at date: Date, check: (ResolvedProtocol, PlanReference?) throws -> Void
    ) throws -> (any SessionLog)? {
        guard let log = logs.last(where: { !$0.isCompleted }) else { return nil }
        try check(log.resolvedProtocol, unfinishedPlan)
        return log
    }
    func hearingProfile(of participant: ParticipantID) throws -> HearingProfile? { nil }
    func weekDose(of participant: ParticipantID, before date: Date, excluding sessionID: String?) throws -> WeekDose {
        WeekDose()
    }
}

@Suite("Session driver (SessionRuntime)")
struct SessionDriverTests {
    @Test("an ideal bot's two-target session asks the writer for one picture per photo, after its row is logged")
    func picturesFollowRows() throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let pictures = RecordingPictures()
        let request = SessionRequest(
            source: .mode(.twoTargets, rounds: 2), participant: "RT01", seed: 7, input: .bot("ideal"))
        let outcome = try Simulation(
            request: request, store: FileSessionStore(logs: logs), bot: .ideal, pictures: pictures
        ).run()

        #expect(outcome.completed)
        #expect(outcome.trials.count == 4)
        #expect(pictures.written.map(\.round) == [1, 1, 2, 2])
        #expect(pictures.written.map(\.targetIndex) == [1, 2, 1, 2])
        #expect(
            pictures.written.map(\.url.lastPathComponent) == [
                "round-01-target-1.png", "round-01-target-2.png", "round-02-target-1.png", "round-02-target-2.png",
            ])
        let rows = try TrialRow.readAll(from: outcome.folder.appendingPathComponent("trials.csv"))
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.absDeviationDeg == 0 })
    }

    @Test(
        "a participant without a number gets the Latin-square row of their place in participants.csv in their first session"
    )
    func anUnnumberedParticipantsFirstSessionUsesTheirRegistrationRow() throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        try ParticipantRegistry(logs: logs).register(ParticipantRecord(participant: ParticipantID("bert")))
        let store = FileSessionStore(logs: logs)
        var rows: [Int] = []
        for _ in 1...2 {
            let request = SessionRequest(
                source: .mode(.oneTarget, rounds: 1), participant: "anna", seed: 3, input: .bot("ideal"))
            let outcome = try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures())
                .run()
            rows.append(
                try SessionRecord.read(outcome.folder.appendingPathComponent("session.json")).resolvedProtocol
                    .participantNumber)
        }
        #expect(rows == [2, 2])
    }

    @Test("the driver runs a whole session against any SessionStore: nothing is written to disk by a memory store")
    func anyStoreWillDo() throws {
        let store = MemoryStore()
        let request = SessionRequest(
            source: .mode(.oneTarget, rounds: 3), participant: "RT03", seed: 5, input: .bot("ideal"))
        let outcome = try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        #expect(outcome.completed)
        #expect(store.registered.map(\.value) == ["RT03"])
        #expect(store.logs.count == 1)
        #expect(store.logs[0].trials.map(\.round) == [1, 2, 3])
        #expect(store.logs[0].endedAt != nil)
        #expect(outcome.folder.path == "/memory")
    }

    @Test("the driver refuses to resume a training-plan session outside its plan, before the session is touched")
    func aPlanSessionIsNotResumedByPlainSimulate() throws {
        let store = MemoryStore()
        let first = SessionRequest(
            source: .mode(.oneTarget, rounds: 3), participant: "RT04", seed: 5, input: .bot("ideal"))
        // A session played, then made unfinished (its rows gone), which the store says is session 2 of a plan.
        _ = try Simulation(request: first, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        store.logs[0].trials.removeAll()
        store.unfinishedPlan = PlanReference(
            name: "localization-training-10x12", version: 1, session: 2, totalSessions: 10)
        let resume = SessionRequest(
            source: .mode(.oneTarget, rounds: 3), participant: "RT04", resume: true, input: .bot("ideal"))
        #expect(throws: PlanResumeError(participant: "RT04", plan: store.unfinishedPlan)) {
            try Simulation(request: resume, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        }
        #expect(store.logs.count == 1 && store.logs[0].trials.isEmpty, "nothing was played into the plan's session")
    }

    @Test("a protocol with a consent sheet starts no session, registers nobody, until the newest answer consents")
    func noSessionWithoutConsent() throws {
        let store = MemoryStore()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/consent-study.json")
        let request = SessionRequest(
            source: .protocolFile(file), participant: "RT05", seed: 5, input: .bot("ideal"))
        func answer(_ administration: String, _ value: String) {
            store.questionnaires.append(
                QuestionnaireRow(
                    participant: "RT05", administration: administration, instrument: "lab-sheet",
                    instrumentVersion: 1, language: "en", moment: .sheet, sessionIndex: nil, record: .answer,
                    item: "consent", value: value, recordedAt: Date()))
        }
        let sheet = ProtocolSheet(instrument: "lab-sheet", consentItem: "consent")
        #expect(throws: ConsentMissingError(participant: "RT05", sheet: sheet, location: "memory", declined: false)) {
            try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        }
        answer("A1", "0.000")
        #expect(throws: ConsentMissingError(participant: "RT05", sheet: sheet, location: "memory", declined: true)) {
            try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        }
        #expect(store.registered.isEmpty && store.logs.isEmpty, "nothing registered or started without consent")
        answer("A2", "1.000")
        let outcome = try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        #expect(outcome.completed && store.logs.count == 1)
    }

    @Test("a resume with nothing to resume fails before any file is written")
    func nothingToResume() throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let request = SessionRequest(
            source: .mode(.oneTarget, rounds: 1), participant: "RT02", resume: true, input: .bot("ideal"))
        #expect(throws: NothingToResumeError.self) {
            try Simulation(
                request: request, store: FileSessionStore(logs: logs), bot: .ideal, pictures: RecordingPictures()
            ).run()
        }
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("RT02").path))
    }

    @Test("under one fixed seed each participant and each of their sessions gets its own bearings; a repeat is noted")
    func placementDependsOnParticipantAndSession() throws {
        let store = MemoryStore()
        func play(_ participant: String) throws -> (bearings: [Double], warning: String?) {
            let request = SessionRequest(
                source: .mode(.twoTargets, rounds: 4), participant: participant, seed: 7, input: .bot("ideal"))
            let outcome = try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures())
                .run()
            return (outcome.trials.map(\.targetBearing.degrees), outcome.repeatWarning)
        }
        let first = try play("P01")
        let other = try play("P05")
        #expect(first.bearings != other.bearings)
        #expect(first.warning == nil)
        #expect(store.logs.map { $0.resolvedProtocol.sessionNumber } == [1, 1])
        let again = try play("P01")
        #expect(again.bearings != first.bearings)
        #expect(store.logs[2].resolvedProtocol.sessionNumber == 2)
        #expect(again.warning?.contains("already completed the protocol 'two-targets'") == true)
        // Reproducible: the stored seed, participant and session number give the stored placement seed.
        let stored = store.logs[0].resolvedProtocol
        #expect(
            stored.placementSeed
                == PlacementSeed.derive(protocolSeed: 7, participant: try ParticipantID("P01"), sessionNumber: 1))
    }
}
