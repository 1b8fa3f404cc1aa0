// ratings.csv: one fsync'ed row per answer, skips stored empty, owner-only permissions, nothing overwritten.
import Foundation
import StudyRecords
import Testing

@testable import StudyKit

struct RatingsLogTests {
    @Test func answersAndSkipsAreAppendedAndReadBackAsStored() throws {
        let logs = try TemporaryFolder()
        let log = RatingsLog(logs: logs.url, participant: try ParticipantID("P01"))
        let context = RatingContext(participant: "P01", sessionID: "2026-11-23T170000Z", sessionIndex: 2)
        let items = RatingItem.all
        try log.record(context.row(items[0], value: 1, moment: .before, answeredAt: Fixtures.start))
        try log.record(context.row(items[1], value: nil, moment: .before, answeredAt: Fixtures.start))
        try log.record(
            RatingContext(participant: "P01", sessionID: nil, sessionIndex: nil).row(
                items[3], value: 7, moment: .prompt, answeredAt: Fixtures.start.addingTimeInterval(60),
                promptedAt: Fixtures.start))
        let text = try String(contentsOf: log.url, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == RatingRow.columns.joined(separator: ","))
        #expect(lines[1].hasPrefix("P01,2026-11-23T170000Z,2,before,tinnitus_noticed,1.000,"))
        #expect(
            lines[1].hasSuffix(",,FALSE,\(RatingItem.codebookVersion),en,,"), "asked in the run's language, no level")
        #expect(
            lines[2].contains(",tinnitus_loudness,,") && lines[2].hasSuffix(",TRUE,\(RatingItem.codebookVersion),en,,"),
            "a skip is empty, never 0")
        #expect(lines[3].hasPrefix("P01,,,prompt,mood,7.000,"))
        let rows = try log.storedRows()
        #expect(rows.map(\.value) == [1, nil, 7])
        #expect(rows[2].promptedAt == Fixtures.start)
        let mode = try FileManager.default.attributesOfItem(atPath: log.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "health data: readable by its owner only")
    }

    @Test func aHalfWrittenLastAnswerIsSetAsideAndTheNextAnswerStartsOnItsOwnLine() throws {
        let logs = try TemporaryFolder()
        let log = RatingsLog(logs: logs.url, participant: try ParticipantID("P03"))
        let context = RatingContext(participant: "P03", sessionID: "s", sessionIndex: 1)
        try log.record(context.row(RatingItem.all[0], value: 1, moment: .before, answeredAt: Fixtures.start))
        // A crash or a full disk in the middle of the second answer.
        let cut = "P03,s,1,before,tinnitus_loud"
        let handle = try FileHandle(forWritingTo: log.url)
        handle.seekToEndOfFile()
        handle.write(Data(cut.utf8))
        handle.closeFile()
        #expect(try log.storedRows().count == 1, "the cut-off row is not an answer")
        try log.record(context.row(RatingItem.all[2], value: 5, moment: .before, answeredAt: Fixtures.start))
        let rows = try log.storedRows()
        #expect(rows.map(\.value) == [1, 5], "the next answer was glued onto the fragment")
        let aside = try FileManager.default.contentsOfDirectory(atPath: log.url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("ratings.csv.cut-off-") }
        #expect(aside.count == 1, "\(aside)")
        let kept = try String(
            contentsOf: log.url.deletingLastPathComponent().appendingPathComponent(aside[0]), encoding: .utf8)
        #expect(kept == cut, "the fragment is kept as it was")
    }

    /// A ratings.csv begun before the language column (issue 41) is never rewritten: it keeps its header, new answers
    /// are appended under it (their language not recorded), and every row reads back.
    @Test func aFileBegunBeforeTheLanguageColumnKeepsItsHeader() throws {
        let logs = try TemporaryFolder()
        let log = RatingsLog(logs: logs.url, participant: try ParticipantID("P04"))
        try FileManager.default.createDirectory(
            at: log.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old =
            RatingRow.columnsBeforeLanguage.joined(separator: ",") + "\n"
            + "P04,,,prompt,mood,5.000,2026-11-21T20:15:00.000Z,2026-11-21T20:10:00.000Z,FALSE,1\n"
        try old.write(to: log.url, atomically: true, encoding: .utf8)
        let context = RatingContext(participant: "P04", sessionID: "20261126T014050Z-18a8", sessionIndex: 1)
        try log.record(
            context.row(RatingItem.all[1], value: 0.25, moment: .before, answeredAt: Fixtures.start, language: .german))
        let text = try String(contentsOf: log.url, encoding: .utf8)
        #expect(text.hasPrefix(old), "the file's bytes so far are kept")
        let appended = text.dropFirst(old.count)
        #expect(
            appended.contains(",tinnitus_loudness,0.250,")
                && appended.hasSuffix(",,FALSE,\(RatingItem.codebookVersion)\n"))
        #expect(try log.storedRows().map(\.language) == [nil, nil])
        #expect(try log.storedRows().map(\.value) == [5, 0.25])

        // A new file has the column and records the language the question was shown in.
        let fresh = RatingsLog(logs: logs.url, participant: try ParticipantID("P05"))
        try fresh.record(
            RatingContext(participant: "P05", sessionID: nil, sessionIndex: nil).row(
                RatingItem.all[3], value: 7, moment: .prompt, answeredAt: Fixtures.start, promptedAt: Fixtures.start,
                language: .german))
        #expect(try fresh.storedRows().map(\.language) == ["de"])
    }

    /// A ratings.csv begun before the ambient level (issue 45) keeps its eleven columns, so an answer appended to it
    /// loses its level; a new file stores it.
    @Test func aFileBegunBeforeTheAmbientLevelKeepsItsHeader() throws {
        let logs = try TemporaryFolder()
        let log = RatingsLog(logs: logs.url, participant: try ParticipantID("P06"))
        try FileManager.default.createDirectory(
            at: log.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old =
            RatingRow.columnsBeforeAmbientLevel.joined(separator: ",") + "\n"
            + "P06,,,prompt,mood,5.000,2026-11-21T20:15:00.000Z,2026-11-21T20:10:00.000Z,FALSE,2,en\n"
        try old.write(to: log.url, atomically: true, encoding: .utf8)
        let context = RatingContext(participant: "P06", sessionID: nil, sessionIndex: nil)
        let level = AmbientLevel(decibels: -42.3, unit: .dBFS)
        try log.record(
            context.row(
                RatingItem.all[3], value: 6, moment: .prompt, answeredAt: Fixtures.start, promptedAt: Fixtures.start,
                language: .english, ambientLevel: level))
        let text = try String(contentsOf: log.url, encoding: .utf8)
        #expect(text.hasPrefix(old) && text.hasSuffix(",FALSE,\(RatingItem.codebookVersion),en\n"))
        #expect(try log.storedRows().map(\.ambientLevel) == [nil, nil])

        let fresh = RatingsLog(logs: logs.url, participant: try ParticipantID("P07"))
        try fresh.record(
            RatingContext(participant: "P07", sessionID: nil, sessionIndex: nil).row(
                RatingItem.all[3], value: 6, moment: .prompt, answeredAt: Fixtures.start, promptedAt: Fixtures.start,
                language: .english, ambientLevel: level))
        #expect(try String(contentsOf: fresh.url, encoding: .utf8).hasSuffix(",en,-42.3,dBFS\n"))
        #expect(try fresh.storedRows().map(\.ambientLevel) == [level])
    }

    @Test func aFileOfAnotherFormatIsNeverAppendedTo() throws {
        let logs = try TemporaryFolder()
        let log = RatingsLog(logs: logs.url, participant: try ParticipantID("P02"))
        try FileManager.default.createDirectory(
            at: log.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "participant,score\nP02,3\n".write(to: log.url, atomically: true, encoding: .utf8)
        let context = RatingContext(participant: "P02", sessionID: "s", sessionIndex: 1)
        #expect(throws: StudyFileError.self) {
            try log.record(context.row(RatingItem.all[0], value: 0, moment: .after, answeredAt: Fixtures.start))
        }
        #expect(try String(contentsOf: log.url, encoding: .utf8) == "participant,score\nP02,3\n")
    }

    @Test func theCodebookHasSevenItemsWithTheirScales() {
        #expect(
            RatingItem.all.map(\.id) == [
                "tinnitus_noticed", "tinnitus_loudness", "tinnitus_distress", "mood", "arousal", "stress",
                "concentration",
            ])
        let mood = RatingItem.named("mood")!
        #expect(mood.accepts(1) && mood.accepts(9) && !mood.accepts(0) && !mood.accepts(4.5))
        let loudness = RatingItem.named("tinnitus_loudness")!
        #expect(loudness.accepts(0.437) && !loudness.accepts(1.2))
        #expect(!RatingItem.named("tinnitus_noticed")!.accepts(0.5))
    }
}
