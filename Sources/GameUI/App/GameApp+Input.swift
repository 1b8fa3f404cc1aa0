// The window's input: what the whole window answers (quit, display keys, devices), the rest to the screen's controller.
import CSDL2
import Foundation
import GameCore

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
        case .toggleAmbientLevel:
            try (controller as? RatingsController)?.toggleAmbientLevel(app: self)
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
            try controller?.handle(command, at: time, app: self)
            updateTextEntry()
        case .pointer(let x, let y):
            // The row under the pointer takes the focus (menus, participant sheet, pause menu).
            let point = window.pixels(fromPointX: x, y: y)
            controller?.hover(x: point.x, y: point.y, app: self)
            updateTextEntry()
        case .click(let x, let y, let time):
            let point = window.pixels(fromPointX: x, y: y)
            try controller?.click(x: point.x, y: point.y, at: time, app: self)
            updateTextEntry()
        }
    }

    /// A controller plugged in while the menu shows becomes a choice (and the choice, if it has a gyro).
    private func refreshInputChoices(gamepadWithGyro: Bool) {
        guard flow.screen == .mainMenu else { return }
        var current = menu.settings
        if gamepadWithGyro && !options.inputGiven { current.input = .gamepad }
        menu.rebuild(
            current, knownParticipants: knownParticipants, inputs: [.gamepad, .mouse, .keyboard], hrtfs: usableHRTFs)
    }
}
