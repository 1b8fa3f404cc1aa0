// The one check of a ratings.csv row and trials.csv's measured domains: every row the game could not write is named.
import Foundation
import Testing
import TidyFormats

@testable import StudyRecords

struct RowCheckTests {
    static let header = RatingRow.columns.joined(separator: ",")
    static let good =
        "P07,20261126T014050Z-18a8,1,before,tinnitus_loudness,0.500,2026-11-23T17:00:00.000Z,,FALSE,2,de,,"

    /// Row 2 of `P07/ratings.csv` holding `row`, read through the codec and the check.
    static func check(_ row: String, owner: String? = "P07") throws -> RatingRow {
        let table = try CSVTable.parse(Data((header + "\n" + row + "\n").utf8), file: "logs/P07/ratings.csv")
        return try RatingRow.checked(table.row(table.records[0]), inFileOf: owner)
    }

    /// `good` with column `column` set to `value`.
    static func with(_ column: String, _ value: String, in row: String = good) -> String {
        var cells = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        cells[RatingRow.columns.firstIndex(of: column)!] = value
        return cells.joined(separator: ",")
    }

    @Test func aRowTheGameWritesPassesTheCheck() throws {
        #expect(try Self.check(Self.good).value == 0.5)
        let prompt = "P07,,,prompt,mood,5.000,2026-11-23T17:00:00.000Z,2026-11-23T16:59:00.000Z,FALSE,2,en,,"
        #expect(try Self.check(prompt).promptedAt != nil)
        #expect(try Self.check(Self.with("value", "", in: Self.with("skipped", "TRUE"))).skipped)
        #expect(try Self.check(Self.with("codebook_version", "1")).codebookVersion == 1)
        // Version 1 asked concentration before the rounds too.
        #expect(
            try Self.check(Self.with("item", "concentration", in: Self.with("codebook_version", "1"))).item
                == "concentration")
    }

    /// Every column with values the game never writes there, each named with its file, line and column.
    static let outOfDomain: [(column: String, value: String)] = [
        ("participant", "P08"), ("participant", "p07"), ("participant", ""), ("participant", "a b"),
        ("participant", "../P07"), ("session_id", "S1"), ("session_id", "20261126T014050Z-18A8"),
        ("session_index", "0"), ("session_index", "-2"), ("session_index", "1.5"), ("session_index", "one"),
        ("moment", "during"), ("moment", "BEFORE"), ("item", "happiness"), ("item", "concentration"),
        ("value", "42"), ("value", "-0.1"), ("value", "1e308"), ("value", "nan"), ("value", "abc"),
        ("answered_at", "yesterday"), ("answered_at", "2026-11-23"), ("answered_at", "2026-13-40T17:00:00.000Z"),
        ("answered_at", ""), ("prompted_at", "2026-11-23T16:59:00.000Z"), ("prompted_at", "soon"),
        ("skipped", "TRUE"), ("skipped", "yes"), ("skipped", ""), ("codebook_version", "3"),
        ("codebook_version", "0"), ("codebook_version", "two"), ("codebook_version", ""), ("language", "fr"),
        ("language", "DE"), ("language", "german"),
    ]

    @Test(arguments: outOfDomain.indices)
    func aColumnOutsideItsDomainIsRefusedNamingFileLineAndColumn(index: Int) {
        let (column, value) = Self.outOfDomain[index]
        let error = #expect(throws: CSVReadError.self) { try Self.check(Self.with(column, value)) }
        let said = String(describing: error)
        #expect(said.contains("logs/P07/ratings.csv:2: column '\(column)'"), "\(column)=\(value): \(said)")
    }

    /// The language column (issue 41): the run's code, or not recorded in a file begun before the column existed.
    @Test func theLanguageAskedInIsReadAndAnOldFilesRowHasNone() throws {
        #expect(try Self.check(Self.good).language == "de")
        #expect(try Self.check(Self.with("language", "")).language == nil)
        let old = RatingRow.columnsBeforeLanguage.joined(separator: ",")
        let row = String(Self.good.dropLast(5))
        let file = try CSVLogFile<RatingRow>.decode(Data((old + "\n" + row + "\n").utf8), file: "P07/ratings.csv")
        #expect(file.records.map(\.language) == [nil])
        #expect(
            file.encoded() == Data((old + "\n" + row + "\n").utf8), "an old file's rows are written back as they were")
    }

    /// The ambient level (issue 45): a level and its unit, both or neither, in the unit's range; a file begun before
    /// the columns reads as not measured and is written back as it was.
    @Test func theAmbientLevelIsALevelWithItsUnitOrNothing() throws {
        func level(_ db: String, _ unit: String) -> String {
            Self.with("ambient_level_unit", unit, in: Self.with("ambient_level_db", db))
        }
        #expect(try Self.check(Self.good).ambientLevel == nil)
        #expect(try Self.check(level("-41.2", "dBFS")).ambientLevel == AmbientLevel(decibels: -41.2, unit: .dBFS))
        #expect(try Self.check(level("52.0", "dBA")).ambientLevel == AmbientLevel(decibels: 52, unit: .dBA))
        for (db, unit, column) in [
            ("-41.2", "", "ambient_level_unit"), ("", "dBA", "ambient_level_db"), ("loud", "dBA", "ambient_level_db"),
            ("-41.2", "dB", "ambient_level_unit"), ("41.2", "dBFS", "ambient_level_db"),
            ("200.0", "dBA", "ambient_level_db"),
        ] {
            let error = #expect(throws: CSVReadError.self) { try Self.check(level(db, unit)) }
            let said = String(describing: error)
            #expect(said.contains("logs/P07/ratings.csv:2: column '\(column)'"), "\(db) \(unit): \(said)")
        }
        let old = RatingRow.columnsBeforeAmbientLevel.joined(separator: ",")
        let row = String(Self.good.dropLast(2))
        let file = try CSVLogFile<RatingRow>.decode(Data((old + "\n" + row + "\n").utf8), file: "P07/ratings.csv")
        #expect(file.records.map(\.ambientLevel) == [nil] && file.records.map(\.language) == ["de"])
        #expect(file.encoded() == Data((old + "\n" + row + "\n").utf8), "an 11-column file's rows are written back so")
        let measured = try CSVLogFile<RatingRow>.decode(
            Data((Self.header + "\n" + level("-38.46", "dBFS") + "\n").utf8), file: "P07/ratings.csv")
        #expect(
            String(decoding: measured.encoded(), as: UTF8.self).hasSuffix(",de,-38.5,dBFS\n"), "one decimal written")
    }

    @Test(arguments: [("SAM 0", "mood", "0"), ("SAM 4.5", "mood", "4.5"), ("yes/no 0.5", "tinnitus_noticed", "0.5")])
    func aValueOffItsItemsScaleIsRefused(name: String, item: String, value: String) {
        #expect(throws: CSVReadError.self, "\(name)") {
            try Self.check(Self.with("value", value, in: Self.with("item", item)))
        }
    }

    @Test func aSkippedAnswerWithAValueIsRefusedWhateverTheValue() {
        for value in ["0.500", "0.000", "1"] {
            let row = Self.with("value", value, in: Self.with("skipped", "TRUE"))
            let error = #expect(throws: CSVReadError.self) { try Self.check(row) }
            #expect(String(describing: error).contains("column 'skipped'"), "\(String(describing: error))")
        }
    }

    @Test func aRowNamingAnotherParticipantIsRefusedOnlyInAFileWhoseOwnerIsKnown() throws {
        for other in ["P08", "R01", "P070"] {
            let row = Self.with("participant", other)
            let error = #expect(throws: CSVReadError.self) { try Self.check(row) }
            #expect(String(describing: error).contains("'\(other)' is another participant"))
            #expect(String(describing: error).contains("('P07')"))
            #expect(try Self.check(row, owner: nil).participant == other)
        }
    }

    @Test func aPromptWithASessionAndAnAnswerWithAPromptTimeAreRefused() {
        let prompt = "P07,,,prompt,mood,5.000,2026-11-23T17:00:00.000Z,,FALSE,2,en,,"
        for (row, column) in [
            (Self.with("session_id", "20261126T014050Z-18a8", in: prompt), "session_id"),
            (Self.with("session_index", "3", in: prompt), "session_index"),
            (Self.with("prompted_at", "2026-11-23T16:59:00.000Z"), "prompted_at"),
        ] {
            let error = #expect(throws: CSVReadError.self) { try Self.check(row) }
            #expect(String(describing: error).contains("column '\(column)'"), "\(String(describing: error))")
        }
    }

    // trials.csv: the measured columns' domains, in the game's own codec.

    static let trialsHeader = TrialRow.columns.prefix(24).joined(separator: ",")
    static let trialsRow =
        "1,20261121T201500Z-3f9c,P07,linux-sdl2,keyboard,default-48000,one-target,FALSE,1,1,1,frog,"
        + "10.000,20.000,-10.000,10.000,FALSE,2026-11-21T20:15:00.000Z,2026-11-21T20:15:02.500Z,2.500,"
        + "FALSE,1,,one-target"

    @Test(arguments: [
        ("time_s", "-3.000"), ("time_s", "-0.001"), ("abs_deviation_deg", "200.000"), ("abs_deviation_deg", "-1"),
        ("deviation_deg", "180.5"), ("deviation_deg", "-400"), ("target_bearing_deg", "400"),
        ("target_bearing_deg", "-0.5"), ("aim_bearing_deg", "1e308"), ("aim_bearing_deg", "360.001"),
    ])
    func aTrialValueOutsideItsColumnsDomainIsRefusedByTheCodec(column: String, value: String) {
        var cells = Self.trialsRow.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        cells[TrialRow.columns.firstIndex(of: column)!] = value
        let data = Data((Self.trialsHeader + "\n" + cells.joined(separator: ",") + "\n").utf8)
        let error = #expect(throws: CSVReadError.self) { try CSVLogFile<TrialRow>.decode(data, file: "t/trials.csv") }
        #expect(String(describing: error).contains("t/trials.csv:2: column '\(column)': '\(value)' is outside"))
    }

    @Test func theDomainsEdgesAreValuesTheGameWrites() throws {
        for (column, value) in [
            ("time_s", "0.000"), ("abs_deviation_deg", "180.000"), ("deviation_deg", "-180.000"),
            ("target_bearing_deg", "360.000"), ("aim_bearing_deg", "0.000"),
        ] {
            #expect(TrialColumnDomain.problem(column, Double(value)!) == nil, "\(column) \(value)")
        }
        #expect(TrialColumnDomain.problem("round", -5) == nil)
    }
}
