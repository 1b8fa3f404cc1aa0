// soundsafari-server-bench: sync ingest through the real HTTP API against PostgreSQL's own COPY of the same rows,
// printed as `name value unit` lines for `make bench` (scripts/server-bench.sh starts the cluster).
import Foundation
import Logging
import NIOCore
import StudyRecords
import StudyServer
import TidyFormats

@main
struct ServerBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        func option(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        guard let sample = option("--sample-session") else { usage() }
        let sampleState = try SessionRecord.decode(
            try Data(contentsOf: URL(fileURLWithPath: sample).appendingPathComponent("session.json")), file: sample)
        if let out = option("--write-logs") {
            try writeLogs(
                URL(fileURLWithPath: out), sessions: Int(option("--sessions") ?? "") ?? 100, sample: sampleState)
            exit(0)
        }
        guard let urlText = option("--database-url"), let psql = option("--psql") else { usage() }
        let sessions = Int(option("--sessions") ?? "") ?? 1_000
        let trials = Int(option("--trials") ?? "") ?? 1_000
        let port = Int(option("--port") ?? "") ?? 18_080
        let url = try DatabaseURL(urlText)
        var logger = Logger(label: "server-bench")
        logger.logLevel = .error
        let quiet = logger

        // The server, as `serve` runs it, on 127.0.0.1.
        let app = try await buildApplication(
            ServerConfiguration(host: "127.0.0.1", port: port, database: url), logger: quiet)
        let serving = Task { try await app.runService() }
        try await waitUntilServing(port: port)

        // Two machines of one site: the first sends half of the sessions alone, then both send the other half at
        // once (a site's machines sync whenever their players finish).
        let site = "bench-\(UUID().uuidString.prefix(8).lowercased())"
        let tokens = try await StudyDatabase.with(url, logger: quiet) { database -> [String] in
            try await PostgresSites(database: database).addSite(site)
            var tokens: [String] = []
            for name in ["bench", "bench-2"] {
                let (code, _) = try await PostgresDevices(database: database).enrolmentCode(
                    site: site, by: ("bench", "admin"))
                guard
                    case .enrolled(_, let token) = try await PostgresDevices(database: database).enrol(
                        code: code, name: name, requestID: nil)
                else { throw BenchError("the enrolment code was refused") }
                tokens.append(token)
            }
            return tokens
        }

        // The rows: `sessions` sessions of `trials` trial rows, as the game writes them.
        let header = CSVWriter.headerLine(TrialRow.columns)
        let copyFile = FileManager.default.temporaryDirectory.appendingPathComponent("server-bench-\(UUID()).csv")
        FileManager.default.createFile(atPath: copyFile.path, contents: Data(header.utf8))
        let copy = try FileHandle(forWritingTo: copyFile)
        try copy.seekToEnd()
        defer { try? FileManager.default.removeItem(at: copyFile) }
        // Each request's body is encoded here, before any clock runs: encoding is the game's work, not the server's.
        var trialBatches: [[ByteBuffer]] = []
        var stateBodies: [ByteBuffer] = []
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for s in 0..<sessions {
            let participant = String(format: "P%04d", s % 100)
            let id = String(format: "20261101T%06dZ-%04x", s, s)
            var lines: [String] = []
            lines.reserveCapacity(trials)
            for t in 0..<trials {
                let onset = start.addingTimeInterval(Double(s * 86_400 + t * 3))
                let aim = Double((t * 37) % 360)
                let row = TrialRow(
                    sessionID: id, participant: participant, platform: "linux-sdl2", input: "bot-noisy",
                    hrtf: "default-48000", condition: t % 2 == 0 ? "one-target" : "two-targets", background: false,
                    round: t / 2 + 1, targetsInRound: 2, targetIndex: t % 2 + 1, target: "frog",
                    targetBearingDeg: Double((t * 41) % 360), aimBearingDeg: aim, deviationDeg: -3.25,
                    absDeviationDeg: 3.25, frontBackConfusion: false, onsetAt: onset,
                    shotAt: onset.addingTimeInterval(1.5), timeS: 1.5, frontBackReversal: false,
                    sessionIndex: s / 100 + 1, protocolName: "thesis-study", onsetFrame: Int64(t * 1000),
                    onsetUncertaintyMS: 0, volumeDB: 0, deviceID: "d-bench")
                lines.append(CSVWriter.line(row.values))
            }
            copy.write(Data(lines.joined().utf8))
            trialBatches.append(try batches(file: "\(participant)/\(id)/trials.csv", header: header, lines: lines))
            let state = try state(
                sampleState, id: id, participant: participant, at: start.addingTimeInterval(Double(s * 86_400)))
            stateBodies.append(
                try body(
                    SyncBatch(
                        file: "\(participant)/\(id)/session.json", kind: "session", header: nil, first: nil,
                        items: [state])))
        }
        try copy.close()
        let rows = sessions * trials
        let alone = sessions / 2

        // Each session's session.json first, as `soundsafari sync` sends a session's state before its trials.csv (so
        // the sessions are projected and the export has them); timed apart, as COPY gets the trial rows only.
        let statesBegan = Date()
        try await send(stateBodies, token: tokens[0], port: port)
        let statesSeconds = Date().timeIntervalSince(statesBegan)

        // The trial rows through the API, one batch after the other on one connection, as `soundsafari sync` sends
        // them: the first half from one machine alone, the second from two machines at once (alternate sessions).
        let began = Date()
        try await send(Array(trialBatches[..<alone].joined()), token: tokens[0], port: port)
        let aloneSeconds = Date().timeIntervalSince(began)
        let first = Array(stride(from: alone, to: sessions, by: 2).map { trialBatches[$0] }.joined())
        let second = Array(stride(from: alone + 1, to: sessions, by: 2).map { trialBatches[$0] }.joined())
        let bothBegan = Date()
        async let firstSent: Void = send(first, token: tokens[0], port: port)
        async let secondSent: Void = send(second, token: tokens[1], port: port)
        _ = try await (firstSent, secondSent)
        let bothSeconds = Date().timeIntervalSince(bothBegan)
        serving.cancel()

        // PostgreSQL's own COPY of the same rows into a table of the same columns, on the same machine.
        let columns = TrialRow.columns.map { "\($0) text" }.joined(separator: ", ")
        let copyBegan = Date()
        try run(
            psql,
            [
                urlText, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c",
                "DROP TABLE IF EXISTS bench_copy; CREATE TABLE bench_copy (\(columns))", "-c",
                "\\copy bench_copy FROM '\(copyFile.path)' WITH (FORMAT csv, HEADER true)", "-c",
                "DROP TABLE bench_copy",
            ])
        let copySeconds = Date().timeIntervalSince(copyBegan)

        // A peer that stores what ingest stores: the same rows as the server holds them (each verbatim with its
        // SHA-256, and typed), copied by PostgreSQL into tables of the same definition as sync_items and trials
        // (their keys, indexes and defaults; not the server's checks). Written out of the tables ingest filled, then
        // timed in, in one psql as above.
        let held = FileManager.default.temporaryDirectory.appendingPathComponent("server-bench-held-\(UUID())")
        try FileManager.default.createDirectory(at: held, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: held) }
        let heldItems = held.appendingPathComponent("items.csv").path
        let heldTrials = held.appendingPathComponent("trials.csv").path
        try run(
            psql,
            [
                urlText, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c",
                "\\copy (SELECT * FROM sync_items WHERE file LIKE '%/trials.csv') TO '\(heldItems)' WITH (FORMAT csv)",
                "-c", "\\copy trials TO '\(heldTrials)' WITH (FORMAT csv)",
            ])
        let peerBegan = Date()
        try run(
            psql,
            [
                urlText, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c",
                "CREATE TABLE bench_items (LIKE sync_items INCLUDING ALL); CREATE TABLE bench_trials (LIKE trials INCLUDING ALL)",
                "-c", "\\copy bench_items FROM '\(heldItems)' WITH (FORMAT csv)", "-c",
                "\\copy bench_trials FROM '\(heldTrials)' WITH (FORMAT csv)", "-c",
                "DROP TABLE bench_items, bench_trials",
            ])
        let peerSeconds = Date().timeIntervalSince(peerBegan)

        let aloneRate = Double(alone * trials) / aloneSeconds
        let bothRate = Double((sessions - alone) * trials) / bothSeconds
        let copyRate = Double(rows) / copySeconds
        let peerRate = Double(rows) / peerSeconds
        func line(_ name: String, _ value: Double, _ digits: Int, _ unit: String) {
            print("\(name) \(String(format: "%.\(digits)f", value)) \(unit)")
        }
        line("server_sync_ingest_trial_rows", aloneRate, 0, "rows/s")
        line("server_sync_ingest_2_machines_trial_rows", bothRate, 0, "rows/s")
        line("server_copy_trial_rows", copyRate, 0, "rows/s")
        line("server_sync_ingest_vs_copy", aloneRate / copyRate, 3, "ratio")
        line("server_copy_into_server_tables_trial_rows", peerRate, 0, "rows/s")
        line("server_sync_ingest_vs_copy_into_server_tables", aloneRate / peerRate, 3, "ratio")
        line("server_sync_ingest_2_machines_vs_copy_into_server_tables", bothRate / peerRate, 3, "ratio")
        line("server_sync_session_states", Double(sessions) / statesSeconds, 0, "states/s")
        exit(0)
    }

    static func usage() -> Never {
        FileHandle.standardError.write(
            Data(
                """
                usage: soundsafari-server-bench --sample-session FOLDER --database-url URL --psql PATH [--sessions N] [--trials N] [--port P]
                       soundsafari-server-bench --sample-session FOLDER --write-logs DIR [--sessions N]

                """.utf8))
        exit(2)
    }

    /// The sample session's state as session `id` of `participant`, started at `at`, completed.
    static func state(_ sample: SessionRecord, id: String, participant: String, at: Date) throws -> String {
        var record = sample
        record.sessionID = id
        record.participant = participant
        record.startedAt = at
        record.endedAt = at.addingTimeInterval(600)
        record.completed = true
        return String(decoding: try record.encoded(), as: UTF8.self)
    }

    /// A home machine's logs after 30 days offline: `sessions` sessions of participant P07 (the sample session's
    /// state, 33 trial rows each), owner-only as the game writes them.
    static func writeLogs(_ logs: URL, sessions: Int, sample: SessionRecord) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: logs, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let registration = ParticipantRecord(participant: try ParticipantID("P07"), registeredAt: start)
        try
            (CSVWriter.headerLine(ParticipantRecord.columns)
            + CSVWriter.line(registration.values(under: ParticipantRecord.columns))).write(
                to: logs.appendingPathComponent("participants.csv"), atomically: true, encoding: .utf8)
        for s in 0..<sessions {
            let at = start.addingTimeInterval(Double(s) * 86_400 * 30 / Double(sessions))
            let id = String(format: "20261101T%06dZ-%04x", s, s)
            let folder = logs.appendingPathComponent("P07/\(id)")
            try manager.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var record = try SessionRecord.decode(
                Data(try state(sample, id: id, participant: "P07", at: at).utf8), file: id)
            record.sessionIndex = s + 1
            try record.encoded().write(to: folder.appendingPathComponent("session.json"))
            var text = CSVWriter.headerLine(TrialRow.columns)
            for t in 0..<33 {
                let onset = at.addingTimeInterval(Double(t * 3))
                text += CSVWriter.line(
                    TrialRow(
                        sessionID: id, participant: "P07", platform: "linux-sdl2", input: "bot-noisy",
                        hrtf: "default-48000", condition: "one-target", background: false, round: t + 1,
                        targetsInRound: 1, targetIndex: 1, target: "frog", targetBearingDeg: Double((t * 41) % 360),
                        aimBearingDeg: Double((t * 37) % 360), deviationDeg: 2.5, absDeviationDeg: 2.5,
                        frontBackConfusion: false, onsetAt: onset, shotAt: onset.addingTimeInterval(1.2), timeS: 1.2,
                        frontBackReversal: false, sessionIndex: s + 1, protocolName: "thesis-study",
                        deviceID: "d-home"
                    ).values)
            }
            try text.write(to: folder.appendingPathComponent("trials.csv"), atomically: true, encoding: .utf8)
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Waits until the server answers its health route (10 s at most).
    static func waitUntilServing(port: Int) async throws {
        for _ in 0..<200 {
            let answer = try? await BenchConnection.with(host: "127.0.0.1", port: port) { connection in
                try await connection.send(.GET, "/api/v1/health", headers: []).status
            }
            if answer == .ok { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw BenchError("the server did not answer on port \(port)")
    }

    /// A file's trial rows as the bodies of `soundsafari sync`'s batches: 512 KiB at most each.
    static func batches(file: String, header: String, lines: [String]) throws -> [ByteBuffer] {
        var bodies: [ByteBuffer] = []
        var first = 1
        var batch: [String] = []
        var bytes = header.utf8.count
        for line in lines {
            if !batch.isEmpty && bytes + line.utf8.count > 512 * 1024 {
                bodies.append(
                    try body(SyncBatch(file: file, kind: "trials", header: header, first: first, items: batch)))
                first += batch.count
                batch = []
                bytes = header.utf8.count
            }
            batch.append(line)
            bytes += line.utf8.count
        }
        bodies.append(try body(SyncBatch(file: file, kind: "trials", header: header, first: first, items: batch)))
        return bodies
    }

    static func body(_ batch: SyncBatch) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(batch))
    }

    /// POSTs `bodies` one after the other on one connection, as one machine's `soundsafari sync` does; anything but
    /// 200 ends the bench with the server's answer.
    static func send(_ bodies: [ByteBuffer], token: String, port: Int) async throws {
        try await BenchConnection.with(host: "127.0.0.1", port: port) { connection in
            for body in bodies {
                let (status, answer) = try await connection.send(
                    .POST, "/api/v1/sync/batch",
                    headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: body)
                guard status == .ok else {
                    throw BenchError("a batch was refused (\(status.code)): \(String(buffer: answer))")
                }
            }
        }
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(program) failed (\(process.terminationStatus))")
        }
    }
}
