// One administration of an instrument read back from questionnaires.csv: its answers so far, what is left to ask, its score.
import Foundation

/// The rows of one administration id. An administration is begun by its first answer; it is finished once its
/// `finished` row exists and then takes no more rows (locked); a new administration is a new id.
public struct Administration: Sendable, Equatable {
    public var id: String
    public var participant: String
    public var instrument: String
    public var instrumentVersion: Int
    public var language: String
    public var moment: QuestionnaireMoment
    public var sessionIndex: Int?
    /// The answer rows in the order given (a skip has a nil value).
    public var answers: [QuestionnaireRow]
    /// The subscale rows and the `finished` row, once written.
    public var scores: [QuestionnaireRow]
    public var startedAt: Date

    /// A new administration with nothing answered yet.
    public init(
        id: String, participant: String, instrument: Instrument, moment: QuestionnaireMoment, sessionIndex: Int?,
        startedAt: Date
    ) {
        self.init(
            id: id, participant: participant, instrument: instrument.id, instrumentVersion: instrument.version,
            language: instrument.language, moment: moment, sessionIndex: sessionIndex, answers: [], scores: [],
            startedAt: startedAt)
    }

    init(
        id: String, participant: String, instrument: String, instrumentVersion: Int, language: String,
        moment: QuestionnaireMoment, sessionIndex: Int?, answers: [QuestionnaireRow], scores: [QuestionnaireRow],
        startedAt: Date
    ) {
        self.id = id
        self.participant = participant
        self.instrument = instrument
        self.instrumentVersion = instrumentVersion
        self.language = language
        self.moment = moment
        self.sessionIndex = sessionIndex
        self.answers = answers
        self.scores = scores
        self.startedAt = startedAt
    }

    public var finished: QuestionnaireRow? { scores.first { $0.record == .finished } }
    public var isFinished: Bool { finished != nil }
    public var finishedAt: Date? { finished?.recordedAt }

    /// Every administration in `rows`, in the order each began.
    public static func all(_ rows: [QuestionnaireRow]) -> [Administration] {
        var order: [String] = []
        var byID: [String: Administration] = [:]
        for row in rows {
            if byID[row.administration] == nil {
                order.append(row.administration)
                byID[row.administration] = Administration(
                    id: row.administration, participant: row.participant, instrument: row.instrument,
                    instrumentVersion: row.instrumentVersion, language: row.language, moment: row.moment,
                    sessionIndex: row.sessionIndex, answers: [], scores: [], startedAt: row.recordedAt)
            }
            if row.record == .answer {
                byID[row.administration]?.answers.append(row)
            } else {
                byID[row.administration]?.scores.append(row)
            }
        }
        return order.compactMap { byID[$0] }
    }

    /// The id the next administration gets: `A` and one more than the highest so far (one begun on the study
    /// server's web page, `W` and its link's number, is not counted: the two are numbered apart).
    public static func nextID(after rows: [QuestionnaireRow]) -> String {
        "A\((rows.compactMap { $0.administration.hasPrefix("A") ? Int($0.administration.dropFirst()) : nil }.max() ?? 0) + 1)"
    }

    /// The id of an administration begun on the study server's web questionnaire through link `link`.
    public static func webID(link: Int) -> String { "W\(link)" }

    /// The administration of `instrument` at `moment` (and plan session) that was begun and not finished, if any:
    /// the one an interrupted questionnaire continues.
    public static func unfinished(
        of instrument: String, moment: QuestionnaireMoment, sessionIndex: Int?, in rows: [QuestionnaireRow]
    ) -> Administration? {
        all(rows).last {
            !$0.isFinished && $0.instrument == instrument && $0.moment == moment && $0.sessionIndex == sessionIndex
        }
    }

    /// The answers so far by item id (nil: skipped).
    public func answerValues(in instrument: Instrument) -> [String: QuestionnaireAnswer?] {
        var values: [String: QuestionnaireAnswer?] = [:]
        for row in answers {
            guard let item = instrument.item(row.item) else { continue }
            values[row.item] = row.value.flatMap { QuestionnaireAnswer(cell: $0, for: item) }
        }
        return values
    }

    /// The items still to ask, in order: not yet answered or skipped, and shown by their condition.
    public func remainingItems(of instrument: Instrument) -> [Instrument.Item] {
        instrument.itemsToAsk(given: answerValues(in: instrument))
    }

    /// The rows that finish the administration: the score of each subscale not yet written, then `finished` with
    /// the total (value, band, missing items and prorating empty for an instrument that is not scored).
    public func finishingRows(of instrument: Instrument, at date: Date) -> [QuestionnaireRow] {
        let numbers = answerValues(in: instrument).mapValues { $0?.number }
        let score = InstrumentScore.of(instrument, answers: numbers)
        func row(_ record: QuestionnaireRow.Record, _ item: String, _ part: InstrumentScore.Part?, band: String?)
            -> QuestionnaireRow
        {
            QuestionnaireRow(
                participant: participant, administration: id, instrument: self.instrument,
                instrumentVersion: instrumentVersion, language: language, moment: moment, sessionIndex: sessionIndex,
                record: record, item: item, value: part?.value.map(QuestionnaireAnswer.format), band: band,
                missingItems: part?.missing, prorated: part.map { $0.prorated }, recordedAt: date)
        }
        let written = Set(scores.map(\.item))
        var rows: [QuestionnaireRow] = []
        for subscale in instrument.scoring?.subscales ?? [] where !written.contains(subscale.id) {
            rows.append(row(.subscale, subscale.id, score?.subscales[subscale.id], band: nil))
        }
        rows.append(row(.finished, QuestionnaireRow.totalItem, score?.total, band: score?.band))
        return rows
    }
}

extension Instrument {
    /// The items to ask after `answers` (by item id; nil: skipped), in order: each not answered yet and shown — an
    /// item with `show_if` only when its earlier item was answered with one of the listed values.
    public func itemsToAsk(given answers: [String: QuestionnaireAnswer?]) -> [Item] {
        items.filter { item in
            guard answers[item.id] == nil else { return false }
            guard let condition = item.showIf else { return true }
            let given = (answers[condition.item] ?? nil)?.conditionValues ?? []
            return given.contains { condition.anyOf.contains($0) }
        }
    }
}
