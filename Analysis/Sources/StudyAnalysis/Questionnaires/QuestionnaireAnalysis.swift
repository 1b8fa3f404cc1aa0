// The questionnaire analysis: baseline vs follow-up (paired t, Wilcoxon, d_z with CI), reliable change, change vs learning.
import Foundation
import StudyRecords

/// One participant's baseline and follow-up total of an instrument, the change and its reliable change index.
public struct ParticipantChange: Sendable {
    public let participant: String
    public let baseline: Double, followUp: Double
    public var change: Double { followUp - baseline }
    /// Jacobson–Truax: change / (√2 · SD · √(1 − r)); nil when the instrument file declares no reliability and SD.
    public let rci: Double?
    /// The per-participant slope of abs_deviation_deg over session_index (degrees per session), nil without trials
    /// at two session numbers.
    public let learningSlope: Double?

    /// "improved" / "worsened" (|RCI| > 1.96; a lower score is less distress) or "no reliable change".
    public var reliableChange: String? {
        guard let rci else { return nil }
        return abs(rci) <= 1.96 ? "no reliable change" : rci < 0 ? "improved" : "worsened"
    }
}

public struct InstrumentComparison: Sendable {
    public let instrument: String
    public let participants: [ParticipantChange]
    /// t.test(follow_up, baseline, paired = TRUE) with d_z and its CI; nil with `note` when undefined.
    public let pairedT: TTestResult?
    public let wilcoxon: RankTestResult?
    /// cor.test(change, learning slope) over participants (Pearson).
    public let association: LoudnessPerformance
    public let note: String?
    /// The reliability and SD the RCI used (nil: not declared).
    public let reliability: Double?, standardDeviation: Double?
}

public struct QuestionnaireResult: Sendable {
    public let data: QuestionnaireData
    public let comparisons: [InstrumentComparison]
}

public enum QuestionnaireAnalysis {
    /// Per instrument with totals: each participant's first finished baseline against their last finished follow-up.
    public static func run(_ data: QuestionnaireData) -> QuestionnaireResult {
        QuestionnaireResult(data: data, comparisons: data.instrumentIDs.map { compare($0, data) })
    }

    static func compare(_ instrument: String, _ data: QuestionnaireData) -> InstrumentComparison {
        let declared = data.instruments[instrument]
        let scores = data.scores.filter { $0.instrument == instrument }
        var changes: [ParticipantChange] = []
        for participant in Array(Set(scores.map(\.participant))).sorted() {
            let own = scores.filter { $0.participant == participant }
            guard let baseline = own.first(where: { $0.moment == .baseline }),
                let followUp = own.last(where: { $0.moment == .followUp })
            else { continue }
            let slope = (data.trials[participant]).flatMap { trials -> Double? in
                RatingsAnalysis.trend(
                    item: "abs_deviation_deg", scope: participant,
                    points: trials.map { ($0.sessionIndex, $0.absDeviationDeg, participant) }
                ).slopePerSession
            }
            changes.append(
                ParticipantChange(
                    participant: participant, baseline: baseline.total, followUp: followUp.total,
                    rci: declared.flatMap {
                        InstrumentScore.reliableChangeIndex($0, before: baseline.total, after: followUp.total)
                    }, learningSlope: slope))
        }
        var pairedT: TTestResult?
        var wilcoxon: RankTestResult?
        var notes: [String] = []
        if changes.count < 2 {
            notes.append("needs 2 participants with a baseline and a follow-up (has \(changes.count))")
        } else {
            do {
                pairedT = try TTest.oneSample(
                    GroupAccumulator(changes.map(\.change), keepValues: false), mu: 0, kind: .paired)
            } catch let error as AnalysisError { notes.append("t-test: " + error.message) } catch {
                notes.append("\(error)")
            }
            do { wilcoxon = try RankTests.wilcoxonSignedRank(changes.map(\.change)) } catch let error as AnalysisError {
                notes.append("Wilcoxon: " + error.message)
            } catch { notes.append("\(error)") }
        }
        if declared?.scoring?.reliability == nil {
            notes.append(
                declared == nil
                    ? "no reliable change index: give the instrument's file with --instrument-file"
                    : "no reliable change index: \(instrument)'s file declares no reliability and SD")
        }
        let pairs = changes.compactMap { c in c.learningSlope.map { (c.change, $0) } }
        var association = RatingsAnalysis.correlation(scope: instrument, pairs)
        if association.r == nil {
            // The shared Pearson test speaks of sessions; here each pair is a participant.
            association = LoudnessPerformance(
                scope: instrument, method: "pearson", sessions: pairs.count, r: nil, t: nil, df: nil, p: nil,
                note: pairs.count < 3
                    ? "needs 3 participants with a change and a learning slope (has \(pairs.count))"
                    : "the change or the slope is the same for every participant: r is undefined")
        }
        return InstrumentComparison(
            instrument: instrument, participants: changes, pairedT: pairedT, wilcoxon: wilcoxon,
            association: association, note: notes.isEmpty ? nil : notes.joined(separator: "; "),
            reliability: declared?.scoring?.reliability, standardDeviation: declared?.scoring?.standardDeviation)
    }
}
