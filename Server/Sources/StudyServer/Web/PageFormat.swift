// Numbers and times on a dashboard page, in the page's language: the game's rule (Localization's Formats), never the
// exports' or the API's (codes, dot decimals and ISO times there, whoever reads them).
import Foundation
import Localization
import StudyRecords
import TidyFormats

extension MessageCatalog {
    /// `value` with `digits` decimals in the page language's form ("3.6" in English, "3,6" in German); `none` for
    /// no value.
    func number(_ value: Double?, _ digits: Int = 1, none: String = "—") -> String {
        guard let value, value.isFinite else { return none }
        return language.number(FixedDecimal.string(value, digits: digits))
    }

    /// A number the logs wrote as text ("3.5", a questionnaire's score) in the page language's form.
    func number(written text: String) -> String { language.number(text) }

    /// A calendar day the logs wrote as ISO ("2026-11-28") in the page language's form ("28.11.2026"); a text
    /// that is no such day is shown as it is.
    func day(_ iso: String) -> String {
        // The ISO day is already a calendar day (a diary date): shown as it is, not moved into a zone.
        DiaryRow.day(iso).map { language.day($0) } ?? iso
    }

    /// A number typed into a form: the page language's decimal mark is accepted besides the dot (a German reader
    /// types "2,5" and sees "2,5" in the form's prefilled values).
    func typedNumber(_ text: String) -> Double? {
        Double(
            language.decimalMark == "." ? text : text.replacingOccurrences(of: String(language.decimalMark), with: "."))
    }

    /// A time to the second, in the reader's zone (the site's, UTC on pages of no one site) and the page
    /// language's form ("never" in its words for none).
    func time(_ date: Date?) -> String {
        // TRANSLATORS: a dashboard cell for a time that has not happened (a machine's last sync, a last session).
        guard let date else { return self.gettext("never") }
        return language.dateTime(date, zone: timeZone)
    }

    /// The calendar day of a moment in the reader's zone, as ISO ("2026-11-28"): a session just after midnight in
    /// Ulm belongs to Ulm's day, not UTC's.
    func isoDay(_ date: Date) -> String { CivilTime.isoDay(date, zone: timeZone) }
}
