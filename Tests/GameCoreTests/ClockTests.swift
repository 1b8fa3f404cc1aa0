// The two clocks: the virtual one jumps to deadlines; both map monotonic readings to consistent dates.
import Foundation
import Testing

@testable import GameCore

@Suite struct ClockTests {
    @Test func theManualClockJumpsToADeadlineInsteadOfWaiting() {
        let clock = ManualClock(start: MonotonicTime(seconds: 5))
        clock.sleep(until: MonotonicTime(seconds: 8.5))
        #expect(clock.now().seconds == 8.5)
        clock.sleep(until: MonotonicTime(seconds: 2))
        #expect(clock.now().seconds == 8.5, "a monotonic clock never goes back")
        clock.advance(by: -3)
        #expect(clock.now().seconds == 8.5)
    }

    @Test func manualClockDatesAdvanceWithTheVirtualTime() {
        let anchor = Date(timeIntervalSince1970: 1_000_000)
        let clock = ManualClock(start: MonotonicTime(seconds: 2), anchorDate: anchor)
        #expect(clock.date(at: MonotonicTime(seconds: 2)) == anchor)
        #expect(clock.date(at: MonotonicTime(seconds: 4.5)) == anchor.addingTimeInterval(2.5))
    }

    @Test func theSystemClockNeverGoesBackAndItsDatesKeepMonotonicDifferences() {
        let clock = SystemClock()
        let a = clock.now()
        let b = clock.now()
        #expect(b >= a)
        let later = a + 3.75
        let difference = clock.date(at: later).timeIntervalSince(clock.date(at: a))
        #expect(abs(difference - 3.75) < 1e-6)
        #expect(abs(clock.date(at: clock.now()).timeIntervalSinceNow) < 5)
    }

    @Test func theSystemClockSleepsAtLeastUntilTheDeadline() {
        let clock = SystemClock()
        let deadline = clock.now() + 0.02
        clock.sleep(until: deadline)
        #expect(clock.now() >= deadline)
    }
}
