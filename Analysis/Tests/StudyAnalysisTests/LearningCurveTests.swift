// Learning curves over sessions: the exponential fit matches R's nls on the learner bot's fixture.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct LearningCurveTests {
    static let reference = Fixtures.references("learning-curve-reference.txt")

    @Test func perSessionMediansMatchRsAggregate() throws {
        let rows = try SessionProgress.read(files: [Fixtures.path("learning-curve.csv")])
        #expect(rows.count == 10)
        #expect(rows.map(\.sessionIndex) == Array(1...10))
        #expect(close(rows[0].medianAbsDeviationDeg, Self.reference["curve.median.1"]))
        #expect(close(rows[9].medianAbsDeviationDeg, Self.reference["curve.median.10"]))
    }

    @Test func theExponentialFitMatchesRsNls() throws {
        let rows = try SessionProgress.read(files: [Fixtures.path("learning-curve.csv")])
        let fit = try #require(
            LearningCurve.fit(
                .exponential, sessions: rows.map { Double($0.sessionIndex) }, values: rows.map(\.medianAbsDeviationDeg))
        )
        // nls stops at its own convergence criterion (tol 1e-8), so agreement is to about 1e-6, not 1e-10.
        #expect(close(fit.asymptote, Self.reference["curve.exponential.asymptote"], 1e-6))
        #expect(close(fit.gain, Self.reference["curve.exponential.gain"], 1e-6))
        #expect(close(fit.rate, Self.reference["curve.exponential.rate"], 1e-6))
        #expect(close(fit.rss, Self.reference["curve.exponential.rss"], 1e-9))
    }

    @Test func aNoiselessCurveIsRecoveredExactlyByBothModels() throws {
        let sessions = (1...12).map(Double.init)
        let exponential = sessions.map { 4 + 20 * exp(-0.4 * ($0 - 1)) }
        let fit = try #require(LearningCurve.fit(.exponential, sessions: sessions, values: exponential))
        #expect(close(fit.asymptote, 4, 1e-7) && close(fit.gain, 20, 1e-7) && close(fit.rate, 0.4, 1e-7))
        let power = sessions.map { 3 + 15 * pow($0, -0.8) }
        let powerFit = try #require(LearningCurve.best(sessions: sessions, values: power).first)
        #expect(powerFit.model == .power)
        #expect(close(powerFit.rate, 0.8, 1e-7))
    }

    @Test func aFlatSeriesHasNoCurve() {
        #expect(LearningCurve.fit(.exponential, sessions: [1, 2, 3, 4, 5], values: [5, 5, 5, 5, 5]) == nil)
        #expect(LearningCurve.fit(.exponential, sessions: [1, 2, 3], values: [9, 6, 5]) == nil)
    }
}

@Suite struct ImpossibleAsymptoteTests {
    @Test func aNegativeAsymptoteOfADeviationIsSaidToBeImpossible() {
        let fit = LearningCurve(model: .exponential, asymptote: -12.6, gain: 60, rate: 0.2, rss: 4, n: 6)
        let text = ProgressReport.render(
            rows: [], curves: [ProgressReport.Curve(participant: "T01", fits: [fit])], adherence: []
        ).text
        #expect(text.contains("the asymptote -12.6° is impossible (a deviation is at least 0°)"), "\(text)")
        let fine = LearningCurve(model: .exponential, asymptote: 8, gain: 60, rate: 0.2, rss: 4, n: 6)
        #expect(ProgressReport.impossibleAsymptote(fine) == nil)
    }
}
