// A protocol's own participant sheet: read strictly from the protocol, checked against its instrument, the consent rule.
import Foundation
import Testing
import TidyFormats

@testable import StudyRecords

@Suite struct ProtocolSheetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func labSheet() throws -> Instrument {
        let url = root.appendingPathComponent("Questionnaires/lab-sheet.json")
        return try InstrumentFile.parse(Data(contentsOf: url), file: url.path)
    }

    @Test func theConsentStudyDeclaresItsSheetAndOtherProtocolsNone() throws {
        let url = Self.root.appendingPathComponent("Examples/consent-study.json")
        let study = try ProtocolFile.parse(Data(contentsOf: url), file: url.path)
        #expect(study.participantSheet == ProtocolSheet(instrument: "lab-sheet", consentItem: "consent"))
        let thesis = Self.root.appendingPathComponent("Examples/thesis-study.json")
        #expect(try ProtocolFile.parse(Data(contentsOf: thesis), file: thesis.path).participantSheet == nil)
        #expect(
            try ProtocolSheet(instrument: "lab-sheet", consentItem: "consent").problem(with: Self.labSheet()) == nil)
    }

    @Test func aSheetWithoutItsInstrumentOrWithAnUnknownKeyIsRefusedByField() throws {
        func parse(_ sheet: String) throws -> StudyProtocol {
            try ProtocolFile.parse(
                Data(
                    #"{"name": "s", "participant_sheet": \#(sheet), "conditions": [{"level": "one-target", "repetitions": 1}]}"#
                        .utf8), file: "s.json")
        }
        #expect(throws: ProtocolError.self) { _ = try parse(#"{"consent_item": "consent"}"#) }
        #expect {
            _ = try parse(#"{"instrument": "lab-sheet", "consent": "consent"}"#)
        } throws: { error in
            (error as? ProtocolError)?.field == "participant_sheet.consent"
                && "\(error)".contains("instrument, consent_item")
        }
        #expect(try parse(#"{"instrument": "lab-sheet"}"#).participantSheet?.consentItem == nil)
    }

    @Test func aTrainingPlanSessionMayNotDeclareASheet() throws {
        let url = Self.root.appendingPathComponent("Examples/training-plan.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let spliced = text.replacingOccurrences(
            of: #""session": {"#, with: #""session": {"participant_sheet": {"instrument": "lab-sheet"},"#)
        #expect(spliced != text)
        #expect {
            _ = try TrainingPlanFile.parse(Data(spliced.utf8), file: "plan.json")
        } throws: { error in
            "\(error)".contains("session.participant_sheet")
        }
    }

    @Test func aConsentItemMustBeAnUnconditionalSingleChoiceWithTheValueOne() throws {
        let sheet = try Self.labSheet()
        #expect(
            ProtocolSheet(instrument: "lab-sheet", consentItem: "consnt").problem(with: sheet)?.contains(
                "consent, handedness, group") == true)
        var text = sheet
        text.items[0].kind = .singleChoice([.init(value: 2, label: "yes"), .init(value: 0, label: "no")])
        #expect(
            ProtocolSheet(instrument: "lab-sheet", consentItem: "consent").problem(with: text)?.contains("value 1")
                == true)
        text.items[0].kind = .text(maxLength: 10)
        #expect(
            ProtocolSheet(instrument: "lab-sheet", consentItem: "consent").problem(with: text)?.contains(
                "single_choice") == true)
    }

    static func row(_ administration: String, _ item: String, _ value: String?, moment: QuestionnaireMoment = .sheet)
        -> QuestionnaireRow
    {
        QuestionnaireRow(
            participant: "P01", administration: administration, instrument: "lab-sheet", instrumentVersion: 1,
            language: "en", moment: moment, sessionIndex: nil, record: .answer, item: item, value: value,
            recordedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func theNewestAnswerToTheConsentItemDecides() {
        let sheet = ProtocolSheet(instrument: "lab-sheet", consentItem: "consent")
        #expect(sheet.consent(in: []) == .notAsked)
        #expect(sheet.consent(in: [Self.row("A1", "handedness", "1.000")]) == .notAsked)
        #expect(sheet.consent(in: [Self.row("A1", "consent", "1.000")]) == .given)
        #expect(sheet.consent(in: [Self.row("A1", "consent", "0.000")]) == .declined)
        #expect(sheet.consent(in: [Self.row("A1", "consent", nil)]) == .declined, "skipped is no consent")
        #expect(
            sheet.consent(in: [Self.row("A1", "consent", "1.000"), Self.row("A2", "consent", "0.000")]) == .declined,
            "a later no withdraws it")
        #expect(
            sheet.consent(in: [Self.row("A1", "consent", "1.000", moment: .onRequest)]) == .notAsked,
            "only the sheet's own administrations count")
        #expect(ProtocolSheet(instrument: "lab-sheet", consentItem: nil).consent(in: []) == .given)
    }

    @Test func aProtocolNamesItsSceneExactlyAndAnUnknownSceneIsRefusedByField() throws {
        func parse(_ scene: String) throws -> StudyProtocol {
            try ProtocolFile.parse(
                Data(
                    #"{"name": "s", "scene": \#(scene), "conditions": [{"level": "one-target", "targets": ["duck"], "repetitions": 2}]}"#
                        .utf8), file: "s.json")
        }
        let farm = try parse(#""farm""#)
        #expect(farm.scene == "farm")
        let resolved = farm.resolve(participantNumber: 1, sessionSeed: 9)
        #expect(resolved.scene == "farm" && resolved.rounds.allSatisfy { $0.targetSounds == ["duck"] })
        #expect {
            _ = try parse(#""jungle""#)
        } throws: { error in
            (error as? ProtocolError)?.field == "scene" && "\(error)".contains("pond, farm, forest, coast, savannah")
        }
    }
}
