// A questionnaire assigned to one participant without a plan: the content's one reader, the day rule that says
// whether the reminder's prompt asks it (due, overdue, answered, missed), and what a sync writes on the machine.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

struct AssignedQuestionnairesTests {
    static let day = 86_400.0
    /// 2026-11-30 10:00 UTC.
    static let assignedAt = Date(timeIntervalSince1970: 1_796_032_800)

    static func finished(_ id: String, at date: Date, instrument: String = "sleep-check", language: String = "en")
        -> [QuestionnaireRow]
    {
        [QuestionnaireRow.Record.answer, .finished].map { record in
            QuestionnaireRow(
                participant: "P07", administration: id, instrument: instrument, instrumentVersion: 1,
                language: language, moment: .onRequest, sessionIndex: nil, record: record,
                item: record == .answer ? "slept" : QuestionnaireRow.totalItem, value: "1.000", recordedAt: date)
        }
    }

    @Test func theContentHasOneReaderAndRefusesInOneSentenceNamingTheField() throws {
        let every = QuestionnaireAssignment(
            instrument: "sleep-check", version: 1, language: "en", everyDays: 7, times: 3)
        #expect(try QuestionnaireAssignment.content(Data(every.json.utf8), file: "f") == .assign(every))
        let once = QuestionnaireAssignment(instrument: "sleep-check", version: 1, language: "en")
        #expect(once.times == 1 && !once.json.contains("times"))
        #expect(try QuestionnaireAssignment.content(Data(once.json.utf8), file: "f") == .assign(once))
        #expect(
            try QuestionnaireAssignment.content(Data(QuestionnaireAssignment.withdrawal(of: 12).utf8), file: "f")
                == .withdraw(12))
        let refused: [(String, String)] = [
            (#"{"instrument": "s", "version": 1, "language": "en", "times": 3}"#, "times"),
            (#"{"instrument": "s", "version": 1, "language": "en", "every_days": 0, "times": 3}"#, "every_days"),
            (#"{"instrument": "s", "version": 1, "language": "en", "every_days": 7}"#, "times"),
            (#"{"instrument": "s", "version": 0, "language": "en"}"#, "version"),
            (#"{"instrument": "s", "version": 1, "language": "en", "colour": "red"}"#, "colour"),
            (#"{"withdraw": "12"}"#, "withdraw"),
        ]
        for (text, field) in refused {
            #expect(throws: ProtocolError.self) { try QuestionnaireAssignment.content(Data(text.utf8), file: "f") }
            do { _ = try QuestionnaireAssignment.content(Data(text.utf8), file: "f") } catch let error as ProtocolError
            {
                #expect(error.field == field, "\(text)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func everyNDaysIsDueOnItsDayOverdueAfterItAndAnsweredOnlyWhileOpen() {
        let every = QuestionnaireAssignment(
            instrument: "sleep-check", version: 1, language: "en", everyDays: 7, times: 3)
        let t0 = Self.assignedAt
        func state(_ rows: [QuestionnaireRow], dayOffset: Double) -> AssignmentSchedule {
            AssignmentSchedule(assignment: every, assignedAt: t0, rows: rows, today: t0 + dayOffset * Self.day)
        }
        #expect(state([], dayOffset: 0).state == .due(1))
        #expect(state([], dayOffset: 0).isOwed)
        // Answered on the day: the next asking opens a week after the assignment day (00:00 UTC).
        let first = Self.finished("A1", at: t0 + 3600)
        let weekLater = Date(
            timeIntervalSince1970: (t0.timeIntervalSince1970 / Self.day).rounded(.down) * Self.day + 7 * Self.day)
        #expect(state(first, dayOffset: 2).state == .next(2, on: weekLater))
        #expect(!state(first, dayOffset: 2).isOwed)
        #expect(state(first, dayOffset: 7).state == .due(2))
        #expect(state(first, dayOffset: 9).state == .overdue(2, since: weekLater))
        // Not answered in the second week: missed once the third opens, never asked twice.
        let third = state(first, dayOffset: 14)
        #expect(third.state == .due(3) && third.missed == 1 && third.answeredCount == 1 && third.opened == 3)
        // An answer before the assignment, another instrument, another language or moment count for nothing.
        let others =
            Self.finished("A0", at: t0 - 60) + Self.finished("A2", at: t0 + 60, instrument: "mini-tq")
            + Self.finished("A3", at: t0 + 60, language: "de")
        #expect(state(others, dayOffset: 0).state == .due(1))
        // The last one answered: finished, nothing owed.
        let all = first + Self.finished("A4", at: t0 + 7.5 * Self.day) + Self.finished("A5", at: t0 + 15 * Self.day)
        #expect(state(all, dayOffset: 30).state == .done && state(all, dayOffset: 30).answeredCount == 3)
        // Once: owed until answered, however late.
        let once = QuestionnaireAssignment(instrument: "sleep-check", version: 1, language: "en")
        let late = AssignmentSchedule(assignment: once, assignedAt: t0, rows: [], today: t0 + 40 * Self.day)
        #expect(late.state == .overdue(1, since: weekLater - 7 * Self.day) && late.isOwed)
        let answered = AssignmentSchedule(
            assignment: once, assignedAt: t0, rows: Self.finished("A1", at: t0 + 40 * Self.day),
            today: t0 + 40 * Self.day)
        #expect(answered.state == .done && !answered.isOwed)
        #expect(answered.summary(.english) == "asked 1 of 1 time, answered 1; finished")
        #expect(late.summary(.english) == "asked 1 of 1 time, answered 0; overdue since 2026-11-30")
    }

    @Test func aSyncWritesAssignmentsOwnerOnlyOnceWithdrawsThemAndRefusesAnUnreadableOne() throws {
        let folder = try TemporaryFolder()
        let logs = folder.file("logs")
        let every = QuestionnaireAssignment(
            instrument: "sleep-check", version: 1, language: "en", everyDays: 7, times: 3)
        let server = "https://study.example.org"
        let received: [SyncClient.Prescription] = [
            .init(
                id: 4, participant: "P07", kind: "questionnaire", content: every.json,
                createdAt: "2026-11-30T10:00:00Z"),
            .init(id: 5, participant: "P07", kind: "questionnaire", content: #"{"instrument": 3}"#),
            .init(
                id: 6, participant: "P08", kind: "questionnaire",
                content: QuestionnaireAssignment(instrument: "sleep-check", version: 1, language: "en").json,
                createdAt: "2026-11-30T10:00:00Z"),
        ]
        let outcome = try AssignedQuestionnaires.apply(received, server: server, logs: logs, at: Date())
        #expect(outcome.assigned.map(\.prescription) == [4, 6] && outcome.last == 6)
        #expect(outcome.refused.count == 1 && outcome.refused[0].contains("prescription 5 from \(server)"))
        let p07 = try ParticipantID("P07")
        let url = AssignedQuestionnaires.url(logs: logs, participant: p07)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
        #expect(mode as? Int == 0o600)
        let held = try AssignedQuestionnaires.all(logs: logs, participant: p07)
        #expect(held.count == 1 && held[0].assignedAt == Self.assignedAt && held[0].assignment == every)
        // Owed on its day; received again (a cursor lost) nothing doubles.
        #expect(
            try AssignedQuestionnaires.owed(logs: logs, participant: p07, rows: [], today: Self.assignedAt).count == 1)
        _ = try AssignedQuestionnaires.apply([received[0]], server: server, logs: logs, at: Date())
        #expect(try AssignedQuestionnaires.all(logs: logs, participant: p07).count == 1)
        // Withdrawn: kept in the file with its time, asked no more; the other participant's untouched.
        let withdrawal = SyncClient.Prescription(
            id: 7, participant: "P07", kind: "questionnaire", content: QuestionnaireAssignment.withdrawal(of: 4),
            createdAt: "2026-12-01T08:00:00Z")
        let withdrawn = try AssignedQuestionnaires.apply([withdrawal], server: server, logs: logs, at: Date())
        #expect(withdrawn.withdrawn.map(\.prescription) == [4])
        #expect(try AssignedQuestionnaires.all(logs: logs, participant: p07)[0].withdrawnAt != nil)
        #expect(try AssignedQuestionnaires.owed(logs: logs, participant: p07, rows: [], today: Self.assignedAt).isEmpty)
        #expect(
            try AssignedQuestionnaires.owed(
                logs: logs, participant: ParticipantID("P08"), rows: [], today: Self.assignedAt
            ).count == 1)
        // Another server's number 4 is another assignment.
        #expect(
            try AssignedQuestionnaires.apply([received[0]], server: "https://other", logs: logs, at: Date())
                .assigned.count == 1)
    }
}
