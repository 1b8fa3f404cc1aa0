// session.json's `exposure` and `headphone_check`, the weekly dose over a participant's sessions, and the
// trials.csv volume at the photo's time.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

struct ExposureLogTests {
    private let calibration = HeadphoneCalibration(leftDBSPLAtFullScale: 100, rightDBSPLAtFullScale: 103)

    private func start(_ logs: URL, _ participant: ParticipantID, at date: Date, bot: Bool = false) throws
        -> SessionRecorder
    {
        // A person at the keyboard: a bot's offline session delivered no sound to anyone.
        let environment = SessionEnvironment(
            appVersion: "1", input: bot ? "bot-ideal" : "keyboard", hrtf: "x", audioDevice: "y", sampleRate: 48_000)
        let resolved = StudyProtocol.builtIn(mode: .oneTarget, rounds: 1, seed: 1).resolve(
            participantNumber: 1, sessionSeed: 1)
        return try SessionRecorder.start(
            logs: logs, participant: participant, resolvedProtocol: resolved, environment: environment,
            startedAt: date)
    }

    @Test func theAllowanceIsEightyDecibelsAForFortyHoursWithAThreeDecibelExchangeRate() {
        #expect(abs(ListeningDose.fraction(laeqDBA: 80, seconds: 40 * 3600) - 1) < 1e-12)
        #expect(abs(ListeningDose.fraction(laeqDBA: 83, seconds: 20 * 3600) - 0.997_631) < 1e-6)
        #expect(abs(ListeningDose.fraction(laeqDBA: 86, seconds: 10 * 3600) - 0.995_267) < 1e-6)
        #expect(abs(ListeningDose.fraction(laeqDBA: 70, seconds: 3600) - 0.002_5) < 1e-12)
    }

    @Test func withACalibrationTheLouderEarInDecibelsACountsAndTheWeekAddsUp() {
        // Left −30 dBFS + 100 = 70 dB(A); right −34 dBFS + 103 = 69 dB(A): the left ear is louder.
        let exposure = SessionExposure(
            durationSeconds: 3600, leftLAeqDBFS: -30, rightLAeqDBFS: -34, calibration: calibration,
            pastWeek: WeekDose(fraction: 0.5, sessions: 2))
        #expect(exposure.calibrated)
        #expect(exposure.louderEar == .left)
        #expect(exposure.laeqDBA == 70)
        #expect(abs((exposure.doseFraction ?? 0) - 0.002_5) < 1e-12)
        #expect(abs((exposure.weekDoseFraction ?? 0) - 0.502_5) < 1e-12)
        #expect(exposure.weekSessions == 3)
        #expect(!exposure.exceedsWeeklyAllowance)
    }

