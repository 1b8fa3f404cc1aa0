// `soundsafari diary`: events and therapies added, edited and removed; nothing is ever rewritten or deleted.
import Foundation
import StudyRecords
import Testing
import TidyFormats

struct DiaryCommandTests {
    @Test func addEditRemoveKeepEveryVersionAndTheListShowsTheDiaryAsItStands() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("diary")
        defer { try? FileManager.default.removeItem(at: logs) }
        func diary(_ arguments: [String]) throws -> CommandOutput {
            try SoundSafariBinary.run(["diary"] + arguments + ["--participant", "P07", "--logs", logs.path])
        }
        #expect(
            try diary([
                "add", "--kind", "event", "--name", "ENT appointment", "--date", "2026-11-02", "--type", "appointment",
            ]).status == 0)
        #expect(
            try diary([
                "add", "--kind", "therapy", "--name", "Noiser at night", "--date", "2026-10-01", "--type",
                "tinnitus-masker-or-noiser",
            ]).status == 0)
        #expect(
            try diary([
                "add", "--kind", "event", "--name", "Loud concert", "--date", "2026-11-10", "--type", "noise-exposure",
                "--note", "no ear plugs",
            ]).status == 0)
        #expect(try diary(["edit", "E2", "--end-date", "2026-11-20"]).status == 0)
        #expect(try diary(["remove", "E1"]).status == 0)

        let list = try diary(["list"])
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("E2  2026-10-01 to 2026-11-20  therapy  tinnitus-masker-or-noiser  Noiser at night"))
        #expect(lines[1].hasPrefix("E3  2026-11-10  event  noise-exposure  Loud concert — no ear plugs"))

        let url = logs.appendingPathComponent("P07/diary.csv")
        let file = try CSVLogFile<DiaryRow>.decode(Data(contentsOf: url), file: url.path)
        #expect(
            file.records.map { "\($0.entryID) v\($0.version) \($0.action.rawValue)" } == [
                "E1 v1 add", "E2 v1 add", "E3 v1 add", "E2 v2 edit", "E1 v2 remove",
            ])
        #expect(file.encoded() == (try Data(contentsOf: url)), "the diary round-trips through its record")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func badEntriesAreRefusedInOneSentenceAndNothingIsWritten() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("diary-bad")
        defer { try? FileManager.default.removeItem(at: logs) }
        let cases: [([String], String)] = [
            (["add", "--kind", "dream", "--name", "x", "--date", "2026-11-02", "--type", "other"], "--kind 'dream'"),
            (
                ["add", "--kind", "event", "--name", "x", "--date", "2026-02-30", "--type", "other"],
                "--date '2026-02-30'"
            ),
            (
                ["add", "--kind", "event", "--name", "x", "--date", "2026-11-02", "--type", "hearing-aid"],
                "--type 'hearing-aid' is not one of the event types"
            ),
            (
                [
                    "add", "--kind", "event", "--name", "x", "--date", "2026-11-02", "--type", "other", "--end-date",
                    "2026-11-03",
                ], "--end-date is for therapies only"
            ),
            (
                [
                    "add", "--kind", "therapy", "--name", "x", "--date", "2026-11-02", "--type", "sport", "--end-date",
                    "2026-11-01",
                ], "is before --date"
            ),
            (
                ["add", "--kind", "event", "--name", "two\nlines", "--date", "2026-11-02", "--type", "other"],
                "--name must be one line"
            ),
            (
                ["add", "--kind", "event", "--name", " ", "--date", "2026-11-02", "--type", "other"],
                "--name must not be empty"
            ),
            (["remove", "E9"], "E9 is not an entry"),
            (["edit", "E1"], "Nothing to change"),
        ]
        for (arguments, sentence) in cases {
            let run = try SoundSafariBinary.run(["diary"] + arguments + ["--participant", "P07", "--logs", logs.path])
            #expect(run.status != 0, "\(arguments)")
            #expect(run.stderr.contains(sentence), "\(arguments): \(run.stderr)")
        }
        let url = logs.appendingPathComponent("P07/diary.csv")
        let rows =
            FileManager.default.fileExists(atPath: url.path)
            ? try CSVLogFile<DiaryRow>.decode(Data(contentsOf: url), file: url.path).records : []
        #expect(rows.isEmpty)
    }
}
