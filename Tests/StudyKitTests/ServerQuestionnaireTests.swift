// What a sync writes of the server's questionnaires: its instruments among the added ones (checked as a local file,
// a bad one refused in one sentence, the rest stored), and the web questionnaire's rows into questionnaires.csv.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

struct ServerQuestionnaireTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func instrument(id: String = "sleep-check", version: Int = 1) -> String {
        """
        {"id": "\(id)", "version": \(version), "language": "en", "title": "Sleep check",
         "reference": {"citation": "Written for a study.", "licence": "CC0-1.0"},
         "items": [
          {"id": "slept", "kind": "single_choice", "text": "Slept well?",
           "options": [{"value": 0, "label": "No"}, {"value": 1, "label": "Yes"}]},
          {"id": "note", "kind": "text", "text": "Anything else?"}]}
        """
    }

    @Test func theServersInstrumentsAreStoredOwnerOnlyOnceAndABadOneIsRefusedInOneSentence() throws {
        let folder = try TemporaryFolder()
        let library = InstrumentLibrary(
            shipped: Self.checkout.appendingPathComponent("Questionnaires"), added: folder.file("added"))
        let received: [SyncClient.ServerInstrument] = [
            .init(id: 3, instrument: "sleep-check", version: 1, language: "en", content: Self.instrument()),
            .init(id: 4, instrument: "broken", version: 1, language: "en", content: #"{"id": "broken"}"#),
            .init(
                id: 5, instrument: "case-history", version: 9, language: "en",
                content: Self.instrument(id: "case-history", version: 9)),
            .init(id: 6, instrument: "sleep-check", version: 2, language: "en", content: Self.instrument(version: 2)),
        ]
        let outcome = ReceivedInstruments.apply(received, server: "https://study.example.org", library: library)
        #expect(outcome.written.map(\.lastPathComponent) == ["sleep-check-v1-en.json", "sleep-check-v2-en.json"])
        #expect(outcome.last == 6 && outcome.refused.count == 2)
        #expect(outcome.refused[0].hasPrefix("instrument 4 (broken version 1) from https://study.example.org"))
        #expect(outcome.refused[1].contains("'case-history' is shipped with SoundSafari"))
        #expect(outcome.refused.allSatisfy { $0.hasSuffix(".") && !$0.dropLast().contains("\n") })
        let stored = try library.all().filter { !$0.isShipped }
        #expect(stored.map(\.instrument.version) == [1, 2], "every version kept, valid as a local file")
        let mode = try FileManager.default.attributesOfItem(atPath: outcome.written[0].path)[.posixPermissions]
        #expect(mode as? Int == 0o600)
        // Received again (a cursor lost): nothing new, nothing refused; other bytes under a held version are refused.
        let again = ReceivedInstruments.apply([received[0]], server: "s", library: library)
        #expect(again.written.isEmpty && again.refused.isEmpty)
        var changed = received[0]
        changed.content = Self.instrument().replacingOccurrences(of: "Slept well?", with: "Slept?")
        #expect(ReceivedInstruments.apply([changed], server: "s", library: library).refused.count == 1)
    }

    static func line(_ administration: String, _ record: QuestionnaireRow.Record, _ item: String, _ value: String?)
        -> String
    {
        CSVWriter.line(
            QuestionnaireRow(
                participant: "P07", administration: administration, instrument: "sleep-check", instrumentVersion: 1,
                language: "en", moment: .baseline, sessionIndex: nil, record: record, item: item, value: value,
                recordedAt: Date(timeIntervalSince1970: 1_795_000_000)
            ).values(under: QuestionnaireRow.columns))
    }

    @Test func webRowsAreAppendedOnceAndNeverAfterAFinishedRowAndTheGameNumbersApart() throws {
        let folder = try TemporaryFolder()
        let logs = folder.url
        let half = SyncClient.WebAnswers(
            columns: QuestionnaireRow.columns,
            rows: [.init(id: 1, participant: "P07", line: Self.line("W1", .answer, "slept", "1.000"))])
        // A fresh machine (no participant's folder yet) takes them: the home PC set up before the first session.
        let first = try WebAnswers.apply(half, logs: logs)
        #expect(first.written.map(\.item) == ["slept"] && first.last == 1)
        #expect(try WebAnswers.apply(half, logs: logs).written.isEmpty, "once")
        let log = QuestionnaireLog(logs: logs, participant: try ParticipantID("P07"))
        #expect(Administration.nextID(after: try log.rows()) == "A1", "the game's numbers are apart from W")
        // The game finished W1 meanwhile: the web's late rows of it are not written after its finished row.
        try log.append { _ in
            [
                try CSVLogFile<QuestionnaireRow>.decode(
                    Data(
                        (CSVWriter.headerLine(QuestionnaireRow.columns) + Self.line("W1", .answer, "note", "x")
                            + Self.line("W1", .finished, "total", nil)).utf8),
                    file: "t"
                ).records
            ].flatMap { $0 }
        }
        let late = SyncClient.WebAnswers(
            columns: QuestionnaireRow.columns,
            rows: [.init(id: 2, participant: "P07", line: Self.line("W1", .answer, "note", "y"))])
        #expect(try WebAnswers.apply(late, logs: logs).written.isEmpty)
        // Another participant's rows on this machine (where P07 plays) are not written: they play elsewhere.
        let other = SyncClient.WebAnswers(
            columns: QuestionnaireRow.columns,
            rows: [
                .init(
                    id: 3, participant: "P08",
                    line: Self.line("W2", .answer, "slept", "0.000").replacingOccurrences(of: "P07", with: "P08"))
            ])
        #expect(try WebAnswers.apply(other, logs: logs).written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("P08").path))
        // Columns the game does not know are one sentence, nothing written.
        let newer = SyncClient.WebAnswers(columns: QuestionnaireRow.columns + ["mood"], rows: half.rows)
        #expect(throws: SyncError.self) { try WebAnswers.apply(newer, logs: logs) }
    }
}
