// The researcher export: a folder the analyzer reads exactly as the logs it came from, and the streamed HTTP files.
import Foundation
import StudyAnalysis
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct ExportTests {
    /// One machine's logs folder written with StudyRecords' codecs: each participant two sessions of the sample
    /// session (a day apart, deviations shifted per participant; the first participant's first animal skipped; of
    /// every three rows one names a measured stimulus, one a stimulus without loudness, one none) and a rating after
    /// each. Returns its files by path
    /// in the folder, as sync sends them.
    static func writeLogs(_ logs: URL, participants: [String], machine: String) throws -> [String: [String]] {
        var files: [String: [String]] = [:]
        var registrations: [String] = []
        var ratings: [String: [String]] = [:]
        for (k, participant) in participants.enumerated() {
            let registered = Date(timeIntervalSince1970: 1_795_000_000 + Double(k))
            registrations.append(
                CSVWriter.line(
                    ParticipantRecord(
                        participant: try ParticipantID(participant), age: 30 + k, tinnitus: k % 2 == 0 ? .yes : .no,
                        registeredAt: registered
                    ).values(under: ParticipantRecord.columns)))
            for day in 0..<2 {
                // Another machine's sessions have IDs of their own: a session belongs to one site and participant.
                let id = String(
                    format: "2026112%dT0140%02dZ-%04x", 6 + day, k, (machine.utf8.count % 16) << 12 | k * 16 + day)
                var session = try ProjectionTests.session(
                    id, participant: participant, offset: Double(day * 86_400 + k), machine: machine)
                var record = try SessionRecord.decode(Data(session.state.utf8), file: "session.json")
                record.sessionIndex = day + 1
                session.state = String(decoding: try record.encoded(), as: UTF8.self)
                let header = Data(CSVWriter.headerLine(TrialRow.columns).utf8)
                let rows = try CSVLogFile<TrialRow>.decode(header + Data(session.trials.joined().utf8), file: "t")
                session.trials = rows.records.enumerated().map { index, row in
                    var row = row
                    // One animal skipped ("skip this animal"): exported as such, left out by the analyzer.
                    row.skipped = k == 0 && day == 0 && index == 0
                    row.stimulus = Self.stimuli[index % 3]
                    row.sessionIndex = day + 1
                    row.deviationDeg += Double(k) * 1.5 - Double(day)
                    row.absDeviationDeg = abs(row.deviationDeg)
                    row.timeS += Double(k) * 0.1
                    return CSVWriter.line(row.values)
                }
                files["\(session.folder)/session.json"] = [session.state]
                files["\(session.folder)/trials.csv"] = session.trials
                ratings[participant, default: []].append(
                    CSVWriter.line(
                        RatingRow(
                            participant: participant, sessionID: id, sessionIndex: day + 1, moment: .after,
                            item: "tinnitus_loudness", value: 0.25 + 0.1 * Double(k + day),
                            answeredAt: record.startedAt.addingTimeInterval(600), language: "de",
                            // Issue 45: a level in odd sessions, none (not measured) in even ones.
                            ambientLevel: (k + day) % 2 == 1 ? AmbientLevel(decibels: -41.5, unit: .dBFS) : nil
                        ).values))
            }
        }
        files["participants.csv"] = registrations
        for (participant, rows) in ratings { files["\(participant)/ratings.csv"] = rows }
        for (file, items) in files {
            let url = logs.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ((header(of: file) ?? "") + items.joined()).write(to: url, atomically: true, encoding: .utf8)
        }
        return files
    }

    /// The stimuli the rows name in turn: measured, too short for a loudness, and none (a log from before issue 42).
    static let stimuli: [StimulusColumns?] = [
        StimulusColumns(sha256: String(repeating: "e0", count: 32), bandwidthOctaves: 3.021, loudnessLUFS: -23),
        StimulusColumns(sha256: String(repeating: "5a", count: 32), bandwidthOctaves: 1.25, loudnessLUFS: nil), nil,
    ]

    static func header(of file: String) -> String? {
        if file.hasSuffix("trials.csv") { return CSVWriter.headerLine(TrialRow.columns) }
        if file.hasSuffix("ratings.csv") { return CSVWriter.headerLine(RatingRow.columns) }
        if file == "participants.csv" { return CSVWriter.headerLine(ParticipantRecord.columns) }
        return nil
    }

    static func kind(of file: String) -> String {
        if file.hasSuffix("trials.csv") { return "trials" }
        if file.hasSuffix("ratings.csv") { return "ratings" }
        if file.hasSuffix("session.json") { return "session" }
        return "participants"
    }

    /// Sends a machine's files the way `soundsafari sync` does: records from 1, a session.json as one state.
    static func sync(_ files: [String: [String]], with sender: ProjectionTests.Sender) async throws {
        for (file, items) in files.sorted(by: { $0.key < $1.key }) {
            let kind = kind(of: file)
            try await sender.send(
                file: file, kind: kind, header: header(of: file), first: kind == "session" ? nil : 1, items: items)
        }
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func anExportedFolderIsAnalysedExactlyAsTheLogsItCameFrom() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-export-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("logs")
        let files = try Self.writeLogs(logs, participants: ["P01", "P02", "P03", "P04"], machine: "d-lab")
        let other = try Self.writeLogs(
            folder.appendingPathComponent("south-logs"), participants: ["S01"], machine: "d-south")
        try await withServer { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            let north = ProjectionTests.Sender(server: server, token: try await server.enrolDevice(site: "north").token)
            let south = ProjectionTests.Sender(server: server, token: try await server.enrolDevice(site: "south").token)
            try await Self.sync(files, with: north)
            try await Self.sync(other, with: south)

            let export = folder.appendingPathComponent("export")
            var sink = try FolderSink(folder: export)
            let summary = try await server.database.export.export(sites: ["north"], to: &sink)
            #expect(
                summary.rows == [
                    "participants.csv": 4, "sessions.csv": 8, "trials.csv": 120, "ratings.csv": 8, "profiles.csv": 0,
                    "audiograms.csv": 0, "questionnaires.csv": 0, "diary.csv": 0,
                ])
            #expect(summary.trialsWithoutSession == 0)
            let mode = try FileManager.default.attributesOfItem(atPath: export.path)[.posixPermissions] as? Int
            #expect(mode.map { $0 & 0o777 } == 0o700)
            #expect(throws: FolderSink.Refusal.self) { try FolderSink(folder: export) }

            // Pooled tidy files with `site` first; the logs' own columns after it.
            let trials = try Self.text(export.appendingPathComponent("trials.csv"))
            #expect(trials.hasPrefix("site," + CSVWriter.headerLine(TrialRow.columns)))
            #expect(!trials.contains("S01"), "south's participant is not in north's export")
            // The skipped column by its name (the stimulus columns came after it); the sample's cells hold no comma.
            let lines = trials.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let skipped = try #require(lines.first?.firstIndex(of: "skipped"))
            #expect(
                lines.dropFirst().filter { $0.count > skipped && $0[skipped] == "TRUE" }.count == 1, "the skipped row")
            #expect(try Self.text(export.appendingPathComponent("codebook.md")).contains("`tinnitus_loudness`"))
            // The language each rating was asked in (issue 41) is exported as the logs hold it.
            let ratings = try Self.text(export.appendingPathComponent("ratings.csv")).split(separator: "\n")
            #expect(ratings.first == Substring("site," + CSVWriter.headerLine(RatingRow.columns).dropLast()))
            // The ambient level (migration 69) likewise: a measured one with its unit, an unmeasured one empty.
            #expect(ratings.count == 9)
            #expect(ratings.dropFirst().allSatisfy { $0.hasSuffix(",de,,") || $0.hasSuffix(",de,-41.5,dBFS") })
            #expect(ratings.contains { $0.hasSuffix(",de,-41.5,dBFS") } && ratings.contains { $0.hasSuffix(",de,,") })
            // The stimulus columns as the logs wrote them (migration 67): a measured one, one without loudness, none.
            let header = try #require(lines.first).map(String.init)
            let stimulus = try ["stimulus_sha256", "stimulus_bandwidth_oct", "stimulus_loudness_lufs"].map { name in
                try #require(header.firstIndex(of: name), "\(name) in \(header)")
            }
            let named = lines.dropFirst().filter { $0.count == header.count }
                .map { row in stimulus.map { String(row[$0]) }.joined(separator: "|") }
            #expect(named.count == 120)
            #expect(
                Dictionary(grouping: named, by: { $0 }).mapValues(\.count) == [
                    String(repeating: "e0", count: 32) + "|3.021|-23.000": 40,
                    String(repeating: "5a", count: 32) + "|1.250|": 40, "||": 40,
                ])

            // The analyzer reads the export folder and the logs folder to the same tables.
            let fromLogs = folder.appendingPathComponent("report-logs").path
            let fromExport = folder.appendingPathComponent("report-export").path
            _ = try StudyReport.write(
                inputs: [logs.path], outputFolder: fromLogs, compare: "condition", groupBy: "tinnitus",
                participantsFile: nil, skipInvalid: false)
            _ = try StudyReport.write(
                inputs: [export.path], outputFolder: fromExport, compare: "condition", groupBy: "tinnitus",
                participantsFile: nil, skipInvalid: false)
            for table in ["conditions.csv", "participants.csv", "tests.csv", "mixed-models.csv"] {
                let a = try Self.text(URL(fileURLWithPath: fromLogs).appendingPathComponent("tables/\(table)"))
                let b = try Self.text(URL(fileURLWithPath: fromExport).appendingPathComponent("tables/\(table)"))
                #expect(a == b, "tables/\(table)")
                #expect(a.split(separator: "\n").count > 1, "tables/\(table) has rows")
            }
            let figures = try FileManager.default.contentsOfDirectory(atPath: fromExport + "/figures").sorted()
            #expect(figures == (try FileManager.default.contentsOfDirectory(atPath: fromLogs + "/figures").sorted()))
            #expect(FileManager.default.fileExists(atPath: fromExport + "/analysis.R"))
        }
    }

    /// The questionnaires and the diary, the main outcomes of a tinnitus study, were left out of the export:
    /// `soundsafari-analyze questionnaires` on an export found nothing. Now each is a pooled file with `site` first,
    /// every record as the machine sent it (read by the game's codec), and the analyzer reads the folder.
    @Test func theQuestionnairesAndTheDiaryAreExportedAndTheAnalyzerReadsThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-outcomes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withParticipantStudy { server, _ in
            var sink = try FolderSink(folder: folder)
            let summary = try await server.database.export.export(sites: ["A"], to: &sink)
            #expect(summary.rows["questionnaires.csv"] == 4 && summary.rows["diary.csv"] == 2, "\(summary.rows)")
            let questionnaires = try Self.text(folder.appendingPathComponent("questionnaires.csv"))
            #expect(questionnaires.hasPrefix(CSVWriter.headerLine(["site"] + QuestionnaireRow.columns)))
            let diary = try Self.text(folder.appendingPathComponent("diary.csv"))
            #expect(diary.hasPrefix(CSVWriter.headerLine(["site"] + DiaryRow.columns)))
            #expect(diary.contains("A,P07,D1,1,add,event,Concert,noise-exposure,2026-11-27,"), "\(diary)")
            // Site B's participant is not in A's export.
            #expect(!questionnaires.contains("P99") && !diary.contains("P99"))
            // Read back by the game's codec, as the logs' files are.
            let rows = try CSVLogFile<QuestionnaireRow>.decode(Data(questionnaires.utf8), file: "q").records
            #expect(rows.count == 4 && rows.allSatisfy { $0.participant == "P07" })
            let scores = try QuestionnaireData.load(paths: [folder.path]).scores
            #expect(scores.count == 1 && scores.first?.instrument == "mini-tq" && scores.first?.total == 14)
            #expect(try Self.text(folder.appendingPathComponent("codebook.md")).contains("## questionnaires.csv"))
        }
    }

    /// The ZIP holds the same files as the folder export, byte for byte, and passes Python's CRC check.
    @Test func theZipHoldsTheFolderExportsFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-zip-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.writeLogs(
            folder.appendingPathComponent("logs"), participants: ["P01", "P02"], machine: "d-lab")
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let north = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north").token)
            try await Self.sync(files, with: north)
            var plain = try FolderSink(folder: folder.appendingPathComponent("export"))
            _ = try await server.database.export.export(sites: ["north"], to: &plain)
            var zip = ZipSink(try FolderSink(folder: folder.appendingPathComponent("zipped")))
            _ = try await server.database.export.export(sites: ["north"], to: &zip)
            try await zip.finish()
        }
        let check = """
            import sys, zipfile, pathlib
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None, "a CRC differs"
            folder = pathlib.Path(sys.argv[2])
            names = sorted(z.namelist())
            assert names == sorted(p.name for p in folder.iterdir()), names
            for name in names:
                assert z.read(name) == (folder / name).read_bytes(), name
            print(len(names))
            """
        let result = try Spawn.run([
            "/usr/bin/python3", "-c", check, folder.appendingPathComponent("zipped/export.zip").path,
            folder.appendingPathComponent("export").path,
        ])
        #expect(result.status == 0 && result.output.hasPrefix("\(ExportFile.allCases.count)"), "\(result.output)")
    }

    @Test func theRouteStreamsOneFileOfTheSitesTheCallerSeesAndAuditsIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-export-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.writeLogs(folder, participants: ["P01", "P02"], machine: "d-lab")
        try await withServer { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "res", role: .researcher, sites: ["north"], password: testPassword)
            let north = ProjectionTests.Sender(server: server, token: try await server.enrolDevice(site: "north").token)
            try await Self.sync(files, with: north)
            let token = try await server.login("res", testPassword)

            let reply = try await server.call(.get, "/api/v1/export?format=csv&file=trials.csv", token: token)
            #expect(reply.status == 200 && reply.contentType.hasPrefix("text/csv"))
            var sink = try FolderSink(folder: folder.appendingPathComponent("export"))
            _ = try await server.database.export.export(sites: ["north"], files: [.trials], to: &sink)
            #expect(reply.text == (try Self.text(folder.appendingPathComponent("export/trials.csv"))))
            #expect(reply.text.split(separator: "\n").count == 61)

            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/export?format=csv", token: token), 400, mentions: "trials.csv")
            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/export?format=xlsx&file=trials.csv", token: token), 400,
                mentions: "format=csv")
            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/export?format=csv&file=trials.csv&sites=x", token: token), 400,
                mentions: "sites")
            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/export?format=csv&file=trials.csv&site=south", token: token), 404,
                mentions: "south")
            let zip = try await server.call(.get, "/api/v1/export?format=zip", token: token)
            #expect(zip.status == 200 && zip.contentType == "application/zip" && zip.text.hasPrefix("PK"))
            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/export?format=zip&file=trials.csv", token: token), 400,
                mentions: "leave out file")
            let audited = try await server.database.auditTrail.auditRows().filter { $0.action == "export" }
            #expect(audited.count == 2 && audited[0].actor == "res" && audited[0].site == "north")
        }
    }
}
