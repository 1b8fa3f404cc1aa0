// A protocol's own participant sheet: an instrument asked before the study's first session, with its consent item.
import Foundation

/// `"participant_sheet": {"instrument": "lab-sheet", "consent_item": "consent"}` in a protocol file. The window asks
/// the instrument's items (docs/QUESTIONNAIRES.md) instead of the participants.csv questions, stores every answer
/// in questionnaires.csv at moment `sheet`, and a session starts only when the participant's latest sheet
/// administration answered the consent item with the value 1 (the consenting option).
public struct ProtocolSheet: Sendable, Equatable {
    public var instrument: String
    /// The single-choice item whose option value 1 means "I consent"; nil: the sheet asks no consent.
    public var consentItem: String?

    /// The option value that records consent.
    public static let consentValue = 1.0
    static let fields = ["instrument", "consent_item"]

    public init(instrument: String, consentItem: String?) {
        self.instrument = instrument
        self.consentItem = consentItem
    }

    /// What is wrong with using `file` as this sheet (one clause), nil when it fits: the consent item must be a
    /// single choice with an option of value 1, asked unconditionally.
    public func problem(with file: Instrument) -> String? {
        guard let consentItem else { return nil }
        guard let item = file.item(consentItem) else {
            return
                "the consent item '\(consentItem)' is not an item of \(file.id) (its items are \(file.items.map(\.id).joined(separator: ", ")))"
        }
        guard case .singleChoice(let options) = item.kind else {
            return "the consent item '\(consentItem)' of \(file.id) is \(item.kind.name); it must be single_choice"
        }
        guard options.contains(where: { $0.value == Self.consentValue }) else {
            return
                "the consent item '\(consentItem)' of \(file.id) has no option with value 1 (the one that records consent)"
        }
        guard item.showIf == nil else {
            return
                "the consent item '\(consentItem)' of \(file.id) has a show_if condition; consent must always be asked"
        }
        return nil
    }

    public enum Consent: Sendable, Equatable {
        /// The newest answer to the consent item is the consenting option (or the sheet asks no consent).
        case given
        /// The newest answer is another option, or the item was skipped.
        case declined
        /// The consent item was never answered.
        case notAsked
    }

    /// What `rows` (a participant's questionnaires.csv) record: the newest answer of this sheet's instrument's
    /// consent item at moment `sheet` counts, so a later "no" withdraws an earlier "yes".
    public func consent(in rows: [QuestionnaireRow]) -> Consent {
        guard let consentItem else { return .given }
        guard
            let last = rows.last(where: {
                $0.instrument == instrument && $0.moment == .sheet && $0.record == .answer && $0.item == consentItem
            })
        else { return .notAsked }
        return last.value.flatMap(Double.init) == Self.consentValue ? .given : .declined
    }

    /// Whether the participant finished a sheet administration that gave consent (the sheet is not asked again).
    public func finishedWithConsent(in rows: [QuestionnaireRow]) -> Bool {
        guard
            let last = Administration.all(rows).last(where: { $0.instrument == instrument && $0.moment == .sheet }),
            last.isFinished
        else { return false }
        return consent(in: rows) == .given
    }
}
