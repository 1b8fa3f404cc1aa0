// The headphone check before the first round: left, right, the volume, and the session opening once it passes.
import Foundation
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// The check (`HeadphoneCheck`): a sound on one side at a time, answered with ← → (both, nothing), the volume with
/// ↑ ↓, from the participant's last volume and never above their maximum. When it passes the session opens
/// (`SessionRun.begin`) and the flow goes on to the first round. Esc asks "Quit the session?".
final class HeadphoneCheckController: ScreenController {
    private var check = HeadphoneCheck()
    /// The weekly listening dose's warning (nil below the allowance).
    private var weekDoseWarning: String?
    /// With read aloud on, the sound waits for the check's instruction to be spoken.
    private var spokenFirst = SpokenFirst(readAloud: false)

    /// Opens the audio when the menu did not (a study, a resumed session), reads the participant's last volume,
    /// maximum and week's listening, and plays the first side.
    func enter(app: GameApp) throws {
        if app.audio == nil {
            do {
                app.audio = try AppAudio(
                    hrtf: app.settings.hrtf.isEmpty ? nil : app.settings.hrtf, soundsFolder: app.options.soundsFolder)
            } catch {
                return try app.perform(app.flow.fail(error))
            }
        }
        // The participant's last volume and the supervisor's maximum; an unknown participant gets the defaults.
        do {
            if let participant = try? ParticipantID(app.settings.participant) {
                let store = FileSessionStore(logs: app.options.logs)
                check = HeadphoneCheck(
                    volumeDB: try LastVolume.find(logs: app.options.logs, participant: participant),
                    maximumDB: try store.hearingProfile(of: participant)?.maxVolumeDB)
                // The week's listening so far (calibrated headphones only): warned about here, never blocked.
                weekDoseWarning = try store.weekDose(of: participant, before: Date(), excluding: nil).warning
            }
        } catch {
            return try app.perform(app.flow.fail(error))
        }
        spokenFirst = SpokenFirst(readAloud: app.readAloud.enabled)
        try playSide(app: app)
    }

    private func playSide(app: GameApp) throws {
        app.audio?.masterGainDB = check.volumeDB
        try app.audio?.playCheckSound(on: spokenFirst.holding ? nil : check.sideToPlay)
    }

    /// The sound starts once the instruction has been spoken (read aloud), at once otherwise.
    func tick(now: MonotonicTime, app: GameApp) throws {
        guard spokenFirst.holding else { return }
        if spokenFirst.update(
            readAloud: app.readAloud.enabled, speaking: app.readAloud.speaking != nil, now: now)
        {
            try playSide(app: app)
        }
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if check.confirmingQuit {
            // "Quit the session?": Enter (or A) quits, Escape (or B) goes back to the check.
            switch command {
            case .activate: try app.perform(app.flow.quit())
            case .back: check.toggleQuitQuestion()
            default: break
            }
            return
        }
        spokenFirst.release()
        switch command {
        case .left: check.answer(.left)
        case .right: check.answer(.right)
        case .heardBoth: check.answer(.both)
        case .heardNothing: check.answer(.nothing)
        case .activate: check.continueAnyway()
        case .up: check.changeVolume(bySteps: 1)
        case .down: check.changeVolume(bySteps: -1)
        case .back: return check.toggleQuitQuestion()
        default: return
        }
        try playSide(app: app)
        guard check.step == .passed else { return }
        do {
            app.run = try SessionRun.begin(app: app, check: check)
        } catch {
            return try app.perform(app.flow.fail(error))
        }
        try app.perform(app.flow.headphoneCheckPassed())
    }

    /// A click on a side's button answers it.
    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        if let answer = app.painter.checkButton(atX: x, y: y) { try handle(answer, at: time, app: app) }
    }

    /// The check's sound: read aloud never speaks over it (it speaks before the sound starts).
    func stimulusSounds(app: GameApp) -> Bool { !spokenFirst.holding }

    /// What to do, spoken before the first sound (read aloud); nothing once the sound plays.
    func sentence(app: GameApp) -> String? {
        guard spokenFirst.holding else { return nil }
        return Translation.gettext(
            "Headphone check. A sound plays in one ear at a time. Press the left arrow when you hear it on the left, the right arrow when you hear it on the right, B when you hear it in both ears, N when you hear nothing."
        )
    }

    func draw(app: GameApp) {
        app.painter.drawHeadphoneCheck(check, progress: progressNote(app), exposureWarning: weekDoseWarning)
    }

    /// Which session and round a resumed session continues at, or which round of a study comes next.
    private func progressNote(_ app: GameApp) -> String? {
        if let note = app.resumeNote { return note }
        if case .study = app.options.kind {
            return Translation.gettext(
                "Before round {round} of {rounds}",
                ["round": String(app.flow.roundIndex + 1), "rounds": String(app.flow.rounds.count)])
        }
        return nil
    }
}
