// `ratings` against R (Fixtures/ratings-reference.txt, written by scripts/r-ratings-reference.R from the same logs).
import Foundation
import Testing

@testable import StudyAnalysis

struct RatingsAnalysisTests {
    static let reference = Fixtures.references("ratings-reference.txt")

    func close(_ ours: Double?, _ key: String, tolerance: Double = 1e-9) {
        Fixtures.expectClose(ours, key, in: Self.reference, tolerance: tolerance)
    }

    @Test func everyChangeTrendAndCorrelationMatchesR() throws {
        let result = RatingsAnalysis.run(try RatingsData.load(paths: [Fixtures.path("ratings-logs")]))
        #expect(result.data.sessions.count == 15)
        var compared = 0
        for change in result.changes {
            let key = "change.\(change.item).\(change.scope)"
            guard Self.reference["\(key).t"] != nil else {
                #expect(change.test == nil, "\(key): R had no test (too few pairs or constant differences)")
                continue
            }
            close(change.test?.t, key + ".t")
            close(change.test?.df, key + ".df")
            close(change.test?.p, key + ".p")
            if change.scope != RatingsAnalysis.overall {
                close(change.test?.cohenD, key + ".dz")
                close(change.meanChange, key + ".mean_change")
            }
            compared += 1
        }
        for trend in result.trends {
            let key = "trend.\(trend.item).\(trend.scope)"
            guard Self.reference["\(key).slope"] != nil else { continue }
            close(trend.slopePerSession, key + ".slope")
            close(trend.standardError, key + ".se")
            close(trend.p, key + ".p")
            compared += 1
        }
        for correlation in result.correlations where correlation.scope != RatingsAnalysis.overall {
            #expect(correlation.method == "pearson")
            let key = "cor.\(correlation.scope)"
            close(correlation.r, key + ".r")
            close(correlation.t, key + ".t")
            close(correlation.p, key + ".p")
            compared += 1
        }
        #expect(compared >= 50, "compared \(compared) results with R")
    }

    @Test func skipsArePassedOverAndAFolderWithoutRatingsIsASentence() throws {
        let data = try RatingsData.load(paths: [Fixtures.path("ratings-logs")])
        #expect(data.skippedAnswers > 0)
        #expect(data.sessions.allSatisfy { $0.meanAbsDeviationDeg != nil })
        let error = #expect(throws: AnalysisError.self) {
            try RatingsData.load(paths: [Fixtures.path("StudyLogs-sample")])
        }
        #expect(error?.message.contains("no ratings.csv") == true)
    }

    /// Overall, loudness and deviation are correlated within participants (rmcorr), not across pooled sessions
    /// as if they were independent (that was cor.overall in ratings-reference.txt: r = −0.71, df 12).
    @Test func theOverallCorrelationIsTheRepeatedMeasuresOneAsInR() throws {
        let rmcorr = Fixtures.references("rmcorr-reference.txt")
        let result = RatingsAnalysis.run(try RatingsData.load(paths: [Fixtures.path("ratings-logs")]))
        let overall = try #require(result.correlations.first { $0.scope == RatingsAnalysis.overall })
        #expect(overall.method == "rmcorr")
        #expect(Double(overall.sessions) == rmcorr["rmcorr.overall.sessions"])
        #expect(overall.df == rmcorr["rmcorr.overall.df"])
        for (ours, key) in [(overall.r, "rmcorr.overall.r"), (overall.p, "rmcorr.overall.p")] {
            let theirs = try #require(rmcorr[key])
            #expect(
                abs((ours ?? .nan) - theirs) <= 1e-9 * max(1, abs(theirs)),
                "\(key): \(String(describing: ours)) vs R \(theirs)")
        }
    }
}

@Suite struct RatingsFilterTests {
    @Test func aFilterKeepsOneParticipantAndNoRowIsAllNA() throws {
        let data = try RatingsData.load(
            paths: [Fixtures.path("ratings-logs")], filters: [try RowFilter(parsing: "participant=R01")])
        #expect(data.participants == ["R01"])
        // Only before-answers: no pair anywhere, so no change rows at all instead of rows of NA.
        let before = try RatingsData.load(
            paths: [Fixtures.path("ratings-logs")], filters: [try RowFilter(parsing: "moment=before")])
        let result = RatingsAnalysis.run(before)
        #expect(result.changes.isEmpty, "\(result.changes.map(\.scope))")
        #expect(!result.trends.isEmpty)
        #expect(!result.rendered().text.contains("   0     NA"))
    }

    @Test func aMisspeltFilterColumnIsNamedWithTheNearest() {
        #expect {
            _ = try RatingsData.load(
                paths: [Fixtures.path("ratings-logs")], filters: [try RowFilter(parsing: "partcipant=R01")])
        } throws: { error in
            "\(error)".contains("did you mean 'participant'?")
        }
    }
}
