// The one rule for a number the statistics take from a CSV field: finite and within ±1e100, or a sentence naming the row.
import Foundation
import TidyFormats

enum NumberField {
    /// Larger magnitudes would overflow the sums of squares to infinity (1e100² summed over any number of rows stays
    /// far below Double's 1.8e308), and one such value would turn every mean it enters into infinity or NaN.
    static let largestMagnitude = 1e100

    /// The field's number; an invalid row (fatal unless `--skip-invalid`, then counted) when it is not one or out of range.
    static func value(_ record: CSVRecord, _ slot: Int) throws -> ExactDecimal {
        guard let parsed = record.withBytes(slot, { ExactDecimal.parse($0) }) else {
            throw notANumber(record, slot)
        }
        return try checked(parsed, record, slot)
    }

    static func checked(_ value: ExactDecimal, _ record: CSVRecord, _ slot: Int) throws -> ExactDecimal {
        guard abs(value.approximate) <= largestMagnitude else {
            throw record.invalid(slot, "'\(record.string(slot))' is \(outOfRange)")
        }
        return value
    }

    static let outOfRange = "out of range: the statistics take finite numbers within ±1e100"

    /// Why a field that `ExactDecimal.parse` refused is not a number.
    static func notANumber(_ record: CSVRecord, _ slot: Int) -> CSVReadError {
        let text = record.string(slot).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return record.invalid(slot, "an empty field is not a number") }
        let unguarded = text.hasPrefix("'") ? String(text.dropFirst()) : text
        if let number = Double(unguarded), !number.isFinite {
            let spelled = unguarded.lowercased().contains("inf") || number.isNaN
            return record.invalid(slot, spelled ? "'\(text)' is not a finite number" : "'\(text)' is \(outOfRange)")
        }
        return record.invalid(slot, "'\(text)' is not a number")
    }
}
