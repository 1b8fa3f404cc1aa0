// Taking one administration of an instrument: continues an interrupted one, stores every answer at once, finishes it.
import Foundation
import StudyRecords

/// One sitting with an instrument at a moment (a plan's baseline, every n-th session, a prompt, on request). If an
/// administration of the same instrument (id, version, language) at the same moment was begun and not finished,
/// the sitting continues it at its first item not yet answered; otherwise the first answer begins a new
/// administration (a new id). Each answer is appended and fsync'ed before `answer` returns; the answer that leaves
/// nothing to ask also writes the score rows, after which the administration is locked.
public final class QuestionnaireSitting {
    public let log: QuestionnaireLog
    public let instrument: Instrument
    public let moment: QuestionnaireMoment
    public let sessionIndex: Int?
    /// The administration being taken: the unfinished one continued, or nil until the first answer begins one.
    public private(set) var administration: Administration?
    /// A line the screen shows under the instrument's title (why it is asked now), if any.
    public var note: String?

    /// `needsWording` false: a bot answers, which reads no wording (a licensed scale's shipped file will do).
    public init(
        log: QuestionnaireLog, instrument: Instrument, moment: QuestionnaireMoment, sessionIndex: Int? = nil,
        needsWording: Bool = true
    ) throws {
        if needsWording, instrument.items.contains(where: { $0.text == nil }) {
            throw QuestionnaireError(
                "\(instrument.id) has no wording on this machine (its wording is licensed); add the clinic's licensed wording with: soundsafari questionnaire add FILE"
            )
        }
        self.log = log
        self.instrument = instrument
        self.moment = moment
        self.sessionIndex = sessionIndex
        administration = Self.open(
            in: try log.rows(), instrument: instrument, moment: moment, sessionIndex: sessionIndex)
    }

    private static func open(
        in rows: [QuestionnaireRow], instrument: Instrument, moment: QuestionnaireMoment, sessionIndex: Int?
    ) -> Administration? {
        Administration.all(rows).last {
            !$0.isFinished && $0.instrument == instrument.id && $0.instrumentVersion == instrument.version
                && $0.language == instrument.language && $0.moment == moment && $0.sessionIndex == sessionIndex
        }
    }

    /// The item to ask now, or nil when nothing is left.
    public var nextItem: Item? { remainingItems.first }

    public typealias Item = Instrument.Item

    public var remainingItems: [Item] {
        administration?.remainingItems(of: instrument) ?? instrument.itemsToAsk(given: [:])
    }

    /// Items answered or skipped so far in this administration.
    public var answeredCount: Int { administration?.answers.count ?? 0 }

    public var isFinished: Bool { administration?.isFinished ?? false }

    /// Writes the score rows of an administration whose answers are all given but which a crash stopped before its
    /// `finished` row; nothing when there is something left to ask or nothing was begun.
    public func finishIfNothingLeft(at date: Date) throws {
        guard let current = administration, !current.isFinished, current.remainingItems(of: instrument).isEmpty
        else { return }
        try log.append { rows in
            guard var admin = Administration.all(rows).first(where: { $0.id == current.id }), !admin.isFinished
            else { return [] }
            let closing = admin.finishingRows(of: instrument, at: date)
            admin.scores += closing
            administration = admin
            return closing
        }
    }

    /// Stores the answer to `item` (nil: skipped) and, when it was the last item to ask, the score rows.
    public func answer(_ item: Item, _ answer: QuestionnaireAnswer?, at date: Date) throws {
        if let answer, let problem = answer.problem(for: item) {
            throw QuestionnaireError("The answer was not saved: \(problem).")
        }
        let current = administration
        try log.append { rows in
            var admin: Administration
            if let id = current?.id {
                guard let stored = Administration.all(rows).first(where: { $0.id == id }) else {
                    throw QuestionnaireError(
                        "\(log.url.path) no longer holds administration \(id); it was changed by hand, restore it from a backup"
                    )
                }
                admin = stored
            } else {
                admin = Administration(
                    id: Administration.nextID(after: rows), participant: log.participant.value,
                    instrument: instrument, moment: moment, sessionIndex: sessionIndex, startedAt: date)
            }
            guard !admin.isFinished else {
                throw QuestionnaireError(
                    "\(instrument.id) administration \(admin.id) in \(log.url.path) is already finished and locked; take it again to begin a new administration"
                )
            }
            guard admin.remainingItems(of: instrument).contains(where: { $0.id == item.id }) else {
                throw QuestionnaireError(
                    "'\(item.id)' of \(instrument.id) administration \(admin.id) was already answered (in another window?) or is not asked; open the questionnaire again to continue"
                )
            }
            let row = QuestionnaireRow(
                participant: log.participant.value, administration: admin.id, instrument: instrument.id,
                instrumentVersion: instrument.version, language: instrument.language, moment: moment,
                sessionIndex: sessionIndex, record: .answer, item: item.id, value: answer?.cell, recordedAt: date)
            admin.answers.append(row)
            var new = [row]
            if admin.remainingItems(of: instrument).isEmpty {
                let closing = admin.finishingRows(of: instrument, at: date)
                admin.scores += closing
                new += closing
            }
            administration = admin
            return new
        }
    }
}
