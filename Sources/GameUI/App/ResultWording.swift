// How deviations, times and means are put into words on the result and summary screens.
import Foundation
import GameCore
import SessionRuntime

/// Plain-language wording of results. A positive deviation means the target was clockwise (to the right)
/// of where the photo was taken (docs/LOG-FORMAT.md), so the sentence says where the animal really was.
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
        guard !photos.isEmpty else { return "No photos were taken." }
        let count = Double(photos.count)
        let deviation = photos.map { abs($0.deviationDeg) }.reduce(0, +) / count
        let time = photos.map(\.timeSeconds).reduce(0, +) / count
        let label = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        return "Mean deviation \(Int(deviation.rounded()))° · mean time \(seconds(time)) (\(label))"
    }
}
