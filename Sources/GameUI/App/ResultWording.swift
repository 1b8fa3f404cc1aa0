// How deviations, times and means are put into words on the result and summary screens.
import Foundation
import GameCore
import Localization
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
            case .excellent: Translation.gettext("Excellent!")
            case .close: Translation.gettext("Very close!")
            case .fair: Translation.gettext("Good try.")
            case .far: Translation.gettext("Keep practising.")
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
                ? Translation.gettext("Spot on! The {animal} was right in front of you.", ["animal": target])
                : Translation.gettext("The {animal} was right in front of you.", ["animal": target])
        }
        let grade = Grade(absoluteDegrees: degrees)
        let values = ["animal": target, "degrees": String(rounded)]
        var sentence =
            praise
            ? (degrees > 0
                ? Translation.gettext("Off by {degrees}°: the {animal} was {degrees}° to your right.", values)
                : Translation.gettext("Off by {degrees}°: the {animal} was {degrees}° to your left.", values))
            : place(degrees, target: target)
        if praise { sentence = grade.praise + " " + sentence }
        if tip && grade == .far {
            sentence += " " + Translation.gettext("Listen for the ear where it sounds louder, and turn that way.")
        }
        return sentence
    }

    /// "The frog was 12° to your right." (or right in front).
    private static func place(_ degrees: Double, target: String) -> String {
        let rounded = Int(abs(degrees).rounded())
        let values = ["animal": target, "degrees": String(rounded)]
        if rounded == 0 { return Translation.gettext("The {animal} was right in front of you.", values) }
        return degrees > 0
            ? Translation.gettext("The {animal} was {degrees}° to your right.", values)
            : Translation.gettext("The {animal} was {degrees}° to your left.", values)
    }

    /// The result screen's lines for one photo as `feedback` allows: where the animal was (true direction), with
    /// or without the judging words (verdict); without the true direction only that the photo was taken.
    static func resultLines(deviationDeg: Double, timeSeconds: Double, target: String, feedback: SessionFeedback)
        -> [String]
    {
        guard feedback.showTrueDirection else { return [Translation.gettext("Photo taken.")] }
        let time = Translation.gettext("Time: {time}", ["time": seconds(timeSeconds)])
        guard feedback.verdict else { return [place(deviationDeg, target: target), time] }
        return [deviation(deviationDeg, target: target), time]
    }

    /// The summary's line of means as `feedback` allows: the mean deviation only with the true direction, the
    /// judging word only with the verdict.
    static func means(_ photos: [Photo], feedback: SessionFeedback) -> String {
        guard feedback.showTrueDirection, feedback.verdict else {
            guard !photos.isEmpty else { return Translation.gettext("No photos were taken.") }
            let time = photos.map(\.timeSeconds).reduce(0, +) / Double(photos.count)
            guard feedback.showTrueDirection else {
                return Translation.ngettext(
                    "Mean time {time} ({count} photo)", "Mean time {time} ({count} photos)", photos.count,
                    ["time": seconds(time)])
            }
            let deviation = photos.map { abs($0.deviationDeg) }.reduce(0, +) / Double(photos.count)
            return meanLine(deviation: deviation, time: time, photos: photos.count)
        }
        return means(photos)
    }

    /// Signed degrees for tables, e.g. "+12°", "−3°".
    static func degrees(_ degrees: Double) -> String {
        let rounded = Int(degrees.rounded())
        return rounded > 0 ? "+\(rounded)°" : rounded < 0 ? "−\(-rounded)°" : "0°"
    }

    /// "6.2 s" ("6,2 s" in German).
    static func seconds(_ seconds: Double) -> String {
        Translation.language.number(String(format: "%.1f", seconds)) + " s"
    }

    /// "Mean deviation 14° · mean time 6.2 s (4 photos)".
    private static func meanLine(deviation: Double, time: Double, photos: Int) -> String {
        Translation.ngettext(
            "Mean deviation {deviation}° · mean time {time} ({count} photo)",
            "Mean deviation {deviation}° · mean time {time} ({count} photos)", photos,
            ["deviation": String(Int(deviation.rounded())), "time": seconds(time)])
    }

    /// The free game's line under its summary, in a patient's words (issue 38: "Mean deviation" is a researcher's):
    /// "Very close! On average 15° off, 3.0 s to find (2 photos)".
    static func patientMeans(_ photos: [Photo]) -> String {
        guard let grade = meanGrade(photos) else { return Translation.gettext("No photos were taken.") }
        let count = Double(photos.count)
        let deviation = photos.map { abs($0.deviationDeg) }.reduce(0, +) / count
        let time = photos.map(\.timeSeconds).reduce(0, +) / count
        return grade.praise + " "
            + Translation.ngettext(
                "On average {deviation}° off, {time} to find ({count} photo)",
                "On average {deviation}° off, {time} to find ({count} photos)", photos.count,
                ["deviation": String(Int(deviation.rounded())), "time": seconds(time)])
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
        guard let grade = meanGrade(photos) else { return Translation.gettext("No photos were taken.") }
        let count = Double(photos.count)
        let deviation = photos.map { abs($0.deviationDeg) }.reduce(0, +) / count
        let time = photos.map(\.timeSeconds).reduce(0, +) / count
        return grade.praise + " " + meanLine(deviation: deviation, time: time, photos: photos.count)
    }

    /// The grade of the mean absolute deviation (nil without photos): the summary's colour.
    static func meanGrade(_ photos: [Photo]) -> Grade? {
        guard !photos.isEmpty else { return nil }
        return Grade(absoluteDegrees: photos.map { abs($0.deviationDeg) }.reduce(0, +) / Double(photos.count))
    }
}
