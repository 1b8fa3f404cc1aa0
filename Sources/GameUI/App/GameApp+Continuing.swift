// Continuing and repeating sessions: --resume, the summary's "Continue" and "Play again", and what the terminal is told.
import Foundation
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

extension GameApp {
    /// The participant's latest incomplete session becomes what this window plays: its rounds, the round it
    /// continues at (shown on the headphone check), and for `play` its mode and rounds. Nothing to continue is
    /// an error (the commands check it before the window opens, too).
    func adoptResumePoint() throws {
        let participant = try ParticipantID(settings.participant)
        guard let point = try ResumePoint.latestIncomplete(logs: options.logs, participant: participant) else {
            throw NothingToResumeError(participant: participant.value, logs: options.logs.path)
        }
        if let plan = point.record.plan { throw PlanResumeError(participant: participant.value, plan: plan) }
        // The session goes on with the HRTF it was played with: its rows all name that one.
        let usedHRTF = point.record.environment.hrtf
        if usedHRTF != "none" {
            if let asked = options.hrtf, asked != usedHRTF {
                throw UIError.resumeHRTFDiffers(session: point.record.sessionID, asked: asked, used: usedHRTF)
            }
            settings.hrtf = usedHRTF
        }
        let resolved = point.record.resolvedProtocol
        let rounds = resolved.rounds.map { FlowRound(condition: $0.condition, targets: max(1, $0.targetSounds.count)) }
        let next = point.nextKey
        let index = next.flatMap { key in resolved.rounds.firstIndex { $0.round == key.round } } ?? 0
        var isStudy = false
        if case .study = options.kind { isStudy = true }
        flow = .resuming(
            rounds: rounds, roundIndex: index, photosDone: max(0, (next?.targetIndex ?? 1) - 1),
            breaksBetweenConditions: isStudy)
        if !isStudy, let first = resolved.rounds.first, let level = LevelKind(rawValue: first.level) {
            settings.mode = level
            settings.rounds = resolved.rounds.count
        }
        resumeNote = Translation.gettext(
            "Continuing session {session} ({condition}) at round {round} of {rounds}",
            [
                "session": point.record.sessionID, "condition": FlowRound.label(for: resolved.name),
                "round": String(index + 1), "rounds": String(rounds.count),
            ])
        Self.say(resumeNote ?? "")
        resuming = true
    }

    /// The summary's "Continue": the session just quit goes on from its next target, after the headphone check.
    func continueSession() throws {
        run = nil
        try adoptResumePoint()
        try enterShownScreen()
    }

    /// The summary's "Play again": back to the main menu with the same settings, for a new session.
    func playAgain() {
        run = nil
        // The menu's Start opens the audio afresh (the HRTF may be changed there).
        audio?.stop()
        audio = nil
        resuming = false
        resumeNote = nil
        flow = .play()
        let inputs: [InputKind] = input.controller != nil ? [.gamepad, .mouse, .keyboard] : [.mouse, .keyboard]
        menu.rebuild(
            settings, knownParticipants: knownParticipants, inputs: inputs, hrtfs: usableHRTFs, keepingFocus: false)
        updateTextEntry()
    }

    /// A `play` window (a study has no "Play again": its protocol is done).
    var isPlay: Bool {
        if case .play = options.kind { return true }
        return false
    }

    /// The command that continues this participant's session later, with the logs folder it was written to
    /// (StudyRecords' `ResumeCommand`, the same text `soundsafari status` lists).
    var resumeCommand: String {
        let kind: SessionKind
        switch options.kind {
        case .play: kind = .play
        case .study(let file, _, _): kind = .study(protocolFile: file.path)
        // None of a prompt, a questionnaire or a hearing window opens a session to resume: they have no summary.
        case .prompt, .instruments, .hearing: kind = .prompt
        case .training: kind = .training
        }
        return ResumeCommand.text(kind, participant: settings.participant, logs: options.logs.path)
    }

    /// Tells the terminal where the session is written (when it opens) — the window may be full screen — and,
    /// in play, that the participant already completed this mode (study says so before its window opens), and in
    /// training, that the scene's recorded animals are missing.
    func reportSessionOpened(_ run: SessionRun) {
        Self.say(Translation.gettext("Session folder: {folder}", ["folder": run.folderPath]))
        if isPlay, let warning = run.driver.repeatWarning {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        // A training session whose scene has no recorded animals plays the synthesised ones: said once, here.
        if let notice = run.driver.safariNotice { FileHandle.standardError.write(Data((notice + "\n").utf8)) }
    }

    /// One line in the terminal when the summary shows: what was logged, and how to continue an incomplete session.
    func reportSessionEnded(_ photos: [ResultWording.Photo]) {
        guard let run else { return }
        let values = ["folder": run.folderPath, "command": resumeCommand]
        let line =
            flow.quitEarly
            ? Translation.ngettext(
                "{count} photo logged in {folder}; session not completed; continue with: {command}.",
                "{count} photos logged in {folder}; session not completed; continue with: {command}.", photos.count,
                values)
            : Translation.ngettext(
                "{count} photo logged in {folder}; session completed.",
                "{count} photos logged in {folder}; session completed.", photos.count, values)
        Self.say(line + " " + ResultWording.means(photos))
    }

    /// Written at once (stdout may be a pipe, which would hold the line until the window closes).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
