// How deviations, times and means are put into words on the result and summary screens.
import Foundation
import GameCore

/// Plain-language wording of results. A positive deviation means the target was clockwise (to the right)
/// of where the photo was taken (LOG-FORMAT.md), so the sentence says where the animal really was.
enum ResultWording {
    static func deviation(_ degrees: Double, target: String) -> String {
        let rounded = Int(abs(degrees).rounded())
        if rounded == 0 { return "Spot on! The \(target) was right in front of you." }
        let side = degrees > 0 ? "right" : "left"
        return "Off by \(rounded)°: the \(target) was \(rounded)° to your \(side)."
    }

    /// Signed degrees for tables, e.g. "+12°", "−3°".
    static func degrees(_ degrees: Double) -> String {
        let rounded = Int(degrees.rounded())
        return rounded > 0 ? "+\(rounded)°" : rounded < 0 ? "−\(-rounded)°" : "0°"
    }

    static func seconds(_ seconds: Double) -> String {
        String(format: "%.1f s", seconds)
    }

    /// "Mean deviation 14° · mean time 6.2 s (4 photos)": means of the absolute deviation and of the time.
    static func means(_ trials: [TrialResult]) -> String {
        guard !trials.isEmpty else { return "No photos were taken." }
        let count = Double(trials.count)
        let deviation = trials.map(\.absDeviationDeg).reduce(0, +) / count
        let time = trials.map(\.timeSeconds).reduce(0, +) / count
        let photos = trials.count == 1 ? "1 photo" : "\(trials.count) photos"
        return "Mean deviation \(Int(deviation.rounded()))° · mean time \(seconds(time)) (\(photos))"
    }
}
