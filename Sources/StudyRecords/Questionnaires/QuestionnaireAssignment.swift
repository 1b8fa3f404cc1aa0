// A questionnaire a supervisor assigned to one participant without a plan: asked once, or every N days a set number
// of times; and its withdrawal. The study server stores it as a prescription of kind `questionnaire`.
import Foundation
import Localization
import TidyFormats

/// The content of a `questionnaire` prescription (docs/SERVER.md): `{"instrument": "sleep-check", "version": 1,
/// "language": "en", "every_days": 7, "times": 4}` (without `every_days`, `times` is 1: asked once), or
/// `{"withdraw": 12}`, which withdraws assignment 12. The server writes it from its form or API body; a machine
/// reads it back with the same reader, so both refuse the same files.
public struct QuestionnaireAssignment: Sendable, Equatable {
    public var instrument: String
    public var version: Int
    public var language: String
    /// Days from one asking to the next; nil when it is asked once.
    public var everyDays: Int?
    /// How many times it is asked (1 when once).
    public var times: Int

    public static let everyDaysRange = 1...365
    public static let timesRange = 2...100

    /// Its answers are questionnaires.csv's `on_request` administrations: asked at a clinician's request, as
    /// `questionnaire take` and a web link asked so are; one left unfinished continues in either.
    public static let moment = QuestionnaireMoment.onRequest

    public init(instrument: String, version: Int, language: String, everyDays: Int? = nil, times: Int = 1) {
        self.instrument = instrument
        self.version = version
        self.language = language
        self.everyDays = everyDays
        self.times = everyDays == nil ? 1 : times
    }

    /// A prescription's content: an assignment or the withdrawal of one.
    public enum Content: Sendable, Equatable {
        case assign(QuestionnaireAssignment)
        case withdraw(Int)
    }

    /// The canonical JSON the server stores and a machine receives.
    public var json: String {
        var pairs: [(String, JSONValue)] = [
            ("instrument", .string(instrument)), ("version", .integer(version)), ("language", .string(language)),
        ]
        if let everyDays { pairs += [("every_days", .integer(everyDays)), ("times", .integer(times))] }
        return JSONValue.object(pairs).rendered()
    }

    /// A withdrawal's JSON.
    public static func withdrawal(of id: Int) -> String { JSONValue.object([("withdraw", .integer(id))]).rendered() }

    /// Reads an assignment or a withdrawal; `file` names it in the one sentence of a refusal (a `ProtocolError`
    /// naming the field).
    public static func content(_ data: Data, file: String) throws -> Content {
        let root: JSONValue
        do { root = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
            throw ProtocolError(file: file, field: "", problem: "is not valid JSON; check commas, quotes and brackets")
        }
        if let violation = StrictJSON.firstViolation(in: data) {
            throw ProtocolError(
                file: file, field: "", line: violation.line, problem: "is not strict JSON: \(violation.problem)")
        }
        let reader = FieldReader(file: file, lines: JSONLineLocator(text: String(decoding: data, as: UTF8.self)))
        if let fields = root.fields, fields["withdraw"] != nil {
            let fields = try reader.object(root, "", allowed: ["withdraw"])
            guard let id = try reader.wholeNumber(fields, "withdraw", "withdraw"), id > 0 else {
                throw reader.error("withdraw", "must be the number of an assignment")
            }
            return .withdraw(id)
        }
        let fields = try reader.object(
            root, "", allowed: ["instrument", "version", "language", "every_days", "times"])
        guard let instrument = try reader.string(fields, "instrument", "instrument") else {
            throw reader.error("instrument", "is missing; give the questionnaire's id")
        }
        guard let version = try reader.wholeNumber(fields, "version", "version"), version >= 1 else {
            throw reader.error("version", "is missing or below 1; give the questionnaire's version")
        }
        guard let language = try reader.string(fields, "language", "language") else {
            throw reader.error("language", "is missing; give the questionnaire's language (en, de, …)")
        }
        let everyDays = try reader.wholeNumber(fields, "every_days", "every_days")
        let times = try reader.wholeNumber(fields, "times", "times")
        if let everyDays {
            guard everyDaysRange.contains(everyDays) else {
                throw reader.error("every_days", "must be 1 to 365 days but is \(everyDays)")
            }
            guard let times, timesRange.contains(times) else {
                throw reader.error("times", "must be 2 to 100 when every_days is given")
            }
            return .assign(
                QuestionnaireAssignment(
                    instrument: instrument, version: version, language: language, everyDays: everyDays, times: times))
        }
        guard times == nil || times == 1 else {
            throw reader.error("times", "needs every_days: give how many days apart, or leave times out (asked once)")
        }
        return .assign(QuestionnaireAssignment(instrument: instrument, version: version, language: language))
    }

