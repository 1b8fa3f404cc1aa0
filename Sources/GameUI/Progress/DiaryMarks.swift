// Where the patient's diary entries fall on the progress chart's session axis: events as marks, therapies as periods.
import Foundation
import StudyRecords

/// The progress chart's x axis is the sessions in order, not calendar time: a diary day is placed between the two
/// sessions it lies between, in proportion to the time between them (before the first session at the left end,
/// after the last at the right end). An ongoing therapy runs to the right end.
struct DiaryMarks: Equatable {
    struct Mark: Equatable {
        let entryID: String
        let kind: DiaryRow.Kind
        let name: String
        /// 0 = the first session drawn, 1 = the last.
        let start: Double
        /// A therapy's last day (its start for an event).
        let end: Double
    }

    let marks: [Mark]

    init(entries: [DiaryRow], sessionDates: [Date]) {
        marks = entries.compactMap { entry in
            guard let start = DiaryRow.day(entry.date) else { return nil }
            let from = Self.fraction(of: start, among: sessionDates)
            let to: Double
            if entry.kind == .therapy {
                // A therapy's last day counts whole: up to the end of that day.
                to = DiaryRow.day(entry.endDate).map { Self.fraction(of: $0 + 86_399, among: sessionDates) } ?? 1
            } else {
                to = from
            }
            return Mark(entryID: entry.entryID, kind: entry.kind, name: entry.name, start: from, end: max(from, to))
        }
    }

    /// The position of `date` on an axis whose points are `dates` (sorted) at equal steps from 0 to 1.
    static func fraction(of date: Date, among dates: [Date]) -> Double {
        guard let first = dates.first, let last = dates.last, dates.count > 1 else { return 0.5 }
        if date <= first { return 0 }
        if date >= last { return 1 }
        let step = 1 / Double(dates.count - 1)
        for index in 1..<dates.count where date <= dates[index] {
            let span = dates[index].timeIntervalSince(dates[index - 1])
            let within = span > 0 ? date.timeIntervalSince(dates[index - 1]) / span : 1
            return (Double(index - 1) + within) * step
        }
        return 1
    }
}
