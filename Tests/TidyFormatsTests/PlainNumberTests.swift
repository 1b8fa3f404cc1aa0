// Numbers read from a field's bytes against the same field read as text (Int(text), Double(text)): always equal.
import Foundation
import Testing

@testable import TidyFormats

struct PlainNumberTests {
    /// Texts near the plain forms: digits, signs, points, exponents, spaces, too many digits, nothing.
    static func text(_ random: inout CSVReaderFastPathTests.Random) -> String {
        let pieces = ["0", "1", "5", "9", "00", "123", ".", "-", "+", "e", "E", " ", "'", "x", "999999999"]
        return (0..<random.below(9)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }

    @Test func aPlainNumberReadsAsItsTextDoesAndAnyOtherFormIsLeftToTheText() {
        var random = CSVReaderFastPathTests.Random(state: 4848)
        var plain = 0
        for _ in 0..<200_000 {
            let text = Self.text(&random)
            let bytes = Array(text.utf8)
            let integer = bytes.withUnsafeBufferPointer(PlainNumber.integer)
            let decimal = bytes.withUnsafeBufferPointer(PlainNumber.decimal)
            if let integer { #expect(integer == Int(text), "\(text)") }
            if let decimal {
                plain += 1
                let expected = Double(text)
                #expect(
                    decimal.bitPattern == expected?.bitPattern,
                    "\(text): \(decimal) against \(String(describing: expected))")
            }
        }
        #expect(plain > 10_000)
    }

    @Test func writtenDecimalsReadBackToTheNearestDouble() {
        var random = CSVReaderFastPathTests.Random(state: 7)
        var plain = 0
        for _ in 0..<100_000 {
            let digits = random.below(7)
            let value = (Double(random.below(2_000_000_000)) - 1e9) / Double(1 << random.below(30))
            let text = CSVValue.decimal(value, fractionDigits: digits).encoded
            guard let parsed = Array(text.utf8).withUnsafeBufferPointer(PlainNumber.decimal) else { continue }
            plain += 1
            #expect(parsed.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        #expect(plain > 50_000)
    }
}
