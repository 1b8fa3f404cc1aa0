// Instruments as data: the shipped files, bad files refused in one sentence naming the field, scoring by hand.
import Foundation
import Testing

@testable import StudyRecords

struct InstrumentTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Questionnaires")

    static func parse(_ text: String) throws -> Instrument {
        try InstrumentFile.parse(Data(text.utf8), file: "test.json")
    }

    /// A small valid instrument: three scored choice items (0–3), one reverse-keyed, two subscales.
    static let scale = """
        {"id": "demo", "version": 1, "language": "en", "title": "Demo",
         "reference": {"citation": "none", "licence": "none"},
         "items": [
          {"id": "a", "kind": "single_choice", "text": "A?", "options": [
            {"value": 0, "label": "no"}, {"value": 1, "label": "a bit"}, {"value": 2, "label": "yes"},
            {"value": 3, "label": "very"}]},
          {"id": "b", "kind": "single_choice", "text": "B?", "options": [
            {"value": 0, "label": "no"}, {"value": 3, "label": "very"}]},
          {"id": "c", "kind": "slider", "text": "C?", "min": 0, "max": 3},
          {"id": "note", "kind": "text", "text": "Anything else?", "show_if": {"item": "b", "any_of": [3]}}
         ],
         "scoring": {"items": ["a", "b", "c"], "reverse": ["b"], "total": "sum", "prorate_max_missing": 1,
           "subscales": [{"id": "ab", "items": ["a", "b"]}, {"id": "c_only", "items": ["c"]}],
           "bands": [{"min": 0, "label": "low"}, {"min": 4, "label": "high"}], "reliability": 0.9, "sd": 2}}
        """

    @Test func everyShippedInstrumentIsValidAndNamedByItsIDAndALanguageOtherThanEnglish() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(
            Set(files) == [
                "case-history.json", "worst-symptom.json", "session-ratings.json", "mini-tq.json", "thi.json",
                "lab-sheet.json", "case-history.de.json", "worst-symptom.de.json", "lab-sheet.de.json",
            ])
        for file in files {
            let url = Self.folder.appendingPathComponent(file)
            let instrument = try InstrumentFile.parse(Data(contentsOf: url), file: url.path)
            // `<id>.json` in English; a shipped translation is `<id>.<language>.json`.
            let suffix = instrument.language == "en" ? ".json" : ".\(instrument.language).json"
            #expect(instrument.id + suffix == file)
        }
    }

    @Test func theSessionRatingsInstrumentIsTheCodebook() throws {
        let url = Self.folder.appendingPathComponent("session-ratings.json")
        let instrument = try InstrumentFile.parse(Data(contentsOf: url), file: url.path)
        #expect(instrument.items.map(\.id) == RatingItem.all.map(\.id))
        #expect(instrument.items.map(\.text) == RatingItem.all.map(\.question))
        // Item for item what the window's form asks (`RatingItem.instrumentItem`): kinds, values, labels, anchors.
        #expect(instrument.items == RatingItem.all.map(\.instrumentItem))
    }

    @Test func theLicensedScalesScoreAsPublished() throws {
        let miniTQ = try InstrumentFile.parse(
            Data(contentsOf: Self.folder.appendingPathComponent("mini-tq.json")), file: "mini-tq.json")
        let all2 = Dictionary(uniqueKeysWithValues: miniTQ.items.map { ($0.id, Optional(2.0)) })
        #expect(InstrumentScore.of(miniTQ, answers: all2)?.total.value == 24)
        #expect(InstrumentScore.of(miniTQ, answers: all2)?.band == "very severe (19-24)")
        var eight = Dictionary(uniqueKeysWithValues: miniTQ.items.map { ($0.id, Optional(0.0)) })
        for id in ["mtq01", "mtq02", "mtq03", "mtq04"] { eight[id] = 2 }
        #expect(InstrumentScore.of(miniTQ, answers: eight)?.band == "moderate (8-12)")
        eight["mtq12"] = .some(nil)
        #expect(InstrumentScore.of(miniTQ, answers: eight)?.total.value == nil, "no prorating for the Mini-TQ")
        let thi = try InstrumentFile.parse(
            Data(contentsOf: Self.folder.appendingPathComponent("thi.json")), file: "thi.json")
        var answers = Dictionary(uniqueKeysWithValues: thi.items.map { ($0.id, Optional(0.0)) })
        for id in thi.items.prefix(10).map(\.id) { answers[id] = 4 }
        #expect(InstrumentScore.of(thi, answers: answers)?.total.value == 40)
        #expect(InstrumentScore.of(thi, answers: answers)?.band == "grade 3, moderate (38-56)")
    }

    @Test func reverseKeysSubscalesAndBandsScoreAsComputedByHand() throws {
        let demo = try Self.parse(Self.scale)
        // a = 2, b = 0 reversed to 3 (0 + 3 − 0), c = 1.5: total 6.5, ab = 5, c_only = 1.5.
        let score = try #require(InstrumentScore.of(demo, answers: ["a": 2, "b": 0, "c": 1.5]))
        #expect(score.total == .init(value: 6.5, answered: 3, missing: 0, prorated: false))
        #expect(score.subscales["ab"]?.value == 5 && score.subscales["c_only"]?.value == 1.5)
        #expect(score.band == "high")
        #expect(InstrumentScore.of(demo, answers: ["a": 0, "b": 3, "c": 0])?.band == "low")
    }

    @Test func oneMissingItemIsProratedAndTwoLeaveNoScore() throws {
        let demo = try Self.parse(Self.scale)
        // One missing of three: (2 + 3) × 3/2 = 7.5.
        let one = try #require(InstrumentScore.of(demo, answers: ["a": 2, "b": 0]))
        #expect(one.total == .init(value: 7.5, answered: 2, missing: 1, prorated: true))
        #expect(one.subscales["c_only"]?.value == nil, "a one-item subscale with its item missing has no score")
        let two = try #require(InstrumentScore.of(demo, answers: ["a": 2]))
        #expect(two.total.value == nil && two.total.missing == 2 && two.band == nil)
    }

    @Test func theReliableChangeIndexIsTheChangeOverTheStandardErrorOfTheDifference() throws {
        let demo = try Self.parse(Self.scale)
        // SE_diff = √2 · 2 · √0.1 = 0.894427…; a drop of 3 points: −3.354102.
        let rci = try #require(InstrumentScore.reliableChangeIndex(demo, before: 7, after: 4))
        #expect(abs(rci - -3.3541019662496843) < 1e-12)
    }

    /// Each bad file, and the field its one sentence must name.
    static let badFiles: [(String, String, String)] = [
        ("not JSON", "{", "is not valid JSON"),
        ("trailing comma", #"{"id": "x",}"#, "is not strict JSON"),
        (
            "unknown top key", Self.scale.replacingOccurrences(of: #""title": "Demo""#, with: #""titel": "Demo""#),
            "titel"
        ),
        ("id with capitals", Self.scale.replacingOccurrences(of: #""id": "demo""#, with: #""id": "Demo""#), "'id'"),
        ("version 0", Self.scale.replacingOccurrences(of: #""version": 1"#, with: #""version": 0"#), "'version'"),
        ("version text", Self.scale.replacingOccurrences(of: #""version": 1"#, with: #""version": "1""#), "'version'"),
        (
            "language", Self.scale.replacingOccurrences(of: #""language": "en""#, with: #""language": "English""#),
            "'language'"
        ),
        (
            "no reference",
            Self.scale.replacingOccurrences(of: #""reference": {"citation": "none", "licence": "none"},"#, with: ""),
            "'reference'"
        ),
        ("no licence", Self.scale.replacingOccurrences(of: #", "licence": "none""#, with: ""), "'reference.licence'"),
        ("no items", Self.scale.replacingOccurrences(of: #""items": ["#, with: #""items": [], "x": ["#), "'x'"),
        (
            "item kind", Self.scale.replacingOccurrences(of: #""kind": "slider""#, with: #""kind": "slidr""#),
            "'items[2].kind'"
        ),
        ("item without text", Self.scale.replacingOccurrences(of: #""text": "C?", "#, with: ""), "'items[2].text'"),
        ("duplicate item", Self.scale.replacingOccurrences(of: #""id": "b""#, with: #""id": "a""#), "'items[1].id'"),
        (
            "one option",
            Self.scale.replacingOccurrences(
                of: #"{"value": 0, "label": "no"}, {"value": 3, "label": "very"}"#,
                with: #"{"value": 0, "label": "no"}"#), "'items[1].options'"
        ),
        (
            "repeated option value",
            Self.scale.replacingOccurrences(
                of: #"{"value": 3, "label": "very"}]},"#, with: #"{"value": 0, "label": "very"}]},"#),
            "is given twice; option values must differ"
        ),
        (
            "option label missing",
            Self.scale.replacingOccurrences(of: #"{"value": 1, "label": "a bit"}"#, with: #"{"value": 1}"#),
            "'items[0].options[1].label'"
        ),
        (
            "slider min above max",
            Self.scale.replacingOccurrences(of: #""min": 0, "max": 3"#, with: #""min": 3, "max": 0"#), "'items[2].max'"
        ),
        (
            "show_if forward",
            Self.scale.replacingOccurrences(of: #""show_if": {"item": "b""#, with: #""show_if": {"item": "zz""#),
            "'items[3].show_if.item'"
        ),
        (
            "show_if impossible answer",
            Self.scale.replacingOccurrences(of: #""any_of": [3]"#, with: #""any_of": [7]"#), "'items[3].show_if.any_of'"
        ),
        (
            "scored text item",
            Self.scale.replacingOccurrences(
                of: #""items": ["a", "b", "c"], "reverse""#, with: #""items": ["a", "b", "note"], "reverse""#),
            "'scoring.items[2]'"
        ),
        (
            "unknown scored item",
            Self.scale.replacingOccurrences(
                of: #""items": ["a", "b", "c"], "reverse""#, with: #""items": ["a", "b", "d"], "reverse""#),
            "'scoring.items[2]'"
        ),
        (
            "reverse not scored",
            Self.scale.replacingOccurrences(of: #""reverse": ["b"]"#, with: #""reverse": ["b", "c", "a", "a"]"#),
            "'scoring.reverse[3]'"
        ),
        (
            "total kind", Self.scale.replacingOccurrences(of: #""total": "sum""#, with: #""total": "median""#),
            "'scoring.total'"
        ),
        (
            "prorate all",
            Self.scale.replacingOccurrences(of: #""prorate_max_missing": 1"#, with: #""prorate_max_missing": 3"#),
            "'scoring.prorate_max_missing'"
        ),
        (
            "subscale item",
            Self.scale.replacingOccurrences(
                of: #"{"id": "c_only", "items": ["c"]}"#, with: #"{"id": "c_only", "items": ["note"]}"#),
            "'scoring.subscales[1].items[0]'"
        ),
        (
            "bands out of order",
            Self.scale.replacingOccurrences(of: #"{"min": 4, "label": "high"}"#, with: #"{"min": 0, "label": "high"}"#),
            "'scoring.bands[1].min'"
        ),
        (
            "reliability 1", Self.scale.replacingOccurrences(of: #""reliability": 0.9"#, with: #""reliability": 1"#),
            "'scoring.reliability'"
        ),
        (
            "sd without reliability", Self.scale.replacingOccurrences(of: #""reliability": 0.9, "#, with: ""),
            "'scoring.reliability'"
        ),
        (
            "repeated key",
            Self.scale.replacingOccurrences(of: #""title": "Demo","#, with: #""title": "Demo", "title": "Again","#),
            "is not strict JSON"
        ),
    ]

    @Test func badFilesAreRefusedInOneSentenceNamingTheField() throws {
        #expect(Self.badFiles.count >= 20)
        for (name, text, field) in Self.badFiles {
            do {
                _ = try Self.parse(text)
                Issue.record("\(name): accepted")
            } catch let error as ProtocolError {
                #expect(error.description.contains(field), "\(name): \(error)")
                #expect(error.description.hasPrefix("test.json"), "\(name): \(error)")
                #expect(!error.description.dropLast().contains("\n"), "\(name): more than one line")
            }
        }
    }
}
