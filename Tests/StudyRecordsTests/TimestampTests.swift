// The byte-level timestamp parser against Foundation's ISO 8601 parser on the same texts, valid and damaged.
import Foundation
import Testing

@testable import StudyRecords

struct TimestampTests {
    /// What the parser replaced: Foundation's parse, then the written fields checked against the calendar's.
    static func foundation(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        let separators: [Int: Character] = [4: "-", 7: "-", 10: "T", 13: ":", 16: ":"]
        for offset in 0..<19 {
            let fits = separators[offset].map { bytes[offset] == $0.asciiValue } ?? (48...57).contains(bytes[offset])
            guard fits else { return nil }
        }
        let fraction = bytes[19..<(bytes.count - 1)]
        if !fraction.isEmpty {
            guard fraction.count >= 2, fraction.count <= 10, fraction.first == UInt8(ascii: "."),
                fraction.dropFirst().allSatisfy({ (48...57).contains($0) })
            else { return nil }
        }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let written = [number(0..<4), number(5..<7), number(8..<10), number(11..<13), number(14..<16), number(17..<19)]
        guard Timestamp.years.contains(written[0]),
            let date = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
                ?? (try? Date.ISO8601FormatStyle().parse(text))
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let read = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return [read.year, read.month, read.day, read.hour, read.minute, read.second] == written.map(Optional.some)
            ? date : nil
    }

    @Test func theByteParserReadsWhatFoundationReadsToTheSameMillisecond() {
        var random = UInt64(48)
        func next(_ n: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(n))
        }
        var valid = 0
        for _ in 0..<20_000 {
            // Fields near and beyond their ranges (month 13, day 31 of a short month, hour 24, second 60), fractions
            // of 0 to 10 digits, and now and then a damaged byte.
            var text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d", 1890 + next(220), next(14), next(33), next(26), next(61),
                next(62))
            let digits = next(11)
            if digits > 0 { text += "." + (0..<digits).map { _ in String(next(10)) }.joined() }
            text += "Z"
            if next(10) == 0 {
                var bytes = Array(text.utf8)
                bytes[next(bytes.count)] = Array("0 :.-TZx".utf8)[next(8)]
                text = String(decoding: bytes, as: UTF8.self)
            }
            let ours = Timestamp.parse(text)
            let theirs = Self.foundation(text)
            #expect((ours == nil) == (theirs == nil), "\(text)")
            guard let ours, let theirs else { continue }
            valid += 1
            // Within one unit in the last place of Foundation's value, and the same millisecond when written.
            let a = ours.timeIntervalSinceReferenceDate
            let b = theirs.timeIntervalSinceReferenceDate
            #expect(abs(a - b) <= max(a.ulp, b.ulp), "\(text): \(a) against \(b)")
            #expect(Timestamp.format(ours) == Timestamp.format(theirs), "\(text)")
        }
        #expect(valid > 5_000)
    }

    @Test func aLoggedTimestampReadsBackToItsOwnText() {
        for milliseconds in stride(from: Int64(1_700_000_000_000), to: 1_700_000_000_000 + 86_400_000, by: 997) {
            let text = Timestamp.format(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            #expect(Timestamp.parse(text).map(Timestamp.format) == text)
        }
    }
}
