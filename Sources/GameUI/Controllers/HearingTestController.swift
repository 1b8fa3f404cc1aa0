// The hearing test's screen (`hearing-test`): tones per ear, Space (or a click anywhere) whenever one sounds.
import GameCore

/// The test's tones follow the frame clock (`HearingTestRun`); Esc asks before the tones so far are thrown away.
final class HearingTestController: HearingScreen {
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        guard let hearing = app.hearing else { return }
        if command == .photoKey { hearing.pressed(now: app.clock.now().seconds) }
        if command == .back {
            // Esc asks first: the tones so far would be thrown away (Enter stops, Esc again goes on).
            hearing.interruptTest()
            try app.perform(app.flow.hearingTestStopAsked())
        }
    }

    /// The whole window is "I hear it".
    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try handle(app.painter.hearingButton(atX: x, y: y) ?? .photoKey, at: time, app: app)
    }

    /// The tones follow the clock; a test that ended is saved and the profile shows.
    func tick(now: MonotonicTime, app: GameApp) throws {
        if try app.hearing?.tickTest(now: now.seconds) == true { try app.perform(app.flow.procedureFinished()) }
    }

    func draw(app: GameApp) {
        app.painter.startHearingFrame()
        guard let run = app.hearing?.test, let current = run.test.current else { return }
        app.painter.drawHearingTest(
            current, step: run.test.step, unit: run.levels.unit, lit: app.clock.now().seconds < run.litUntil)
    }
}
