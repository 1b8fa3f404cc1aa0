// What each screen does with a command: menus, the headphone check, rounds, pause, results and the summary.
import CSDL2
import Foundation
import GameCore
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

extension GameApp {
    func handle(_ signal: InputSignal) throws {
        switch signal {
        case .quitRequested:
            // Closing the window mid-session is a quit: logged targets stay, the session stays resumable.
            try perform(flow.quit())
            keepRunning = false
        case .toggleFullscreen:
            window.toggleFullscreen()
        case .toggleLargeText:
            try changeDisplay(largeText: !Theme.applied.largeText, highContrast: Theme.applied.highContrast)
        case .toggleHighContrast:
            try changeDisplay(largeText: Theme.applied.largeText, highContrast: !Theme.applied.highContrast)
        case .toggleReadAloud:
            try toggleReadAloud()
        case .deviceLost(let message):
            guard settings.input == .gamepad else { break }
            // The message tells the player to go on with the keyboard: log the photos that way.
            run?.switchInput(to: .keyboard)
            try perform(flow.pause(reason: message))
        case .deviceAdded(_, let hasGyro):
            if settings.input == .gamepad {
                run?.switchInput(to: InputKind.gamepad.logDevice(gamepadHasGyro: hasGyro))
            }
            refreshInputChoices(gamepadWithGyro: hasGyro)
        case .command(let command, let time):
            try handle(command, at: time)
        case .pointer(let x, let y):
            let point = window.pixels(fromPointX: x, y: y)
            hover(x: point.x, y: point.y)
        case .click(let x, let y, let time):
            let point = window.pixels(fromPointX: x, y: y)
            try click(x: point.x, y: point.y, at: time)
        }
    }

    /// A controller plugged in while the menu shows becomes a choice (and the choice, if it has a gyro).
    private func refreshInputChoices(gamepadWithGyro: Bool) {
        guard flow.screen == .mainMenu else { return }
        var current = MainMenu.settings(from: mainMenu)
        if gamepadWithGyro && !options.inputGiven { current.input = .gamepad }
        let focus = mainMenu.focusedItem?.id
        mainMenu = MainMenu.model(
            current, knownParticipants: knownParticipants, inputs: [.gamepad, .mouse, .keyboard],
            hrtfs: usableHRTFs)
        if let focus { mainMenu.focus(on: focus) }
    }

    /// The row under the pointer takes the focus (menus, participant sheet, pause menu).
    private func hover(x: Int32, y: Int32) {
        if let controller = currentController() {
            controller.hover(x: x, y: y, app: self)
            return updateTextEntry()
        }
        guard let row = painter.menuRow(atX: x, y: y) else { return }
        switch flow.screen {
        case .mainMenu:
            mainMenu.focus(on: row.id)
            updateTextEntry()
        case .participantSheet: participantSheet.focus(on: row.id)
        case .summary: summaryMenu.focus(on: row.id)
        default: break
        }
    }

    /// A click on a menu row: a button is pressed, a choice steps left or right (by the half clicked).
    /// On other screens a click is "activate" (continue, close), on the headphone check it answers a side.
    private func click(x: Int32, y: Int32, at time: MonotonicTime) throws {
        if let controller = currentController() {
            try controller.click(x: x, y: y, at: time, app: self)
            return updateTextEntry()
        }
        let menu: MenuModel? =
            switch flow.screen {
            case .mainMenu: mainMenu
            case .participantSheet: participantSheet
            case .summary: summaryMenu
            default: nil
            }
        if flow.screen == .headphoneCheck {
            if let answer = painter.checkButton(atX: x, y: y) { try handle(answer, at: time) }
            return
        }
        if case .ratings = flow.screen { return try clickQuestionnaire(x: x, y: y) }
        if flow.screen == .summary, training != nil, painter.menuRow(atX: x, y: y)?.id == "album" {
            return try AlbumController.openFromEnd(app: self)
        }
        if flow.screen == .instrument { return try clickInstrument(x: x, y: y) }
        guard let menu else {
            // A click is the photo (running) or "continue".
            try handle(.activate, at: time)
            return
        }
        guard let row = painter.menuRow(atX: x, y: y), let item = menu.item(row.id), item.enabled else { return }
        hover(x: x, y: y)
        switch item.kind {
        case .button: try handle(.activate, at: time)
        case .choice: try handle(row.leftHalf ? .left : .right, at: time)
        case .text: break  // clicking a text field only gives it the focus, ready for typing
        }
    }

