// Read aloud's rule as a pure state machine: spoken when a screen appears, stopped when it changes, never with a stimulus.
import Testing

@testable import GameUI

@Suite struct ReadAloudTests {
    static let menuSentence = "Find the animal by ear, turn to face it, and take its photo."

    @Test func aScreensSentenceIsSpokenOnceWhenItAppearsAndStopsWhenTheScreenChanges() {
        var rule = ReadAloud(enabled: true)
        #expect(rule.show(screen: "menu", sentence: Self.menuSentence, stimulus: false) == [.speak(Self.menuSentence)])
        #expect(rule.show(screen: "menu", sentence: Self.menuSentence, stimulus: false).isEmpty, "not every frame")
        #expect(
            rule.show(screen: "album", sentence: "Your album.", stimulus: false) == [.stop, .speak("Your album.")])
        rule.finished()
        #expect(rule.show(screen: "menu", sentence: Self.menuSentence, stimulus: false) == [.speak(Self.menuSentence)])
    }

    @Test func aNewSentenceOnTheSameScreenIsANewScreenForTheSpeech() {
        var rule = ReadAloud(enabled: true)
        _ = rule.show(screen: "ratings-before", sentence: "How loud is your tinnitus right now?", stimulus: false)
        #expect(
            rule.show(screen: "ratings-before", sentence: "How annoying is it?", stimulus: false)
                == [.stop, .speak("How annoying is it?")])
    }

    @Test func aRoundStartingCutsTheSentenceAndARoundSpeaksNothing() {
        var rule = ReadAloud(enabled: true)
        _ = rule.show(screen: "round-result", sentence: "Hit! +10 points", stimulus: false)
        #expect(rule.speaking == "Hit! +10 points")
        // Enter on the result: the flow is on `running` before the round's sound is started.
        #expect(rule.show(screen: "running", sentence: "Find the frog.", stimulus: true) == [.stop])
        #expect(rule.speaking == nil)
        #expect(rule.show(screen: "running", sentence: "Find the frog.", stimulus: true).isEmpty)
        #expect(rule.show(screen: "practice", sentence: nil, stimulus: true).isEmpty)
    }

    @Test func aStimulusStartingOnTheSameScreenCutsTheSentenceAndItIsNotSpokenAgain() {
        var rule = ReadAloud(enabled: true)
        _ = rule.show(screen: "round-result", sentence: "Missed.", stimulus: false)
        // The animal is played again from where it was (feedback replay).
        #expect(rule.show(screen: "round-result", sentence: "Missed.", stimulus: true) == [.stop])
        #expect(rule.show(screen: "round-result", sentence: "Missed.", stimulus: false).isEmpty)
    }

    @Test func aResultWhoseReplayIsDueWaitsAndSpeaksOnceTheReplayHasEnded() {
        var rule = ReadAloud(enabled: true)
        // The photo's result appears with the replay due 0.6 s later: nothing yet, nothing while it sounds.
        #expect(rule.show(screen: "round-result", sentence: "Hit! +10 points", stimulus: true).isEmpty)
        #expect(rule.show(screen: "round-result", sentence: "Hit! +10 points", stimulus: true).isEmpty)
        #expect(
            rule.show(screen: "round-result", sentence: "Hit! +10 points", stimulus: false) == [
                .speak("Hit! +10 points")
            ])
        #expect(rule.show(screen: "round-result", sentence: "Hit! +10 points", stimulus: false).isEmpty, "once")
    }

    @Test func aScreenThatLeadsIntoAStimulusSpeaksNothing() {
        var rule = ReadAloud(enabled: true)
        _ = rule.show(screen: "menu", sentence: Self.menuSentence, stimulus: false)
        #expect(rule.show(screen: "headphone-check", sentence: "Where do you hear it?", stimulus: true) == [.stop])
    }

    @Test func offSpeaksNothingAndTurningOnSpeaksTheSentenceShowingUnlessAStimulusSounds() {
        var rule = ReadAloud()
        #expect(rule.show(screen: "menu", sentence: Self.menuSentence, stimulus: false).isEmpty)
        #expect(rule.toggle(stimulus: false) == [.speak(Self.menuSentence)])
        #expect(rule.toggle(stimulus: false) == [.stop], "off silences at once")
        _ = rule.show(screen: "running", sentence: "Find the frog.", stimulus: true)
        #expect(rule.toggle(stimulus: true).isEmpty, "F4 during a search speaks nothing there")
        #expect(rule.enabled)
        #expect(rule.show(screen: "running", sentence: "Find the frog.", stimulus: true).isEmpty)
        #expect(rule.show(screen: "round-result", sentence: "Hit!", stimulus: false) == [.speak("Hit!")])
    }

    @Test func turnedOnAgainItSpeaksTheScreenShowingNowNotTheOneItWasTurnedOffOn() {
        var rule = ReadAloud(enabled: true)
        _ = rule.show(screen: "menu", sentence: Self.menuSentence, stimulus: false)
        #expect(rule.toggle(stimulus: false) == [.stop])
        #expect(rule.show(screen: "album", sentence: "Your album.", stimulus: false).isEmpty, "off: silent")
        #expect(rule.toggle(stimulus: false) == [.speak("Your album.")])
    }

    @Test func aScreenWithoutASentenceStopsTheOneBefore() {
        var rule = ReadAloud(enabled: true)
        _ = rule.show(screen: "menu", sentence: Self.menuSentence, stimulus: false)
        #expect(rule.show(screen: "participant-sheet", sentence: nil, stimulus: false) == [.stop])
    }
}
