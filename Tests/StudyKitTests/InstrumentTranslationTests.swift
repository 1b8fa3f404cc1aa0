// Shipped instruments in several languages: each translation measures what the original does, and the run's
// language chooses among them.
import Foundation
import StudyRecords
import Testing

@testable import StudyKit

@Suite struct InstrumentTranslationTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Questionnaires")

    static func library(shipped: URL = shipped) -> InstrumentLibrary {
        InstrumentLibrary(shipped: shipped, added: shipped.appendingPathComponent("no-added-folder"))
    }

    @Test func theUnlicensedShippedInstrumentsHaveGermanWordingThatMeasuresWhatTheEnglishDoes() throws {
        let entries = try Self.library().all()
        for id in ["case-history", "worst-symptom", "lab-sheet"] {
            let english = try #require(entries.first { $0.instrument.id == id && $0.instrument.language == "en" })
            let german = try #require(entries.first { $0.instrument.id == id && $0.instrument.language == "de" })
            #expect(german.instrument.wordless == english.instrument.wordless, "\(id)")
            #expect(german.instrument.title != english.instrument.title, "\(id) is translated")
            #expect(german.instrument.items.allSatisfy { $0.text != nil }, "\(id) has every item's wording")
        }
        // Licensed scales keep their one wordless file: the clinic adds its licensed wording per language.
        #expect(entries.filter { $0.instrument.id == "mini-tq" }.map(\.instrument.language) == ["en"])
    }

    @Test func aShippedTranslationThatChangesAValueIsRefusedNamingItsFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["worst-symptom.json", "worst-symptom.de.json"] {
            try FileManager.default.copyItem(
                at: Self.shipped.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        #expect(try Self.library(shipped: folder).all().count == 2)
        let german = folder.appendingPathComponent("worst-symptom.de.json")
        let text = try String(contentsOf: german, encoding: .utf8)
        // "everyday sounds feel too loud" would be stored as 9 in German and 7 in English.
        try text.replacingOccurrences(of: "\"value\": 7", with: "\"value\": 9").write(
            to: german, atomically: true, encoding: .utf8)
        #expect {
            try Self.library(shipped: folder).all()
        } throws: { error in
            "\(error)".contains("worst-symptom.de.json") && "\(error)".contains("worst-symptom.json")
        }
    }

    @Test func theRunsLanguageChoosesAmongTranslationsAndEnglishIsTheFallback() throws {
        let entries = try Self.library().all()
        let german = try InstrumentChoice.takeable(
            id: "case-history", language: nil, from: entries, preferring: "de")
        #expect(german.language == "de")
        let english = try InstrumentChoice.takeable(
            id: "case-history", language: nil, from: entries, preferring: "en")
        #expect(english.language == "en")
        let french = try InstrumentChoice.takeable(
            id: "case-history", language: nil, from: entries, preferring: "fr")
        #expect(french.language == "en")
        // An explicit --language still decides.
        let asked = try InstrumentChoice.takeable(
            id: "case-history", language: "en", from: entries, preferring: "de")
        #expect(asked.language == "en")
    }
}
