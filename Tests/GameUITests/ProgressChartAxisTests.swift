// The progress chart's axes: readable labels for rows of zeros, rates that stop at 100 %.
import Testing

@testable import GameUI

@Suite struct ProgressChartAxisTests {
    @Test func aRowOfZerosGetsTheFloorSoTheGridLinesAreNotAllLabelledZero() {
        #expect(ProgressChart.axisTop(of: [0, 0, 0], within: 10...100) == 10)
        #expect(ProgressChart.axisTop(of: [0.02], within: 1...Double.infinity) == 1)
        #expect(ProgressChart.axisTop(of: [], within: 10...180) == 10)
    }

    @Test func theTopIsTenPercentAboveTheLargestValueWithinTheRange() {
        #expect(abs(ProgressChart.axisTop(of: [12, 40, 20], within: 10...180) - 44) < 1e-12)
        #expect(ProgressChart.axisTop(of: [100, 50], within: 10...100) == 100, "a rate stops at 100 %")
        #expect(ProgressChart.axisTop(of: [175], within: 10...180) == 180, "a deviation stops at 180°")
    }
}