    /// Whether `administration` is an answer to this assignment: its instrument (id, version, language) at the
    /// assignment's moment.
    public func isAnswered(by administration: Administration) -> Bool {
        administration.instrument == instrument && administration.instrumentVersion == version
            && administration.language == language && administration.moment == Self.moment
            && administration.sessionIndex == nil
    }
}

/// Where an assignment stands on a day. The plan's calendar rule (`PlanSchedule`), with asking `k` in place of
/// session `k`: asking k (1-based) opens `(k − 1) · every_days` whole UTC days after the assignment day and stays
/// open until the next one opens (the last, and a once, until answered); it is answered by an administration
/// finished while it was open; a window that closed unanswered is missed, never asked twice.
public struct AssignmentSchedule: Sendable, Equatable {
    public let assignment: QuestionnaireAssignment
    public let assignedAt: Date
    public let today: Date
    /// For each asking opened by today (1…`opened`), whether it was answered.
    public let answered: [Bool]

    /// What the patient and the page are told.
    public enum State: Sendable, Equatable {
        /// Asking `k` opened today and is not answered.
        case due(Int)
        /// Asking `k` opened on `since`, before today, and is not answered yet.
        case overdue(Int, since: Date)
        /// The open asking is answered; asking `k` opens on `on`.
        case next(Int, on: Date)
        /// Every asking opened and the last is answered or its window has closed.
        case done
    }

    public init(assignment: QuestionnaireAssignment, assignedAt: Date, rows: [QuestionnaireRow], today: Date) {
        self.assignment = assignment
        self.assignedAt = assignedAt
        self.today = today
        let finished = Administration.all(rows).filter(assignment.isAnswered).compactMap(\.finishedAt)
        let opened = Self.opened(assignment, assignedAt: assignedAt, today: today)
        answered = (0..<opened).map { index in
            let k = index + 1
            let start = k == 1 ? assignedAt : Self.opens(assignment, assignedAt: assignedAt, asking: k)
            let end =
                k < assignment.times ? Self.opens(assignment, assignedAt: assignedAt, asking: k + 1) : .distantFuture
            return finished.contains { $0 >= start && $0 < end }
        }
    }

    /// The UTC day asking `k` opens on (its start).
    public func opens(asking k: Int) -> Date { Self.opens(assignment, assignedAt: assignedAt, asking: k) }

    static func opens(_ assignment: QuestionnaireAssignment, assignedAt: Date, asking k: Int) -> Date {
        let day = PlanSchedule.utcDay(assignedAt) + (k - 1) * (assignment.everyDays ?? 0)
        return Date(timeIntervalSince1970: Double(day) * PlanSchedule.secondsPerDay)
    }

    /// Askings whose window has opened by today.
    public var opened: Int { answered.count }

    static func opened(_ assignment: QuestionnaireAssignment, assignedAt: Date, today: Date) -> Int {
        let elapsed = PlanSchedule.utcDay(today) - PlanSchedule.utcDay(assignedAt)
        guard elapsed >= 0 else { return 0 }
        guard let every = assignment.everyDays else { return 1 }
        return min(assignment.times, elapsed / every + 1)
    }

    public var answeredCount: Int { answered.filter { $0 }.count }
    /// Askings whose window closed unanswered.
    public var missed: Int { answered.dropLast().filter { !$0 }.count }

    public var state: State {
        guard let last = answered.last else { return .next(1, on: opens(asking: 1)) }
        let k = answered.count
        if !last {
            let since = opens(asking: k)
            return PlanSchedule.utcDay(since) == PlanSchedule.utcDay(today) ? .due(k) : .overdue(k, since: since)
        }
        return k < assignment.times ? .next(k + 1, on: opens(asking: k + 1)) : .done
    }

    /// Whether the patient is to be asked now (due or overdue).
    public var isOwed: Bool {
        switch state {
        case .due, .overdue: return true
        case .next, .done: return false
        }
    }

    /// One line for a supervisor's page in `catalog`'s language: "asked 1 of 3 times, answered 1; next on
    /// 03.12.2026", "due today", "overdue since 01.12.2026".
    public func summary(_ catalog: MessageCatalog) -> String {
        let counts = catalog.ngettext(
            // TRANSLATORS: a questionnaire assigned to a participant; {opened} askings so far of {count}.
            "asked {opened} of {count} time, answered {answered}",
            "asked {opened} of {count} times, answered {answered}", assignment.times,
            ["opened": String(opened), "answered": String(answeredCount)])
        switch state {
        case .due:
            return counts + "; " + catalog.gettext("due today")
        case .overdue(_, let since):
            return counts + "; "
                + catalog.gettext("overdue since {day}", ["day": catalog.language.day(since)])
        case .next(_, let on):
            return counts + "; " + catalog.gettext("next on {day}", ["day": catalog.language.day(on)])
        case .done:
            return counts + "; " + catalog.gettext("finished")
        }
    }
}
