// The sentence for a study session refused because the participant's consent is not recorded on the protocol's sheet.
import Foundation
import StudyRecords

public struct ConsentMissingError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let participant: String
    public let sheet: ProtocolSheet
    /// Where the sheet's answers are (the participant's questionnaires.csv, or a store's name for it).
    public let location: String
    /// The consent item was answered, with another option than consent (false: never answered).
    public let declined: Bool

    public init(participant: String, sheet: ProtocolSheet, location: String, declined: Bool) {
        self.participant = participant
        self.sheet = sheet
        self.location = location
        self.declined = declined
    }

    public var description: String {
        let item = sheet.consentItem ?? ""
        let state = declined ? "declined consent" : "has not given consent"
        return
            "\(participant) \(state) on the participant sheet (\(sheet.instrument), item '\(item)', in \(location)); "
            + "nothing was played. Ask for consent on the sheet with soundsafari study --participant \(participant) "
            + "--protocol FILE, or stop: the study may not start without it."
    }

    public var errorDescription: String? { description }
}