    private func handle(_ command: UICommand, at time: MonotonicTime) throws {
        if let controller = currentController() {
            try controller.handle(command, at: time, app: self)
            return updateTextEntry()
        }
        switch flow.screen {
        case .mainMenu:
            try handleMainMenu(command)
        case .participantSheet:
            // Esc or "Cancel" leaves before anything is written (a mistyped ID, the wrong participant).
            if command == .back {
                try perform(flow.quit())
                return
            }
            switch participantSheet.handle(command) {
            case .activated("submit"): try submitParticipantSheet()
            case .activated("cancel"): try perform(flow.quit())
            default: break
            }
        case .headphoneCheck:
            try handleHeadphoneCheck(command)
        case .running:
            switch command {
            case .activate, .photoKey: run?.shoot(at: time, heading: input.heading, app: self)
            case .pause, .back: try perform(flow.pause())
            case .recentre: run?.recentre(at: time, heading: input.heading, app: self)
            case .listenAgain, .heardBoth:
                // Offered with the help when stuck (L, gamepad X): the call from its start.
                if searchHelp != nil { run?.session.replayCall() }
            case .skipAnimal, .heardNothing:
                // Offered with the help (K, gamepad Back): logged as skipped, never as a photo.
                if searchHelp != nil { run?.skip(at: time, heading: input.heading) }
            default:
                if let steps = SessionVolume.steps(for: command) { try run?.changeVolume(bySteps: steps, at: time) }
            }
        case .practice:
            if ContinueFooter.of(.practice)?.answers(command) == true { try perform(flow.practiceFinished()) }
        case .ratings:
            try handleQuestionnaire(command)
        case .instrument:
            // Esc (gamepad B) closes the window: every answer given is stored, the next take continues.
            if command == .back { return try perform(flow.quit()) }
            try handleInstrument(command)
        case .summary:
            // A training session's end screen: M or gamepad X opens the album (and it comes back here).
            if training != nil, command == .album || command == .heardBoth {
                try AlbumController.openFromEnd(app: self)
                return
            }
            if command == .back {
                try perform(flow.continuePressed())
                return
            }
            // Space is "select" here too, as the footers say (the focused button is Close after a session).
            switch summaryMenu.handle(command == .photoKey ? .activate : command) {
            case .activated("continue"): try continueSession()
            case .activated("again"): playAgain()
            case .activated("close"): try perform(flow.continuePressed())
            default: break
            }
        default:
            break  // every other screen is handled by its controller (ScreenControllers)
        }
    }

    private func handleMainMenu(_ command: UICommand) throws {
        if command == .back {
            keepRunning = false
            return
        }
        let outcome = mainMenu.handle(command)
        updateTextEntry()
        switch outcome {
        case .changed:
            menuMessage = nil
        case .activated("quit"):
            keepRunning = false
        case .activated("start"):
            try startFromMenu()
        case .activated("train"):
            try startTrainingFromMenu()
        case .activated("progress"):
            try showProgressFromMenu()
        case .activated("diary"):
            try DiaryController.open(app: self)
        case .activated("album"):
            try AlbumController.openFromMenu(app: self)
        case .activated("findSound"):
            try HRTFChoiceController.openFromMenu(app: self)
        default:
            break
        }
    }

