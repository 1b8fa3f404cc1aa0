// The hearing procedures' screens in the window: keys and clicks answer the procedure, each frame moves it on.
import Foundation
import GameCore
import SessionRuntime

extension GameApp {
    /// A command on a hearing screen: Space "I hear it", ↑ ↓ Enter 1 2 the pitch match's answers, Esc stops.
    func handleHearing(_ command: UICommand) throws {
        guard let hearing else { return }
        let now = clock.now().seconds
        switch flow.screen {
        case .hearingTest:
            if command == .photoKey { hearing.pressed(now: now) }
            if command == .back {
                // Esc asks first: the tones so far would be thrown away (Enter stops, Esc again goes on).
                hearing.interruptTest()
                try perform(flow.hearingTestStopAsked())
            }
        case .hearingTestStop:
            if command == .activate { try perform(flow.quit()) }
            if command == .back {
                hearing.resumeTest(now: now)
                try perform(flow.hearingTestResumed())
            }
        case .pitchProbe:
            // T: a tone or a whistle; N: a hiss or a rushing noise.
            let probe: PitchProbe? =
                switch command {
                case .tone: .tone
                case .heardNothing: .noise
                default: nil
                }
            if command == .back { try perform(flow.quit()) }
            guard let probe else { return }
            hearing.chooseProbe(probe)
            try showPitchQuestion()
        case .pitchMatch:
            if command == .back { return try perform(flow.quit()) }
            if hearing.answerPitch(command) { try showPitchQuestion() }
        case .profile:
            if command == .back || command == .activate { try perform(flow.continuePressed()) }
        default:
            break
        }
    }

    /// The pitch match's next question names the screen (the last answer leaves it for `tickHearing` to save).
    private func showPitchQuestion() throws {
        guard let question = hearing?.pitch?.match?.current else { return }
        try perform(flow.pitchQuestionShown(PitchStep(question)))
    }

    /// A click on a hearing screen: a button is its key; elsewhere it is "I hear it" (the hearing test's whole
    /// window) and nothing on the other screens.
    func clickHearing(x: Int32, y: Int32) throws {
        if let command = painter.hearingButton(atX: x, y: y) { return try handleHearing(command) }
        if flow.screen == .hearingTest { try handleHearing(.photoKey) }
    }

    /// Each frame: the hearing test's tones follow the clock, the pitch match's probe its question; a procedure
    /// that ended is saved and the profile shows.
    func tickHearing(now: MonotonicTime) throws {
        guard let hearing else { return }
        let ended =
            switch flow.screen {
            case .hearingTest: try hearing.tickTest(now: now.seconds)
            case .pitchMatch: try hearing.tickPitch(now: now.seconds)
            default: false
            }
        if ended { try perform(flow.procedureFinished()) }
    }

    func paintHearing() {
        guard let hearing else { return }
        let now = clock.now().seconds
        painter.startHearingFrame()
        switch flow.screen {
        case .hearingTest:
            guard let run = hearing.test, let current = run.test.current else { return }
            painter.drawHearingTest(
                current, step: run.test.step, unit: run.levels.unit, lit: now < run.litUntil)
        case .hearingTestStop:
            painter.drawHearingTestStop()
        case .pitchProbe:
            painter.drawPitchProbe()
        case .pitchMatch:
            guard let run = hearing.pitch, let probe = run.probe, let match = run.match else { return }
            painter.drawPitchQuestion(
                match.current, probe: probe, unit: run.audiogram.unit, progress: run.progress, runs: match.runCount,
                playingFirst: PitchMatchRun.playingFirst(now: now))
        case .profile:
            painter.drawProfile(hearing.profile, participant: hearing.participant, message: hearing.message)
        default:
            break
        }
    }
}
