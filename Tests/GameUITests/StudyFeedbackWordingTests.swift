// A study's result and summary wording follow its protocol's feedback: nothing about accuracy unless turned on.
import StudyRecords
import Testing

@testable import GameUI

@Suite struct StudyFeedbackWordingTests {
    static let photos = [
        ResultWording.Photo(round: 1, condition: "one-target", target: "frog", deviationDeg: -80, timeSeconds: 3),
        ResultWording.Photo(round: 2, condition: "one-target", target: "frog", deviationDeg: 92, timeSeconds: 3.6),
    ]

    @Test func withoutFeedbackAPhotoIsOnlyTaken() {
        #expect(
            ResultWording.resultLines(deviationDeg: -80, timeSeconds: 3, target: "frog", feedback: .off)
                == ["Photo taken."])
        #expect(ResultWording.means(Self.photos, feedback: .off) == "Mean time 3.3 s (2 photos)")
    }

    @Test func theTrueDirectionWithoutAVerdictSaysWhereButNotHowWell() {
        let feedback = SessionFeedback(showTrueDirection: true, verdict: false, points: false)
        let lines = ResultWording.resultLines(deviationDeg: -80, timeSeconds: 3, target: "frog", feedback: feedback)
        #expect(lines == ["The frog was 80° to your left.", "Time: 3.0 s"])
        let means = ResultWording.means(Self.photos, feedback: feedback)
        #expect(means == "Mean deviation 86° · mean time 3.3 s (2 photos)")
        #expect(!means.contains("Keep practising"))
    }

    @Test func playStillJudges() {
        #expect(
            ResultWording.resultLines(deviationDeg: -80, timeSeconds: 3, target: "frog", feedback: .all)[0]
                .hasPrefix("Keep practising."))
        #expect(ResultWording.means(Self.photos, feedback: .all).hasPrefix("Keep practising."))
    }
}
