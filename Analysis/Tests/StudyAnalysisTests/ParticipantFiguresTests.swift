// The participant figures' memo: a line figure drawn again is the same figure, and any change in what it is drawn
// from draws it anew (the server's participant page relies on both).
import Foundation
import Localization
import Testing

@testable import StudyAnalysis

@Suite struct ParticipantFiguresTests {
    static func drawn(
        title: String = "Median deviation per session", y: String = "median |deviation| (°)",
        points: [(x: Double, y: Double)] = [(1, 12.5), (2, 10.25), (3, 9)], language: Language = .english
    ) -> String? {
        ParticipantFigures.line(title: title, xLabel: "session", yLabel: y, points: points, language: language)
    }

    /// What SVGFigure draws for the same figure, without the memo.
    static func direct(points: [(x: Double, y: Double)], language: Language = .english) -> String {
        let none = [Double](repeating: .nan, count: points.count)
        return SVGFigure.lineWithCI(
            title: "Median deviation per session", xLabel: "session", yLabel: "median |deviation| (°)",
            xs: points.map(\.x), means: points.map(\.y), low: none, high: none,
            textScale: ParticipantFigures.textScale, language: language)
    }

    @Test func aFigureDrawnAgainIsTheSameAndAnyChangeDrawsItAnew() throws {
        let points: [(x: Double, y: Double)] = [(1, 12.5), (2, 10.25), (3, 9)]
        let first = try #require(Self.drawn(points: points))
        #expect(first == Self.direct(points: points))
        #expect(Self.drawn(points: points) == first)
        // One point's last bit, the language, a word: each is another figure, drawn as SVGFigure draws it.
        let nudged = points.enumerated().map { k, p in k == 1 ? (p.x, p.y.nextUp) : p }
        #expect(Self.drawn(points: nudged) == Self.direct(points: nudged))
        let moved = points.enumerated().map { k, p in k == 1 ? (p.x, 11.0) : p }
        #expect(Self.drawn(points: moved) == Self.direct(points: moved))
        #expect(Self.drawn(points: moved) != first)
        // Ticks with a fraction are written with the language's decimal mark.
        let small: [(x: Double, y: Double)] = [(1, 0.55), (2, 0.62), (3, 0.71)]
        let english = try #require(Self.drawn(points: small))
        let german = try #require(Self.drawn(points: small, language: .german))
        #expect(german == Self.direct(points: small, language: .german))
        #expect(german != english)
        #expect(german.contains(">0,6<"))
        #expect(Self.drawn(title: "Median time per session", points: points)?.contains("Median time") == true)
        #expect(Self.drawn(y: "median time (s)", points: points)?.contains("median time (s)") == true)
        // Points that are not finite are left out before the memo, as before it: only the finite ones are drawn.
        #expect(Self.drawn(points: points + [(4, .nan)]) == first)
        #expect(Self.drawn(points: [(1, .nan)]) == nil)
    }
}
