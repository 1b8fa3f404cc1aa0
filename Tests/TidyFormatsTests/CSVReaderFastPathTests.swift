// The reader's own split of unquoted lines against libcsv alone: the same records, lines, cut-off tails and errors on
// seeded random and malformed CSV, whole and in chunks that end anywhere.
import Foundation
import Testing

@testable import TidyFormats

struct CSVReaderFastPathTests {
    /// Everything a caller can see of one read.
    struct Outcome: Equatable, CustomStringConvertible {
        var records: [String] = []
        var error: String?
        var skipped = 0
        var firstSkipped: String?
        var cutOff: CSVCutOff?
        var header: [String] = []

        var description: String {
            "records \(records) error \(error ?? "-") skipped \(skipped) first \(firstSkipped ?? "-") cut \(String(describing: cutOff)) header \(header)"
        }
    }

    /// SplitMix64: the same cases on every machine and run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Bytes that matter to a CSV parser, often, and some that do not.
    static let alphabet: [[UInt8]] = [
        Array("a".utf8), Array("b".utf8), Array("1".utf8), Array("-2.5".utf8), Array(" ".utf8), Array("\t".utf8),
        Array(",".utf8), Array(",".utf8), Array("\"".utf8), Array("\n".utf8), Array("\n".utf8), Array("\r".utf8),
        Array("\r\n".utf8), [0], Array("é".utf8), Array("'".utf8), Array("x y".utf8),
    ]

    /// Pure noise from the alphabet, under a header most of the time.
    static func noise(_ random: inout Random) -> [UInt8] {
        var bytes: [UInt8] = random.below(4) == 0 ? [] : Array("a,b,c\n".utf8)
        for _ in 0..<random.below(80) { bytes += alphabet[random.below(alphabet.count)] }
        return bytes
    }

    /// A table as a writer would make it (quoted fields with commas, quotes and line breaks), then damaged a little.
    static func table(_ random: inout Random) -> [UInt8] {
        let columns = 1 + random.below(4)
        var text = (0..<columns).map { "c\($0)" }.joined(separator: ",") + "\n"
        for _ in 0..<random.below(12) {
            let count = random.below(8) == 0 ? columns + random.below(3) - 1 : columns
            let fields = (0..<max(count, 0)).map { _ -> String in
                switch random.below(7) {
                case 0: return "\"q,\(random.below(100))\""
                case 1: return "\"say \"\"hi\"\"\""
                case 2: return "\"two\nlines\""
                case 3: return " \(random.below(9)) "
                case 4: return ""
                default: return "\(random.below(1000))"
                }
            }
            text += fields.joined(separator: ",") + (random.below(5) == 0 ? "\r\n" : "\n")
        }
        var bytes = Array(text.utf8)
        for _ in 0..<random.below(3) where !bytes.isEmpty {
            let at = random.below(bytes.count)
            switch random.below(3) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(alphabet[random.below(alphabet.count)][0], at: at)
            default: bytes[at] = alphabet[random.below(alphabet.count)][0]
            }
        }
        if random.below(4) == 0, !bytes.isEmpty { bytes.removeLast(random.below(min(bytes.count, 6))) }
        return bytes
    }

    static func outcome(
        _ bytes: [UInt8], fastPath: Bool, chunkSize: Int?, columns: [String]?, skipInvalid: Bool, file: URL
    ) -> (Outcome, Int) {
        let reader = CSVReader(columns: columns, optionalColumns: ["z"], skipInvalid: skipInvalid)
        reader.showProgress = false
        reader.fastPath = fastPath
        var outcome = Outcome()
        do {
            let collect: (CSVRecord) throws -> Void = { record in
                outcome.records.append("\(record.line):\(record.fields)")
                if record.fields.first == "a" { throw CSVReadError.empty(file: "a callback's own error") }
            }
            if let chunkSize {
                reader.chunkSize = chunkSize
                try reader.read(path: file.path, onRecord: collect)
            } else {
                try reader.read(data: Data(bytes), file: file.path, onRecord: collect)
            }
        } catch {
            outcome.error = "\(error)"
        }
        outcome.skipped = reader.skippedRows
        outcome.firstSkipped = reader.firstSkipped
        outcome.cutOff = reader.cutOff
        outcome.header = reader.header
        return (outcome, reader.linesSplitHere)
    }

    @Test func theFastPathReadsWhatLibcsvReadsOnRandomAndMalformedCSV() throws {
        var random = Random(state: 48)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fast-path-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        var linesSplit = 0
        var errors = 0
        for index in 0..<4000 {
            let bytes = index % 2 == 0 ? Self.noise(&random) : Self.table(&random)
            try Data(bytes).write(to: file)
            let chunkSize: Int? = random.below(3) == 0 ? nil : 1 + random.below(24)
            let columns: [String]? = random.below(2) == 0 ? nil : ["c1", "z", "c0"]
            let skipInvalid = random.below(2) == 0
            let (slow, none) = Self.outcome(
                bytes, fastPath: false, chunkSize: chunkSize, columns: columns, skipInvalid: skipInvalid, file: file)
            let (fast, split) = Self.outcome(
                bytes, fastPath: true, chunkSize: chunkSize, columns: columns, skipInvalid: skipInvalid, file: file)
            #expect(none == 0)
            #expect(
                fast == slow,
                "case \(index), chunks \(chunkSize.map(String.init) ?? "whole"), bytes \(bytes.map { String($0) })")
            if fast != slow { return }
            linesSplit += split
            if slow.error != nil || slow.skipped > 0 { errors += 1 }
        }
        // Not vacuous: the fast path split many lines, and many cases were refused or had rows dropped.
        #expect(linesSplit > 5000)
        #expect(errors > 500)
    }

    @Test func aLogTheGameWritesIsSplitWithoutLibcsvSaveItsQuotedLines() throws {
        let text = "a,b\n1,2\n3,\"x,y\"\n5,6\n"
        let reader = CSVReader(columns: nil)
        var fields: [[String]] = []
        try reader.read(data: Data(text.utf8), file: "log.csv") { fields.append($0.fields) }
        #expect(fields == [["1", "2"], ["3", "x,y"], ["5", "6"]])
        // The header and the two unquoted rows; the quoted one went to libcsv.
        #expect(reader.linesSplitHere == 3)
    }
}
