// A participant's synced logs for the dashboard's participant and session pages: sessions, ratings, a profile with an
// audiogram, questionnaires and a diary, sent through the sync API as a machine sends them.
import Foundation
import StudyRecords
import TidyFormats

@testable import StudyServer

enum ParticipantStudy {
    /// Sessions of the sample, a day apart, each with smaller deviations than the one before.
    static let factors = [1.0, 0.8, 0.6, 0.45]

    /// Session `number`'s ID: each participant's own, as the game's random suffixes make them (the server keeps a
    /// session ID for the participant who first sent it); P07's are the ones the pages' tests name.
    static func sessionID(number: Int, participant: String) -> String {
        "2026112\(number)T090000Z-00\(number)\(participant == "P07" ? "a" : "b")"
    }

    /// The sample session as session `number` (from 0) of `participant`, its deviations scaled by `factor`, with a
    /// headphone check, a volume change, the profile version it used and the week's dose.
    static func session(number: Int, participant: String, profileVersion: Int?) throws -> (
        folder: String, state: String, trials: [String]
    ) {
        let id = sessionID(number: number, participant: participant)
        var (record, trials) = try ProjectionTests.sample()
        let offset = Double(number) * 86_400
        record.sessionID = id
        record.participant = participant
        record.startedAt = record.startedAt.addingTimeInterval(offset)
        record.endedAt = record.endedAt?.addingTimeInterval(offset)
        record.output?.tailoring.profileVersion = profileVersion
        record.exposure?.doseFraction = 0.35
        record.exposure?.weekDoseFraction = 0.35 * Double(number + 1)
        record.headphoneChecks = [
            HeadphoneCheckOutcome(
                at: record.startedAt, result: number == 2 ? .continuedAnyway : .bothSides,
                failedAttempts: number == 2 ? 3 : 0, lastProblem: number == 2 ? "not_heard_left" : nil, volumeDB: -4)
        ]
        record.volumeEvents = [VolumeEvent(at: record.startedAt, volumeDB: -4, source: "headphone-check")]
        let factor = factors[number % factors.count]
        let lines = trials.map { row -> String in
            var row = row
            row.sessionID = id
            row.participant = participant
            row.onsetAt = row.onsetAt.addingTimeInterval(offset)
            row.shotAt = row.shotAt.addingTimeInterval(offset)
            row.deviationDeg *= factor
            row.absDeviationDeg *= factor
            row.aimBearingDeg = (row.targetBearingDeg + row.deviationDeg + 360).truncatingRemainder(dividingBy: 360)
            row.profileVersion = profileVersion
            return CSVWriter.line(row.values(under: TrialRow.columns))
        }
        return ("\(participant)/\(id)", String(decoding: try record.encoded(), as: UTF8.self), lines)
    }

    /// Version 1 of the participant's profile: an audiogram with a high-frequency loss, a tinnitus at 6 kHz, no notch.
    static func firstProfile(_ participant: String) throws -> HearingProfile {
        let json = """
            {"schema_version": 1, "participant": "\(participant)", "version": 1, "created_at": "2026-11-25T08:00:00.000Z",
             "source": "hearing-test (test)",
             "audiogram": {"unit": "dB HL", "left": {"250": 10, "500": 10, "1000": 15, "2000": 25, "4000": 45, "8000": 60},
                           "right": {"250": 5, "500": 10, "1000": 10, "2000": 20, "4000": 40, "8000": 55}},
             "tinnitus": {"pitch_hz": 6000, "ear": "both"},
             "tailoring": {"notch": null, "gain_rule": "none", "max_gain_db": 20},
             "output": {"ceiling_dbfs": -1, "max_volume_db": null}}
            """
        return try HearingProfile.decodeAll(Data(json.utf8), path: "profile.json")[0]
    }

    /// profile.json as synced: item n is the file as of version n.
    static func profileItems(_ versions: [HearingProfile]) -> [String] {
        (1...versions.count).map {
            String(decoding: HearingProfile.encoded(versions: Array(versions[0..<$0])), as: UTF8.self)
        }
    }