    func startFromMenu(rounds: [FlowRound]? = nil) throws {
        let chosen = MainMenu.settings(from: mainMenu)
        if let problem = ParticipantID.problem(with: chosen.participant) {
            menuMessage = "Participant ID: \(problem); \(ParticipantID.rule) (no names)."
            mainMenu.focus(on: "participant")
            updateTextEntry()
            return
        }
        settings = chosen
        try applyDisplayPreferences(of: chosen.participant)
        input.tracked = nil
        if chosen.input.isTracker { useTracker() }
        // The menu's voice (read aloud) had its own engine: one audio device at a time.
        audio?.stop()
        audio = nil
        do {
            audio = try AppAudio(hrtf: chosen.hrtf.isEmpty ? nil : chosen.hrtf, soundsFolder: options.soundsFolder)
        } catch let error as SpatialAudioError where error.isAboutHRTF && usableHRTFs.count > 1 {
            // An unusable HRTF can be fixed in the menu by choosing another.
            menuMessage = "\(error)"
            mainMenu.focus(on: "hrtf")
            return
        } catch {
            // No audio device, no sounds folder...: nothing the menu can fix.
            try perform(flow.fail("\(error)"))
            return
        }
        try perform(flow.menuStarted(rounds: rounds ?? MainMenu.rounds(for: chosen)))
        if flow.screen == .headphoneCheck { try enterHeadphoneCheck() }
    }

    private func submitParticipantSheet() throws {
        let participant = try ParticipantID(settings.participant)
        let record = ParticipantSheet.record(for: participant, from: participantSheet)
        let registry = ParticipantRegistry(logs: options.logs)
        if let known = try registry.lookup(participant) {
            // A change is appended as the participant's current answers; the earlier row stays.
            if !record.sameAnswers(as: known) { try registry.appendCorrection(record) }
        } else {
            try registry.register(record)
        }
        try perform(flow.participantSheetSubmitted())
        if flow.screen == .headphoneCheck { try enterHeadphoneCheck() }
    }

    func enterHeadphoneCheck() throws {
        if audio == nil {
            do {
                audio = try AppAudio(
                    hrtf: settings.hrtf.isEmpty ? nil : settings.hrtf, soundsFolder: options.soundsFolder)
            } catch {
                try perform(flow.fail("\(error)"))
                return
            }
        }
        // The participant's last volume and the supervisor's maximum; an unknown participant gets the defaults.
        do {
            if let participant = try? ParticipantID(settings.participant) {
                let store = FileSessionStore(logs: options.logs)
                headphoneCheck = HeadphoneCheck(
                    volumeDB: try LastVolume.find(logs: options.logs, participant: participant),
                    maximumDB: try store.hearingProfile(of: participant)?.maxVolumeDB)
                // The week's listening so far (calibrated headphones only): warned about here, never blocked.
                weekDoseWarning = try store.weekDose(of: participant, before: Date(), excluding: nil).warning
            } else {
                headphoneCheck = HeadphoneCheck()
                weekDoseWarning = nil
            }
        } catch {
            try perform(flow.fail("\(error)"))
            return
        }
        audio?.masterGainDB = headphoneCheck.volumeDB
        try audio?.playCheckSound(on: headphoneCheck.sideToPlay)
    }

    private func handleHeadphoneCheck(_ command: UICommand) throws {
        if headphoneCheck.confirmingQuit {
            // "Quit the session?": Enter (or A) quits, Escape (or B) goes back to the check.
            switch command {
            case .activate: try perform(flow.quit())
            case .back: headphoneCheck.toggleQuitQuestion()
            default: break
            }
            return
        }
        switch command {
        case .left: headphoneCheck.answer(.left)
        case .right: headphoneCheck.answer(.right)
        case .heardBoth: headphoneCheck.answer(.both)
        case .heardNothing: headphoneCheck.answer(.nothing)
        case .activate: headphoneCheck.continueAnyway()
        case .up: headphoneCheck.changeVolume(bySteps: 1)
        case .down: headphoneCheck.changeVolume(bySteps: -1)
        case .back:
            headphoneCheck.toggleQuitQuestion()
            return
        default: return
        }
        audio?.masterGainDB = headphoneCheck.volumeDB
        try audio?.playCheckSound(on: headphoneCheck.sideToPlay)
        if headphoneCheck.step == .passed {
            do {
                run = try SessionRun.begin(app: self)
            } catch {
                try perform(flow.fail("\(error)"))
                return
            }
            try perform(flow.headphoneCheckPassed())
        }
    }
}

extension SpatialAudioError {
    /// True for the errors a different HRTF choice fixes.
    var isAboutHRTF: Bool {
        switch self {
        case .unknownHRTF, .hrtfNotUsable, .hrtfUnavailable: true
        default: false
        }
    }
}