    @Test func withoutACalibrationNoDecibelsAAreInventedAndTheNoteSaysWhy() throws {
        let exposure = SessionExposure(
            durationSeconds: 60, leftLAeqDBFS: -30, rightLAeqDBFS: -25, calibration: nil,
            pastWeek: WeekDose(fraction: 3, sessions: 4))
        #expect(exposure.louderEar == .right)
        #expect(exposure.laeqDBA == nil && exposure.doseFraction == nil && exposure.weekDoseFraction == nil)
        #expect(!exposure.exceedsWeeklyAllowance)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(exposure)) as? [String: Any] ?? [:]
        #expect(
            Set(json.keys) == [
                "calibrated", "duration_s", "left_laeq_dbfs", "right_laeq_dbfs", "louder_ear", "laeq_db",
                "dose_fraction", "week_dose_fraction", "week_sessions", "note",
            ])
        #expect(json["laeq_db"] is NSNull)
        #expect(json["dose_fraction"] is NSNull)
        #expect(json["calibrated"] as? Bool == false)
        #expect(json["louder_ear"] as? String == "right")
        #expect((json["note"] as? String)?.contains("not calibrated") == true)
    }

    @Test func theWeeklyDoseAddsTheParticipantsSessionsOfTheLastSevenDaysWithADose() throws {
        let folder = try TemporaryFolder()
        let participant = try ParticipantID("E01")
        let logs = folder.url
        let now = Fixtures.start
        func session(daysAgo: Double, dose laeqDBA: Double?, bot: Bool = false) throws -> SessionRecorder {
            let recorder = try start(logs, participant, at: now.addingTimeInterval(-daysAgo * 86_400), bot: bot)
            // 10 h at the level (dBFS = dB(A) − 100 on the left, the louder ear here).
            try recorder.recordExposure(
                SessionExposure(
                    durationSeconds: 36_000, leftLAeqDBFS: laeqDBA.map { $0 - 100 } ?? -40, rightLAeqDBFS: -60,
                    calibration: laeqDBA == nil ? nil : calibration, pastWeek: WeekDose()))
            return recorder
        }
        _ = try session(daysAgo: 8, dose: 86)  // more than a week ago: not counted
        _ = try session(daysAgo: 6, dose: 86)  // dose 10 h at 86 dB(A) ≈ 0.995
        _ = try session(daysAgo: 3, dose: nil)  // uncalibrated: no dose
        _ = try session(daysAgo: 2, dose: 90, bot: true)  // simulated: nobody listened
        let current = try session(daysAgo: 1, dose: 80)  // 0.25, but it is the session being played
        let week = try WeekDose.past(
            logs: folder.url, participant: participant, before: now, excluding: current.record.sessionID)
        #expect(week.sessions == 1)
        #expect(abs(week.fraction - 0.995_267) < 1e-6)
        #expect(week.warning == nil)
        let all = try WeekDose.past(logs: folder.url, participant: participant, before: now, excluding: nil)
        #expect(all.sessions == 2)
        #expect(abs(all.fraction - 1.245_267) < 1e-6)
        #expect(all.warning?.contains("125 %") == true)
        // The session being played adds its own dose to the others'.
        let exposure = SessionExposure(
            durationSeconds: 36_000, leftLAeqDBFS: -20, rightLAeqDBFS: -60, calibration: calibration, pastWeek: week)
        #expect(exposure.exceedsWeeklyAllowance)
        #expect(exposure.weekSessions == 2)
    }

    @Test func theExposureAndTheHeadphoneCheckAreInSessionJSONAndReadBack() throws {
        let folder = try TemporaryFolder()
        let recorder = try start(folder.url, try ParticipantID("E02"), at: Fixtures.start)
        let outcome = HeadphoneCheckOutcome(
            at: Fixtures.start, result: .continuedAnyway, failedAttempts: 2, lastProblem: "not_heard_right",
            volumeDB: -15)
        try recorder.recordHeadphoneCheck(outcome)
        let exposure = SessionExposure(
            durationSeconds: 12.5, leftLAeqDBFS: -41.25, rightLAeqDBFS: nil, calibration: calibration,
            pastWeek: WeekDose())
        try recorder.recordExposure(exposure)
        let record = try SessionRecord.read(recorder.folder.sessionJSONURL)
        #expect(record.headphoneChecks == [outcome])
        #expect(record.exposure == exposure)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: recorder.folder.sessionJSONURL)) as? [String: Any]
        let check = (json?["headphone_check"] as? [[String: Any]])?.first
        #expect(check?["result"] as? String == "continued_anyway")
        #expect(check?["failed_attempts"] as? Int == 2)
        #expect(check?["last_problem"] as? String == "not_heard_right")
        #expect((json?["exposure"] as? [String: Any])?["laeq_db"] as? Double == 58.75)
    }

    @Test func aRowCarriesTheVolumeInEffectWhenThePhotoWasTakenNotWhenItWasWritten() throws {
        let folder = try TemporaryFolder()
        let recorder = try start(folder.url, try ParticipantID("E03"), at: Fixtures.start)
        let plan = recorder.resolvedProtocol.rounds[0]
        let trial = Fixtures.trial(plan, targetIndex: 1, at: 10)  // shot at start + 11.5 s
        try recorder.recordOutput(
            SessionOutput(volumeDB: -20, tailoring: .none, notchDepthDB: nil), volumeSource: "session start",
            at: Fixtures.start)
        try recorder.recordOutput(
            SessionOutput(volumeDB: -22, tailoring: .none, notchDepthDB: nil), volumeSource: "volume keys",
            at: Fixtures.start.addingTimeInterval(5))
        // Turned down after the photo, before its row is written.
        try recorder.recordOutput(
            SessionOutput(volumeDB: -30, tailoring: .none, notchDepthDB: nil), volumeSource: "volume keys",
            at: Fixtures.start.addingTimeInterval(11.6))
        try recorder.record(trial)
        #expect(try TrialRow.readAll(from: recorder.folder.trialsURL).map(\.volumeDB) == [-22])
    }
}
