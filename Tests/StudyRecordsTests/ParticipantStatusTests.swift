// The per-participant summary (status, later the dashboard) and the one adherence rule it shares with train.
import Foundation
import GameCore
import Testing
import TidyFormats

@testable import StudyRecords

@Suite struct ParticipantStatusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let assignedAt = Timestamp.parse("2026-11-02T09:00:00.000Z")!
    static let day = 86_400.0

    /// The sample session's session.json as session `index` of `participant`, started `days` after assignment.
    static func session(
        _ participant: String, _ index: Int, days: Double, completed: Bool, plan: AssignedPlan? = nil,
        dose: Double? = nil
    ) throws -> SessionRecord {
        let sample = root.appendingPathComponent("Examples/sample-session/P07/20261126T014050Z-18a8/session.json")
        var record = try SessionRecord.decode(Data(contentsOf: sample), file: sample.path)
        record.participant = participant
        record.startedAt = assignedAt.addingTimeInterval(days * day + 3600)
        record.endedAt = completed ? record.startedAt.addingTimeInterval(600) : nil
        record.sessionID = SessionID(startedAt: record.startedAt, suffix: UInt16(index)).value
        record.sessionIndex = index
        record.completed = completed
        record.endedBy = completed ? .allTargets : .player
        if let plan {
            record.plan = PlanReference(
                name: plan.plan.name, version: plan.version, session: index, totalSessions: plan.plan.totalSessions)
        }
        if let dose {
            record.environment.input = "keyboard"
            record.exposure?.calibrated = true
            record.exposure?.doseFraction = dose
        }
        return record
    }

    /// Examples/training-plan.json (10 sessions, 3 a week: windows open on days 0, 2, 4, 7, 9, 11, 14, 16, 18, 21).
    static func plan() throws -> AssignedPlan {
        let url = root.appendingPathComponent("Examples/training-plan.json")
        return try AssignedPlan(
            version: 1, assignedAt: assignedAt, source: url.path,
            planJSON: JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url)),
            url: URL(fileURLWithPath: "/logs/P09/plan-001.json"))
    }

    @Test func aPlanParticipantsCountsAreTheOnesTrainSays() throws {
        let plan = try Self.plan()
        let sessions = try [
            Self.session("P09", 1, days: 0, completed: true, plan: plan),
            Self.session("P09", 2, days: 2, completed: true, plan: plan),
        ]
        let today = Self.assignedAt.addingTimeInterval(21 * Self.day + 7200)
        let status = ParticipantStatus(
            participant: "P09", sessions: sessions, plan: plan, ratings: [], today: today, logs: "StudyLogs")
        let schedule = PlanSchedule.of(plan, sessions: sessions, today: today)
        #expect(status.programme == "plan localization-training-10x12 v1")
        #expect(status.done == 2)
        #expect(status.missed == 7, "sessions 3 to 9 had their windows close unplayed; 10 is open today")
        #expect(status.dueNext == "session 3 today")
        #expect(schedule.summary.contains("2 of 10 sessions done, 7 missed"), "train's line says the same numbers")
    }

    @Test func onTheDayOfAssignmentNothingIsMissedAndTheFirstSessionIsDueToday() throws {
        let plan = try Self.plan()
        let today = Self.assignedAt.addingTimeInterval(3600)
        let status = ParticipantStatus(
            participant: "P10", sessions: [], plan: plan, ratings: [], today: today, logs: "StudyLogs")
        #expect(status.missed == 0)
        #expect(status.dueNext == "session 1 today")
        #expect(status.lastSeen == nil)
        let schedule = PlanSchedule.of(plan, sessions: [], today: today)
        #expect(schedule.opened == 1, "due by today: today's session")
        #expect(schedule.missed == 0)
    }

    /// The schedule counts whole UTC days as integers; the calendar's days are the reference, across midnights,
    /// before 1970, and on every day of the plan's three weeks.
    @Test func theScheduleDaysAreTheCalendarsUTCDays() throws {
        let file = try Self.plan()
        let starts = [
            "2026-11-02T09:00:00.000Z", "2026-11-02T00:00:00.000Z", "2026-11-02T23:59:59.999Z",
            "1969-12-31T23:30:00.000Z", "1960-02-29T12:00:00.000Z", "2028-02-28T23:00:00.000Z",
        ].map { Timestamp.parse($0)! }
        guard case .object(let members) = file.planJSON else {
            Issue.record("the plan is an object")
            return
        }
        for (assignedAt, perWeek) in zip(starts, [3, 1, 2, 5, 7, 4]) {
            let json = JSONValue.object(members.map { $0.0 == "sessions_per_week" ? ($0.0, .integer(perWeek)) : $0 })
            let plan = try AssignedPlan(
                version: 1, assignedAt: assignedAt, source: file.source, planJSON: json, url: file.url)
            #expect(plan.plan.sessionsPerWeek == perWeek)
            let first = Calendar.utc.startOfDay(for: assignedAt)
            for hours in stride(from: -30, through: 24 * 25, by: 7) {
                let today = assignedAt.addingTimeInterval(Double(hours) * 3600 + 0.5)
                let schedule = PlanSchedule(assigned: plan, done: 0, inProgress: nil, today: today)
                var opened = 0
                for k in 1...plan.plan.totalSessions {
                    let days = (k - 1) * 7 / plan.plan.sessionsPerWeek
                    let opens = Calendar.utc.date(byAdding: .day, value: days, to: first)!
                    #expect(schedule.opens(session: k) == opens, "session \(k) of a plan assigned \(assignedAt)")
                    if opens <= today { opened += 1 }
                }
                #expect(schedule.opened == opened, "assigned \(assignedAt), today \(today)")
            }
        }
    }

    @Test func interruptedSessionsAreListedAndOnlyTheNewestHasAResumeCommand() throws {
        var older = try Self.session("P08", 1, days: 0, completed: false)
        older.resolvedProtocol.name = "thesis-study"
        let done = try Self.session("P08", 2, days: 1, completed: true)
        var newest = try Self.session("P08", 3, days: 2, completed: false)
        newest.environment.input = "keyboard"
        let status = ParticipantStatus(
            participant: "P08", sessions: [newest, older, done], plan: nil, ratings: [],
            photos: [newest.sessionID: 3, older.sessionID: 5], today: Self.assignedAt + 5 * Self.day,
            logs: "my logs")
        #expect(status.programme == "protocol thesis-study")
        #expect(status.done == 1)
        #expect(status.missed == nil, "a protocol has no calendar")
        #expect(status.interrupted.map(\.sessionID) == [newest.sessionID, older.sessionID])
        #expect(status.interrupted[0].photos == 3 && status.interrupted[0].targets == 15)
        #expect(
            status.interrupted[0].resumeCommand
                == "soundsafari study --protocol FILE.json --participant P08 --logs 'my logs' --resume "
                + "(FILE.json: the protocol file of 'thesis-study')")
        #expect(status.interrupted[1].resumeCommand == nil)
        #expect(status.lastSeen == newest.startedAt)
        let text = ParticipantStatus.text([status], logs: "my logs")
        #expect(
            text.contains("P08 \(newest.sessionID) (thesis-study, session_index 3, 3 of 15 photos): soundsafari study"))
        #expect(text.contains("not resumable"))
    }

    @Test func aSessionBeingPlayedIsNotInterrupted() throws {
        let running = try Self.session("P01", 1, days: 0, completed: false)
        let status = ParticipantStatus(
            participant: "P01", sessions: [running], plan: nil, ratings: [], runningSessions: [running.sessionID],
            today: Self.assignedAt + Self.day, logs: "StudyLogs")
        #expect(status.interrupted.isEmpty)
        #expect(status.running.map(\.sessionID) == [running.sessionID])
    }

    @Test func theWeekDoseCountsTheLastSevenDaysAndTheLastRatingIsTheNewestAnswer() throws {
        let sessions = try [
            Self.session("P11", 1, days: 0, completed: true, dose: 0.5),
            Self.session("P11", 2, days: 8, completed: true, dose: 0.125),
            Self.session("P11", 3, days: 9, completed: true, dose: 0.0625),
        ]
        func rating(_ item: String, _ value: Double?, hours: Double) -> RatingRow {
            RatingRow(
                participant: "P11", sessionID: nil, sessionIndex: nil, moment: .prompt, item: item, value: value,
                answeredAt: Self.assignedAt + 9 * Self.day + hours * 3600, promptedAt: nil, codebookVersion: 1,
                language: "en")
        }
        let ratings = [
            rating("tinnitus_loudness", 0.42, hours: 1), rating("tinnitus_distress", nil, hours: 2),
        ]
        let status = ParticipantStatus(
            participant: "P11", sessions: sessions, plan: nil, ratings: ratings,
            today: Self.assignedAt + 10 * Self.day, logs: "StudyLogs")
        #expect(status.weekDose?.sessions == 2, "the session of day 0 is more than 7 days old")
        #expect(status.weekDosePercent == 19)
        #expect(
            status.lastRatingText == "tinnitus_loudness 0.420 (prompt, 2026-11-11)", "a skipped answer is no rating")
        let csv = ParticipantStatus.csv([status]).split(separator: "\n").map(String.init)
        #expect(csv[0] == ParticipantStatus.columns.joined(separator: ","))
        #expect(csv[1].hasPrefix("P11,protocol thesis-study,3,0,,,2026-11-11T11:00:00.000Z,19,"))
    }
}
