// The viewfinder's compass strip moves with the heading and names the directions around the player.
import Testing

@testable import GameCore
@testable import GameUI

@Suite struct CompassStripTests {
    @Test func facingAheadPutsAheadAtTheCentreWithLeftAndRightOutsideTheStrip() {
        let strip = CompassStrip(heading: Bearing(degrees: 0))
        #expect(strip.marks.first { $0.label == "ahead" }?.fraction == 0.5)
        #expect(!strip.marks.contains { $0.label == "right" || $0.label == "left" })
        #expect(strip.readout == "0°")
    }

    @Test func turningRightBy110DegreesMovesTheMarksLeftAndShowsTheNewHeading() {
        let before = CompassStrip(heading: Bearing(degrees: 0))
        let after = CompassStrip(heading: Bearing(degrees: 110))
        #expect(before.marks != after.marks)
        #expect(after.readout == "110°")
        // "right" (90°) is now 20° left of the centre; "135°" 25° right of it.
        let right = after.marks.first { $0.label == "right" }
        #expect(abs((right?.fraction ?? 0) - (0.5 - 20.0 / CompassStrip.spanDegrees)) < 1e-9)
        #expect(after.marks.contains { $0.label == "135°" && $0.fraction > 0.5 })
        #expect(after.marks.allSatisfy { (0...1).contains($0.fraction) })
    }
}
