// How deviations, times and means are put into words on the result and summary screens.
import Foundation
import GameCore
import SessionRuntime
import StudyRecords

/// Plain-language wording of results. A positive deviation means the target was clockwise (to the right)
/// of where the photo was taken (docs/LOG-FORMAT.md), so the sentence says where the animal really was.
enum ResultWording {
    /// How good an (absolute, mean or single) deviation is, for the words and the colour of the feedback.
    /// Praise is graded, not kept for exactly 0°; a large miss is never shown in the colour of success.
    enum Grade: Equatable {
        /// Up to 5°: about the resolution of the ear straight ahead.
        case excellent
        /// Up to 15°.
        case close
        /// Up to 45°: the right part of the circle.
        case fair
        /// More than 45°.
        case far

        init(absoluteDegrees: Double) {
            let rounded = abs(absoluteDegrees).rounded()
            self = rounded <= 5 ? .excellent : rounded <= 15 ? .close : rounded <= 45 ? .fair : .far
        }

        /// The opening words of the feedback.
        var praise: String {
            switch self {
            case .excellent: "Excellent!"
            case .close: "Very close!"
            case .fair: "Good try."
            case .far: "Keep practising."
            }
        }
    }

    /// `tip`: add what to try after a large miss (the screen has room; the picture's one-line caption has not).
    /// `praise: false` leaves out the graded words: a training photo's verdict is hit or missed, and a
    /// "Good try." beside "Hit!" would be a second, disagreeing verdict.
    static func deviation(_ degrees: Double, target: String, tip: Bool = true, praise: Bool = true) -> String {
        let rounded = Int(abs(degrees).rounded())
        if rounded == 0 {
            return praise
                ? "Spot on! The \(target) was right in front of you." : "The \(target) was right in front of you."
        }
        let side = degrees > 0 ? "right" : "left"
        let grade = Grade(absoluteDegrees: degrees)
        let advice = tip && grade == .far ? " Listen for the ear where it sounds louder, and turn that way." : ""
        let opening = praise ? "\(grade.praise) Off by \(rounded)°: the" : "The"
        return "\(opening) \(target) was \(rounded)° to your \(side).\(advice)"
    }

    /// The result screen's lines for one photo as `feedback` allows: where the animal was (true direction), with
    /// or without the judging words (verdict); without the true direction only that the photo was taken.
    static func resultLines(deviationDeg: Double, timeSeconds: Double, target: String, feedback: SessionFeedback)
        -> [String]
    {
        guard feedback.showTrueDirection else { return ["Photo taken."] }
        guard feedback.verdict else {
            let rounded = Int(abs(deviationDeg).rounded())
            let place =
                rounded == 0
                ? "The \(target) was right in front of you."
                : "The \(target) was \(rounded)° to your \(deviationDeg > 0 ? "right" : "left")."
            return [place, "Time: \(seconds(timeSeconds))"]
        }
        return [deviation(deviationDeg, target: target), "Time: \(seconds(timeSeconds))"]
    }

    /// The summary's line of means as `feedback` allows: the mean deviation only with the true direction, the
    /// judging word only with the verdict.
    static func means(_ photos: [Photo], feedback: SessionFeedback) -> String {
        guard feedback.showTrueDirection, feedback.verdict else {
            guard !photos.isEmpty else { return "No photos were taken." }
            let time = photos.map(\.timeSeconds).reduce(0, +) / Double(photos.count)
            let label = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
            guard feedback.showTrueDirection else { return "Mean time \(seconds(time)) (\(label))" }
            let deviation = photos.map { abs($0.deviationDeg) }.reduce(0, +) / Double(photos.count)
            return "Mean deviation \(Int(deviation.rounded()))° · mean time \(seconds(time)) (\(label))"
        }
        return means(photos)
    }

    /// Signed degrees for tables, e.g. "+12°", "−3°".
    static func degrees(_ degrees: Double) -> String {
        let rounded = Int(degrees.rounded())
        return rounded > 0 ? "+\(rounded)°" : rounded < 0 ? "−\(-rounded)°" : "0°"
    }

    static func seconds(_ seconds: Double) -> String {
        String(format: "%.1f s", seconds)
    }

    /// One logged photo as the summary lists it (from this run, or read back from trials.csv after a resume).
    struct Photo: Equatable {
        let round: Int
        let condition: String
        let target: String
        let deviationDeg: Double
        let timeSeconds: Double
    }

    /// "Mean deviation 14° · mean time 6.2 s (4 photos)": means of the absolute deviation and of the time.
    static func means(_ photos: [Photo]) -> String {
        guard let grade = meanGrade(photos) else { return "No photos were taken." }
        let count = Double(photos.count)
        let deviation = photos.map { abs($0.deviationDeg) }.reduce(0, +) / count
        let time = photos.map(\.timeSeconds).reduce(0, +) / count
        let label = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        return "\(grade.praise) Mean deviation \(Int(deviation.rounded()))° · mean time \(seconds(time)) (\(label))"
    }

    /// The grade of the mean absolute deviation (nil without photos): the summary's colour.
    static func meanGrade(_ photos: [Photo]) -> Grade? {
        guard !photos.isEmpty else { return nil }
        return Grade(absoluteDegrees: photos.map { abs($0.deviationDeg) }.reduce(0, +) / Double(photos.count))
    }
}