    /// The day of session `number` (the sample session's day, 2026-11-26, is number 0) at `hour` UTC.
    static func day(_ number: Int, hour: Int = 10) -> Date {
        Timestamp.parse(String(format: "2026-11-26T%02d:00:00.000Z", hour))!.addingTimeInterval(Double(number) * 86_400)
    }

    /// Sends `participant`'s logs from a machine of `site`: four sessions (profile version 1), ratings after each,
    /// the profile, a finished Mini-TQ and a diary with an event and a therapy. Returns the machine's sender.
    @discardableResult
    static func seed(_ server: Harness, site: String, participant: String, machine: String = "home-1") async throws
        -> ProjectionTests.Sender
    {
        let sender = ProjectionTests.Sender(
            server: server, token: try await server.enrolDevice(site: site, name: machine).token)
        try await sender.send(
            file: "participants.csv", kind: "participants", header: CSVWriter.headerLine(ParticipantRecord.columns),
            first: 1,
            items: [
                CSVWriter.line(
                    ParticipantRecord(
                        participant: try ParticipantID(participant), age: 30, registeredAt: day(0, hour: 7)
                    ).values(under: ParticipantRecord.columns))
            ])
        for number in 0..<factors.count {
            try await sender.sendSession(try session(number: number, participant: participant, profileVersion: 1))
        }
        var ratings: [RatingRow] = []
        for number in 0..<factors.count {
            let loudness = 0.7 - 0.1 * Double(number)
            let distress = 0.6 - 0.12 * Double(number)
            for (item, value) in [("tinnitus_loudness", loudness), ("tinnitus_distress", distress)] {
                ratings.append(
                    RatingRow(
                        participant: participant, sessionID: sessionID(number: number, participant: participant),
                        sessionIndex: number + 1, moment: .after, item: item, value: value,
                        answeredAt: day(number, hour: 9), language: "en"))
            }
        }
        try await sender.send(
            file: "\(participant)/ratings.csv", kind: "ratings", header: CSVWriter.headerLine(RatingRow.columns),
            first: 1,
            items: ratings.map { CSVWriter.line($0.values(under: RatingRow.columns)) })
        try await sender.send(
            file: "\(participant)/profile.json", kind: "profile", header: nil, first: 1,
            items: profileItems([try firstProfile(participant)]))
        let answers: [QuestionnaireRow] =
            (1...3).map { item in
                QuestionnaireRow(
                    participant: participant, administration: "A1", instrument: "mini-tq", instrumentVersion: 1,
                    language: "en", moment: .baseline, sessionIndex: nil, record: .answer, item: "q\(item)", value: "2",
                    recordedAt: day(-1, hour: 8))
            } + [
                QuestionnaireRow(
                    participant: participant, administration: "A1", instrument: "mini-tq", instrumentVersion: 1,
                    language: "en", moment: .baseline, sessionIndex: nil, record: .finished, item: "total", value: "14",
                    band: "moderate", missingItems: 0, prorated: false, recordedAt: day(-1, hour: 8))
            ]
        try await sender.send(
            file: "\(participant)/questionnaires.csv", kind: "questionnaires",
            header: CSVWriter.headerLine(QuestionnaireRow.columns), first: 1,
            items: answers.map { CSVWriter.line($0.values(under: QuestionnaireRow.columns)) })
        let diary = [
            DiaryRow(
                participant: participant, entryID: "D1", version: 1, action: .add, kind: .event, name: "Concert",
                type: "noise-exposure", date: "2026-11-27", recordedAt: day(1, hour: 20)),
            DiaryRow(
                participant: participant, entryID: "D2", version: 1, action: .add, kind: .therapy, name: "Hearing aids",
                type: "hearing-aid", date: "2026-11-28", recordedAt: day(2, hour: 20)),
        ]
        try await sender.send(
            file: "\(participant)/diary.csv", kind: "diary", header: CSVWriter.headerLine(DiaryRow.columns), first: 1,
            items: diary.map { CSVWriter.line($0.values(under: DiaryRow.columns)) })
        return sender
    }
}
