// One answer to one item of an instrument, as the patient gave it, and how it is written into questionnaires.csv.
import Foundation

/// An answer of the item's own kind. Written into the `value` cell as text: a number with three decimals (single
/// choice, slider, number), the chosen values joined by `;` (multiple choice), `YYYY-MM-DD` (date), or the text.
public enum QuestionnaireAnswer: Sendable, Equatable {
    case number(Double)
    case choices([Double])
    case day(String)
    case text(String)

    public var cell: String {
        switch self {
        case .number(let value): Self.format(value)
        case .choices(let values): values.sorted().map(Self.format).joined(separator: ";")
        case .day(let text), .text(let text): text
        }
    }

    /// A slider's steps from end to end (the game's ← →; the web's range input steps the same).
    public static let sliderSteps = 20.0

    /// A slider's or number's value as the game stores it: rounded to 3 decimals (a click anywhere on the game's
    /// slider, a step, the web's range input).
    public static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    public static func format(_ value: Double) -> String {
        let text = String(format: "%.3f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// The answer a stored cell holds for `item` (nil when the cell cannot be one: a file edited by hand).
    public init?(cell: String, for item: Instrument.Item) {
        switch item.kind {
        case .singleChoice, .slider, .number:
            guard let value = Double(cell), value.isFinite else { return nil }
            self = .number(value)
        case .multipleChoice:
            let values = cell.split(separator: ";").compactMap { Double($0) }
            guard !values.isEmpty, values.count == cell.split(separator: ";", omittingEmptySubsequences: false).count
            else { return nil }
            self = .choices(values)
        case .date: self = .day(cell)
        case .text: self = .text(cell)
        }
        if problem(for: item) != nil { return nil }
    }

    /// The values a condition (`show_if.any_of`) compares with: a choice's value, or every chosen one.
    public var conditionValues: [Double] {
        switch self {
        case .number(let value): [value]
        case .choices(let values): values
        case .day, .text: []
        }
    }

    /// The score an item contributes (single choice, slider, number), before reverse keying.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// What makes this no answer to `item`, as a phrase naming the item, or nil.
    public func problem(for item: Instrument.Item) -> String? {
        switch (self, item.kind) {
        case (.number(let value), .singleChoice(let options)):
            if !options.contains(where: { $0.value == value }) {
                return "\(Self.format(value)) is not an answer of '\(item.id)'"
            }
        case (.choices(let values), .multipleChoice(let options)):
            if let wrong = values.first(where: { value in !options.contains { $0.value == value } }) {
                return "\(Self.format(wrong)) is not an answer of '\(item.id)'"
            }
            if Set(values).count != values.count { return "'\(item.id)' has an answer chosen twice" }
        case (.number(let value), .slider(let min, let max, _, _)), (.number(let value), .number(let min, let max, _)):
            if !(min...max).contains(value) {
                return "\(Self.format(value)) is outside \(Self.format(min))–\(Self.format(max)) for '\(item.id)'"
            }
        case (.day(let text), .date):
            if DiaryRow.day(text) == nil { return "'\(text)' is not a day like 2026-11-26 for '\(item.id)'" }
        case (.text(let text), .text(let maxLength)):
            if text.count > maxLength { return "'\(item.id)' takes at most \(maxLength) characters" }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return "'\(item.id)' was answered with no text" }
            if text.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
                return "'\(item.id)' must be one line without control characters"
            }
        default:
            return "'\(item.id)' is a \(item.kind.name) item and takes no such answer"
        }
        return nil
    }
}
