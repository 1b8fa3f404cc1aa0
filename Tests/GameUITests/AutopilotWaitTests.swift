// The autopilot's state waits: `see`, `gone` and `wait next` pass on what is drawn, never on elapsed time.
import Testing

@testable import GameUI

@Suite struct AutopilotWaitTests {
    static func frame(_ texts: String...) -> DrawnFrame { DrawnFrame(screen: "running", texts: texts) }

    static func advance(
        _ pilot: Autopilot, _ drawn: DrawnFrame, at now: Double, settled: Bool = true,
        state: AutopilotState = AutopilotState()
    ) throws {
        try pilot.advance(
            now: now, drawn: drawn, screenSettled: settled, contentSettled: settled, state: { state },
            screenshot: { _ in })
    }

    @Test func seeAndGoneReadTheScriptsRestOfTheLine() throws {
        let steps = try Autopilot.parse("see Volume −22 dB\ngone Stuck? The frog\nwait next", file: "s.txt")
        #expect(steps == [.see("Volume −22 dB"), .gone("Stuck? The frog"), .waitNext])
    }

    @Test func seePassesOnlyOnceTheTextIsDrawnAndSettledHoweverLongThatTakes() throws {
        let pilot = Autopilot(steps: [.see("Stuck?")])
        try Self.advance(pilot, Self.frame("Listen…"), at: 0)
        try Self.advance(pilot, Self.frame("Listen…"), at: 25)
        #expect(!pilot.isFinished)
        try Self.advance(pilot, Self.frame("Stuck? The frog is to your right."), at: 26, settled: false)
        #expect(!pilot.isFinished, "a text still changing is not read yet")
        try Self.advance(pilot, Self.frame("Stuck? The frog is to your right."), at: 26.1)
        #expect(pilot.isFinished)
    }

    /// A frame loop that stood still (the game loading six HRTF sets on a busy machine) does not use up a wait:
    /// the first frame after the gap can still settle the screen.
    @Test func aStalledFrameLoopDoesNotUseUpTheWait() throws {
        let pilot = Autopilot(steps: [.see("Which one sounded")])
        try Self.advance(pilot, Self.frame("Loading…"), at: 0)
        try Self.advance(pilot, Self.frame("Which one sounded closer?"), at: 45)
        #expect(pilot.isFinished)
        let stuck = Autopilot(steps: [.see("Which one sounded")])
        try Self.advance(stuck, Self.frame("Loading…"), at: 0)
        try Self.advance(stuck, Self.frame("Loading…"), at: 45)
        #expect(!stuck.isFinished)
        #expect {
            for time in stride(from: 45.25, through: 80, by: 0.25) {
                try Self.advance(stuck, Self.frame("Loading…"), at: time)
            }
        } throws: { error in
            "\(error)".contains("was not shown within 30 s")
        }
    }

    @Test func goneWaitsUntilNoDrawnTextContainsIt() throws {
        let pilot = Autopilot(steps: [.gone("Volume −20 dB")])
        try Self.advance(pilot, Self.frame("Volume −20 dB (max −6)", "Round 1"), at: 0)
        #expect(!pilot.isFinished)
        try Self.advance(pilot, Self.frame("Round 1"), at: 2.5)
        #expect(pilot.isFinished)
    }

    @Test func aStateThatNeverComesStopsTheScriptNamingTheTextAndTheScreen() throws {
        let pilot = Autopilot(steps: [.see("Stuck?")])
        // Frames keep coming (a frame loop that stood still for the wait would not count against it).
        for time in stride(from: 0.0, through: 30, by: 0.25) {
            try Self.advance(pilot, Self.frame("Listen…"), at: time)
        }
        #expect {
            try Self.advance(pilot, Self.frame("Listen…"), at: 30.25)
        } throws: { error in
            "\(error)".contains("“Stuck?” was not shown within 30 s on “running”")
        }
    }

    @Test func waitNextPassesWhenTheTextsDifferFromTheFrameBeforeTheLastInput() throws {
        // No input sent yet: any settled frame differs from "nothing sent".
        let pilot = Autopilot(steps: [.waitNext, .waitNext])
        try Self.advance(pilot, Self.frame("Question 1 of 6"), at: 0)
        #expect(pilot.isFinished)
    }

    @Test func waitNextWaitsForTheNextOctaveQuestionNotForTheToneMarkerMovingBetweenItsButtons() throws {
        func octave(_ second: Int, playingFirst: Bool) -> DrawnFrame {
            DrawnFrame(
                screen: "pitch-octave",
                texts: [
                    (playingFirst ? DrawnFrame.playingMarker : "") + "First: 8000 Hz (1 or ←)",
                    (playingFirst ? "" : DrawnFrame.playingMarker) + "Second: \(second) Hz (2 or →)",
                ])
        }
        let pilot = Autopilot(steps: [.key("1"), .waitNext])
        try Self.advance(pilot, octave(4000, playingFirst: true), at: 0)
        try Self.advance(pilot, octave(4000, playingFirst: false), at: 1)
        try Self.advance(pilot, octave(4000, playingFirst: true), at: 2)
        #expect(!pilot.isFinished, "the ♪ moved, the question did not")
        try Self.advance(pilot, octave(16_000, playingFirst: false), at: 2.1)
        #expect(pilot.isFinished)
    }

    @Test func waitLargeTextPassesOnceTheSettingIsInForceAndNamesItselfWhenItNeverIs() throws {
        #expect(
            try Autopilot.parse("wait large-text\nwait sound", file: "s.txt") == [.wait("large-text"), .wait("sound")])
        let pilot = Autopilot(steps: [.wait("large-text"), .wait("high-contrast")])
        try Self.advance(pilot, Self.frame("Menu"), at: 0)
        try Self.advance(pilot, Self.frame("Menu"), at: 1, state: AutopilotState(largeText: true))
        #expect(!pilot.isFinished, "large text came, high contrast not yet")
        for time in stride(from: 1.25, through: 31, by: 0.25) {
            try Self.advance(pilot, Self.frame("Menu"), at: time, state: AutopilotState(largeText: true))
        }
        #expect {
            try Self.advance(pilot, Self.frame("Menu"), at: 31.25, state: AutopilotState(largeText: true))
        } throws: { error in
            "\(error)".contains("“wait high-contrast” did not come true within 30 s (showing “running”)")
        }
    }

    @Test func waitSoundPassesOnceTheSessionsOutputHasMeasuredSound() throws {
        let pilot = Autopilot(steps: [.wait("sound")])
        try Self.advance(pilot, Self.frame("Round 1"), at: 0)
        try Self.advance(pilot, Self.frame("Round 1"), at: 5)
        #expect(!pilot.isFinished, "nothing measured yet")
        try Self.advance(pilot, Self.frame("Round 1"), at: 5.1, state: AutopilotState(soundMeasured: true))
        #expect(pilot.isFinished)
    }
}
