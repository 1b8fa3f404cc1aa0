// The rule that holds a screen's stimulus until its sentence was spoken (issue 38, item 12).
import GameCore
import Testing

@testable import GameUI

@Suite struct SpokenFirstTests {
    @Test func theStimulusWaitsForTheSentenceAndStartsWhenItEnds() {
        var rule = SpokenFirst(readAloud: true)
        let start = MonotonicTime(seconds: 10)
        let beforeSpeech = rule.update(readAloud: true, speaking: false, now: start)
        let duringSpeech = rule.update(readAloud: true, speaking: true, now: start + 1)
        let afterSpeech = rule.update(readAloud: true, speaking: false, now: start + 5)
        #expect(!beforeSpeech && !duringSpeech, "not spoken yet")
        #expect(afterSpeech && !rule.holding, "spoken: the sound starts")
    }

    @Test func readAloudOffAnAnswerOrTooLongAWaitStartItAtOnce() {
        let now = MonotonicTime(seconds: 0)
        var off = SpokenFirst(readAloud: false)
        let offStarts = off.update(readAloud: false, speaking: false, now: now)
        var answered = SpokenFirst(readAloud: true)
        answered.release()
        let answeredStarts = answered.update(readAloud: true, speaking: true, now: now)
        var silent = SpokenFirst(readAloud: true)
        let silentAtFirst = silent.update(readAloud: true, speaking: false, now: now)
        let silentLater = silent.update(readAloud: true, speaking: false, now: now + 21)
        var turnedOff = SpokenFirst(readAloud: true)
        let turnedOffStarts = turnedOff.update(readAloud: false, speaking: false, now: now)
        #expect(offStarts && answeredStarts && turnedOffStarts)
        #expect(!silentAtFirst && silentLater, "no speech within 20 s: the sound starts anyway")
    }
}
