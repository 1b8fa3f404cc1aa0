// What each screen does with a command: menus, the headphone check, rounds, pause, results and the summary.
import CSDL2
import Foundation
import GameCore
import StudyKit

extension GameApp {
    func handle(_ signal: InputSignal) throws {
        FileHandle.standardError.write("DEBUG signal \(signal) screen \(flow.screen) menuMessage \(menuMessage ?? "-")\n".data(using: .utf8)!)
        switch signal {
        case .quitRequested:
            // Closing the window mid-session is a quit: logged targets stay, the session stays resumable.
            try perform(flow.quit())
            keepRunning = false
        case .toggleFullscreen:
            window.toggleFullscreen()
        case .deviceLost(let message):
            if settings.input == .gamepad { try perform(flow.pause(reason: message)) }
        case .deviceAdded:
            break
        case .command(let command, let time):
            try handle(command, at: time)
        }
    }

    private func handle(_ command: UICommand, at time: MonotonicTime) throws {
        switch flow.screen {
        case .mainMenu:
            try handleMainMenu(command)
        case .participantSheet:
            if participantSheet.handle(command) == .activated("submit") { try submitParticipantSheet() }
        case .headphoneCheck:
            try handleHeadphoneCheck(command)
        case .running:
            switch command {
            case .activate: run?.shoot(at: time, heading: input.heading, app: self)
            case .pause, .back: try perform(flow.pause())
            case .recentre: run?.recentre(at: time, heading: input.heading, app: self)
            default: break
            }
        case .paused:
            switch command {
            case .pause, .back:
                try perform(flow.resume())
            default:
                switch pauseMenu.handle(command) {
                case .activated("resume"): try perform(flow.resume())
                case .activated("recentre"): try perform(flow.recentreAndResume())
                case .activated("quit"): try perform(flow.quit())
                default: break
                }
            }
            if flow.screen != .paused { pauseMenu = PauseMenu.model() }
        case .intermediateResult, .roundResult, .conditionBreak:
            if command == .activate { try perform(flow.continuePressed()) }
            if command == .pause || command == .back, flow.screen != .conditionBreak {
                // Esc on a result offers the pause menu's way out.
                try perform(flow.quit())
            }
        case .summary, .error:
            if command == .activate || command == .back { try perform(flow.continuePressed()) }
        }
    }

    private func handleMainMenu(_ command: UICommand) throws {
        if command == .back { keepRunning = false; return }
        let outcome = mainMenu.handle(command)
        updateTextEntry()
        switch outcome {
        case .changed(let id):
            MainMenu.link(&mainMenu, after: id)
            menuMessage = nil
        case .activated("quit"):
            keepRunning = false
        case .activated("start"):
            try startFromMenu()
        default:
            break
        }
    }

    private func startFromMenu() throws {
        let chosen = MainMenu.settings(from: mainMenu)
        if let problem = ParticipantID.problem(with: chosen.participant) {
            menuMessage = "Participant ID: \(problem). Type a pseudonym such as P01 (no names)."
            mainMenu.focus(on: "participant")
            updateTextEntry()
            return
        }
        settings = chosen
        do {
            audio = try AppAudio(hrtf: chosen.hrtf.isEmpty ? nil : chosen.hrtf)
        } catch {
            // An unusable HRTF can be fixed in the menu; anything else (no audio device) cannot.
            if chosen.hrtf.isEmpty || usableHRTFs.count < 2 {
                try perform(flow.fail("\(error)"))
            } else {
                menuMessage = "\(error)"
                mainMenu.focus(on: "hrtf")
            }
            return
        }
        try perform(flow.menuStarted(rounds: MainMenu.rounds(for: chosen)))
        try enterHeadphoneCheck()
    }

    private func submitParticipantSheet() throws {
        let participant = try ParticipantID(settings.participant)
        let record = ParticipantSheet.record(for: participant, from: participantSheet)
        try ParticipantRegistry(logs: options.logs).register(record)
        try perform(flow.participantSheetSubmitted())
        try enterHeadphoneCheck()
    }

    func enterHeadphoneCheck() throws {
        if audio == nil {
            do {
                audio = try AppAudio(hrtf: settings.hrtf.isEmpty ? nil : settings.hrtf)
            } catch {
                try perform(flow.fail("\(error)"))
                return
            }
        }
        headphoneCheck = HeadphoneCheck()
        audio?.masterGainDB = headphoneCheck.volumeDB
        try audio?.playCheckSound(on: headphoneCheck.sideToPlay)
    }

    private func handleHeadphoneCheck(_ command: UICommand) throws {
        switch command {
        case .left: headphoneCheck.answer(.left)
        case .right: headphoneCheck.answer(.right)
        case .up: headphoneCheck.changeVolume(bySteps: 1)
        case .down: headphoneCheck.changeVolume(bySteps: -1)
        case .back:
            try perform(flow.quit())
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
