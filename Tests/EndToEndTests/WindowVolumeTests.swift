// The volume keys during a round and the listening-dose warning, played at the real window (Xvfb).
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowVolumeTests {
        @Test func aPatientTurnsTheVolumeDownAndUpDuringARoundAndEveryChangeIsLoggedAtOnce() async throws {
            let window = try WindowSession(name: "window-volume")
            let script = [
                "wait menu", "key Return", "wait headphone-check", "key Left", "key Right",
                // From the check's −18 dB: − − (−22), shown briefly; then ↓ [ (−26), ] ↑ = (−20).
                "wait running", "shot running-before", "key -", "key -", "see Volume −22 dB", "shot volume-down",
                "key Down", "key [", "key ]", "key Up", "key =", "see Volume −20 dB", "gone Volume −20 dB",
                "shot volume-hidden",
                "key Space", "wait round-result", "key Return", "wait summary", "shot summary", "key Return",
            ]
            let output = try await window.run(
                [
                    "play", "--participant", "VK01", "--mode", "one-target", "--rounds", "1", "--input", "keyboard",
                    "--seed", "3",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenshot("volume-down") != window.screenshot("running-before"), "the volume shows")
            #expect(try window.screenshot("volume-hidden") != window.screenshot("volume-down"), "and goes away")
            guard let session = try window.sessionFolders(participant: "VK01").first else {
                Issue.record("no session folder")
                return
            }
            let json = try window.sessionJSON(in: session)
            let events = json["volume_events"] as? [[String: Any]] ?? []
            #expect(events.compactMap { $0["volume_db"] as? Double } == [-18, -20, -22, -24, -26, -24, -22, -20])
            #expect(events.dropFirst().allSatisfy { $0["source"] as? String == "volume keys" }, "events: \(events)")
            #expect(events.first?["source"] as? String == "session start")
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 1)
            #expect(rows.first?.contains(",-20.0,") == true, "the volume at the photo: \(rows)")
            let check = (json["headphone_check"] as? [[String: Any]])?.first
            #expect(check?["result"] as? String == "both_sides")
            #expect(check?["failed_attempts"] as? Int == 0)
            #expect(check?["last_problem"] is NSNull)
            let exposure = json["exposure"] as? [String: Any] ?? [:]
            #expect(exposure["calibrated"] as? Bool == false)
            #expect(exposure["laeq_db"] is NSNull, "no dB(A) without a calibration: \(exposure)")
            #expect((exposure["duration_s"] as? Double ?? 0) > 2)
            #expect((exposure["left_laeq_dbfs"] as? Double).map { $0 < -20 && $0 > -120 } == true, "\(exposure)")
        }

        /// Calibrated headphones and, yesterday, 30 h at 82 dB(A): 119 % of the weekly allowance.
        private func overTheWeeklyAllowance(_ name: String, in window: WindowSession) throws {
            let participant = try ParticipantID(name)
            let calibrated = try SoundSafariBinary.run([
                "profile", "set-output", "--participant", name, "--calibration-left-db-spl", "100",
                "--calibration-right-db-spl", "100", "--logs", window.logs.path,
            ])
            #expect(calibrated.status == 0, "stderr: \(calibrated.stderr)")
            let resolved = StudyProtocol.builtIn(mode: .oneTarget, rounds: 1, seed: 1).resolve(
                participantNumber: 1, sessionSeed: 1)
            let yesterday = try SessionRecorder.start(
                logs: window.logs, participant: participant, resolvedProtocol: resolved,
                environment: SessionEnvironment(
                    appVersion: "1", input: "keyboard", hrtf: "x", audioDevice: "y", sampleRate: 48_000),
                startedAt: Date().addingTimeInterval(-86_400))
            try yesterday.recordExposure(
                SessionExposure(
                    durationSeconds: 30 * 3600, leftLAeqDBFS: -18, rightLAeqDBFS: -20,
                    calibration: HeadphoneCalibration(leftDBSPLAtFullScale: 100, rightDBSPLAtFullScale: 100),
                    pastWeek: WeekDose()))
            try yesterday.finish(at: Date().addingTimeInterval(-80_000))
        }

        /// Pixels of the warning colour (Theme.warning, 255/120/90) in a screenshot, from `fromX` (a fraction of
        /// the width) to the right edge.
        private func warningPixels(_ name: String, of window: WindowSession, fromX: Double = 0) throws -> Int {
            let png = try PNGPixels(contentsOf: window.screenshotURL(name))
            let left = Int(Double(png.width) * fromX)
            return png.count((255, 120, 90), x: left..<png.width, y: 0..<png.height, tolerance: 20)
        }

        @Test func aParticipantPastTheWeeklyAllowanceIsWarnedAtTheCheckAndOnTheSummaryButPlays() async throws {
            let window = try WindowSession(name: "window-dose-warning")
            try overTheWeeklyAllowance("VK02", in: window)
            let output = try await window.run(
                [
                    "play", "--participant", "VK02", "--mode", "one-target", "--rounds", "1", "--input", "keyboard",
                    "--seed", "3",
                ],
                script: [
                    "wait menu", "key Return", "wait headphone-check", "shot check-warning", "key Left", "key Right",
                    // Listen before the photo: a photo before the first sounding block leaves no level to
                    // convert to dB(A) (the dummy audio driver starts late on a loaded machine).
                    "wait running", "wait sound", "key Space", "wait round-result", "key Return", "wait summary",
                    "shot summary-warning",
                    "key Return",
                ])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let sessions = try window.sessionFolders(participant: "VK02")
            #expect(sessions.count == 2)
            guard let today = sessions.last else { return }
            #expect(try window.trialLines(in: today).count == 1, "warned, not blocked")
            let exposure = try window.sessionJSON(in: today)["exposure"] as? [String: Any] ?? [:]
            #expect(exposure["calibrated"] as? Bool == true)
            #expect(exposure["week_sessions"] as? Int == 2)
            #expect((exposure["week_dose_fraction"] as? Double ?? 0) > 1.18, "\(exposure)")
            #expect((exposure["laeq_db"] as? Double).map { $0 > 0 && $0 < 100 } == true, "\(exposure)")
            #expect(try warningPixels("check-warning", of: window) > 2_000, "the warning is drawn at the check")
        }

        /// The end of a training session shows the same warning under the progress chart.
        @Test func aTrainingSessionPastTheWeeklyAllowanceEndsWithTheWarning() async throws {
            let window = try WindowSession(name: "window-dose-train")
            try overTheWeeklyAllowance("VK03", in: window)
            let plan = try WindowTrainTests.tinyPlan(in: window.logs, rounds: 1)
            let skipAll = Array(repeating: ["wait next", "key Down", "key Down", "key Return"], count: 7).flatMap { $0 }
            let script =
                ["wait headphone-check", "key Left", "key Right", "wait ratings-before"] + skipAll
                + ["wait running", "key Space", "wait round-result", "key Return", "wait ratings-after"] + skipAll
                + ["wait summary", "shot train-warning", "key Escape"]
            let output = try await window.run(
                ["train", "--participant", "VK03", "--plan", plan.path, "--input", "keyboard", "--seed", "3"],
                script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let sessions = try window.sessionFolders(participant: "VK03")
            #expect(sessions.count == 2)
            // The chart fills the left three fifths; the lines beside it are plain text but for the warning.
            #expect(try warningPixels("train-warning", of: window, fromX: 0.62) > 2_000, "the warning beside the chart")
        }
    }
}
