// A protocol's participant sheet found among this machine's instruments, its consent item checked.
import Foundation
import StudyRecords

public enum ProtocolSheetCheck {
    /// The instrument the sheet asks (its newest worded version here); a missing instrument or a consent item that
    /// cannot record consent is one sentence naming the protocol file (`file`, when known) and the field.
    public static func instrument(of sheet: ProtocolSheet, from entries: [InstrumentLibrary.Entry], file: String? = nil)
        throws -> Instrument
    {
        let place = file.map { "\($0): participant_sheet" } ?? "The protocol's participant_sheet"
        let instrument: Instrument
        do {
            instrument = try InstrumentChoice.takeable(id: sheet.instrument, language: nil, from: entries)
        } catch let error as QuestionnaireError {
            throw QuestionnaireError("\(place).instrument: \(error.sentence)")
        }
        if let problem = sheet.problem(with: instrument) {
            throw QuestionnaireError(
                "\(place).consent_item: \(problem); fix the protocol or the instrument (docs/QUESTIONNAIRES.md).")
        }
        return instrument
    }
}
