// Eight machines syncing at once against two server processes on one database, while one of them crashes (SIGKILL)
// and is restarted (SIGTERM) and each time started again: valid batches among hostile ones, every batch whose answer
// was lost sent again. Afterwards the server holds every machine's files exactly (nothing lost, nothing twice), no
// answer was ≥ 500, every hostile batch was refused, and the export's trials.csv and ratings.csv are the machines'
// rows, row by row. The servers' resident memory is sampled throughout and printed as `make bench` lines.
import Foundation
import GameCore
import Glibc
import Logging
import StudyRecords
import Synchronization
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct SoakTests {
    static let machineCount = 8
    /// Sessions each machine plays and syncs (about ten batches each): bounded for CI, about a minute here.
    static let sessionsPerMachine = 24

    /// One file of a machine's logs folder, as the machine holds it.
    struct File: Sendable {
        var kind: String
        var header: String?
        var items: [String] = []
    }

    /// What a machine sends next: items `from` (1-based) … of `file`, or its latest state (a session.json).
    struct Step: Sendable {
        var file: String
        var from: Int
        var count: Int
    }

    /// A machine of the soak: its token, its two participants, and its logs as they grow session by session.
    struct Machine: Sendable {
        let index: Int
        let site: String
        let token: String
        let device: UUID
        var files: [String: File] = [:]
        var steps: [Step] = []
        var participants: [String] { [10 + 2 * index, 11 + 2 * index].map { "P\($0)" } }
        var name: String { "soak-\(index)" }
    }

    /// The servers the machines talk to; a restarted one is put in its place.
    final class Servers: Sendable {
        private let running: Mutex<[ServerProcess]>
        init(_ servers: [ServerProcess]) { running = Mutex(servers) }
        subscript(index: Int) -> ServerProcess { running.withLock { $0[index] } }
        func replace(_ index: Int, with server: ServerProcess) { running.withLock { $0[index] = server } }
    }

    /// What the run saw, across the machines.
    final class Tally: Sendable {
        let statuses = Mutex<[String: Int]>([:])
        let lost = Mutex(0)
        let sent = Atomic(0)
        /// Both servers' RSS (KiB, nil while one is down) against the batches answered so far.
        let samples = Mutex<[(done: Int, first: Int?, second: Int?)]>([])
        func count(_ what: String) { statuses.withLock { $0[what, default: 0] += 1 } }
    }

    /// A session of `participant` as the game writes it: the sample session moved `offset` seconds on, numbered
    /// `index` for its participant, with the rating asked after it.
    static func session(
        participant: String, index: Int, offset: TimeInterval, suffix: UInt16, machine: String
    ) throws -> (folder: String, state: String, trials: [String], rating: String) {
        let (sample, _) = try ProjectionTests.sample()
        let id = SessionID(startedAt: sample.startedAt.addingTimeInterval(offset), suffix: suffix).value
        let session = try ProjectionTests.session(id, participant: participant, offset: offset, machine: machine)
        var record = try SessionRecord.decode(Data(session.state.utf8), file: "session.json")
        record.sessionIndex = index
        let header = Data(CSVWriter.headerLine(TrialRow.columns).utf8)
        let rows = try CSVLogFile<TrialRow>.decode(header + Data(session.trials.joined().utf8), file: "trials.csv")
        let trials = rows.records.map { row in
            var row = row
            row.sessionIndex = index
            return CSVWriter.line(row.values)
        }
        let rating = CSVWriter.line(
            RatingRow(
                participant: participant, sessionID: id, sessionIndex: index, moment: .after, item: "tinnitus_loudness",
                value: Double((index * 7) % 20) / 20, answeredAt: record.startedAt.addingTimeInterval(600),
                language: "en"
            ).values)
        return (session.folder, String(decoding: try record.encoded(), as: UTF8.self), trials, rating)
    }

    /// The machine's whole logs as the steps that sync them: its participants first, then per session its trials in
    /// batches of one to five rows, its session.json and its rating.
    static func plan(_ machine: inout Machine) throws {
        var random = SeededRandom(seed: 3900 + UInt64(machine.index))
        let registrations = try machine.participants.enumerated().map { k, participant in
            CSVWriter.line(
                ParticipantRecord(
                    participant: try ParticipantID(participant), age: 30 + k, tinnitus: .yes,
                    registeredAt: Date(timeIntervalSince1970: 1_795_000_000)
                ).values(under: ParticipantRecord.columns))
        }
        machine.files["participants.csv"] = File(
            kind: "participants", header: CSVWriter.headerLine(ParticipantRecord.columns), items: registrations)
        machine.steps.append(Step(file: "participants.csv", from: 1, count: registrations.count))
        for n in 0..<sessionsPerMachine {
            let participant = machine.participants[n % 2]
            let session = try Self.session(
                participant: participant, index: n / 2 + 1, offset: Double(n * 3600 + machine.index * 60),
                suffix: UInt16(machine.index << 8 | n), machine: machine.name)
            let trials = "\(session.folder)/trials.csv"
            machine.files[trials] = File(
                kind: "trials", header: CSVWriter.headerLine(TrialRow.columns), items: session.trials)
            var from = 1
            while from <= session.trials.count {
                let count = min(session.trials.count - from + 1, 1 + Int(random.next() % 5))
                machine.steps.append(Step(file: trials, from: from, count: count))
                from += count
            }
            let state = "\(session.folder)/session.json"
            machine.files[state] = File(kind: "session", items: [session.state])
            machine.steps.append(Step(file: state, from: 1, count: 1))
            let ratings = "\(participant)/ratings.csv"
            machine.files[ratings, default: File(kind: "ratings", header: CSVWriter.headerLine(RatingRow.columns))]
                .items.append(session.rating)
            machine.steps.append(Step(file: ratings, from: n / 2 + 1, count: 1))
        }
    }

    /// The body of `step`'s batch.
    static func body(_ step: Step, of machine: Machine) throws -> String {
        let file = try #require(machine.files[step.file])
        let items = Array(file.items[(step.from - 1)..<(step.from - 1 + step.count)])
        return try SyncTests.body(
            file: step.file, kind: file.kind, header: file.header, first: file.kind == "session" ? nil : step.from,
            items: items)
    }

    /// A batch the server must refuse (4xx), of the machine's session `step` belongs to or its other participant:
    /// hostile paths, impossible values, another site's or participant's session, gaps, changed items, duplicate
    /// members, a deleted participant; `claimed` a session of another site, `deleted` a deleted participant of its own.
    static func hostile(
        _ kind: UInt64, _ step: Step, of machine: Machine, claimed: String, deleted: String, held: String?
    ) throws -> (name: String, body: String) {
        let parts = step.file.split(separator: "/").map(String.init)
        // The session the machine is at (its first, while it sends participants.csv).
        let trialsFile =
            parts.count == 3
            ? "\(parts[0])/\(parts[1])/trials.csv"
            : try #require(machine.files.keys.sorted().first { $0.hasSuffix("trials.csv") })
        let folder = trialsFile.split(separator: "/").map(String.init)
        let (participant, session) = (folder[0], folder[1])
        let other = machine.participants.first { $0 != participant }!
        let rows = try #require(machine.files[trialsFile]).items
        let header = SyncBoundaryTests.header
        func trials(_ file: String, _ items: [String], first: Int = 1) throws -> String {
            try SyncTests.body(file: file, kind: "trials", header: header, first: first, items: items)
        }
        func renamed(_ line: String, participant: String, session: String) throws -> String {
            try SyncBoundaryTests.setting(
                "session_id", to: session,
                in: try SyncBoundaryTests.setting("participant", to: participant, in: line))
        }
        switch kind % 11 {
        case 0: return ("dot-dot path", try trials("\(participant)/../\(other)/\(session)/trials.csv", [rows[0]]))
        case 1: return ("backslash path", try trials("\(participant)\\\(session)\\trials.csv", [rows[0]]))
        case 2: return ("NUL in the path", try trials("\(participant)/\(session)\u{0}/trials.csv", [rows[0]]))
        case 3:
            let line = try SyncBoundaryTests.setting("aim_bearing_deg", to: "1e308", in: rows[0])
            return ("a bearing of 1e308", try trials(trialsFile, [line]))
        case 4:
            let line = try SyncBoundaryTests.setting("time_s", to: "-0.001", in: rows[0])
            return ("a negative time", try trials(trialsFile, [line]))
        case 5:
            // Another site's session, under this machine's own participant.
            let line = try renamed(rows[0], participant: participant, session: claimed)
            return ("another site's session", try trials("\(participant)/\(claimed)/trials.csv", [line]))
        case 6:
            let line = try renamed(rows[0], participant: other, session: session)
            return ("another participant's row", try trials(trialsFile, [line]))
        case 7: return ("a gap", try trials(trialsFile, [rows[0]], first: rows.count + 3))
        case 8:
            // Item 1 of a trials file the server holds, with other content than the row it holds.
            guard let held, let heldRows = machine.files[held]?.items else {
                return ("a gap", try trials(trialsFile, [rows[0]], first: rows.count + 3))
            }
            return ("a changed item", try trials(held, [heldRows[1]]))
        case 9:
            let valid = try trials(trialsFile, [rows[0]])
            return ("a member twice", "{\"kind\":\"trials\"," + valid.dropFirst())
        default:
            let line = try renamed(rows[0], participant: deleted, session: session)
            return ("a deleted participant", try trials("\(deleted)/\(session)/trials.csv", [line]))
        }
    }

    @Test func eightMachinesAgainstTwoRestartedServersLoseNothingAndStoreNothingTwice() async throws {
        let url = try await TestCluster.shared.value.freshDatabase()
        var logger = Logger(label: "soak")
        logger.logLevel = .error
        let quiet = logger
        try await StudyDatabase.with(url, logger: quiet, bcryptCost: 4, leaseWait: testDatabaseWait) { database in
            let servers = Servers([
                try await ServerProcess.start(database: url), try await ServerProcess.start(database: url),
            ])
            // Per site: a session another site's machines try to write into, and a deleted participant.
            var claimed: [String: String] = [:]
            var kept: [String: [String: File]] = [:]
            for (site, keep, gone) in [("north", "P91", "P90"), ("south", "P93", "P92")] {
                try await database.sites.addSite(site)
                let (device, token) = try await Self.enrol(database, site: site, name: "setup-\(site)")
                var setup = Machine(index: 0, site: site, token: token, device: device.id)
                for (n, participant) in [keep, gone].enumerated() {
                    let session = try Self.session(
                        participant: participant, index: 1, offset: Double(-86_400 * (n + 1)),
                        suffix: UInt16(site == "north" ? 0xf000 + n : 0xf100 + n), machine: "setup-\(site)")
                    setup.files["\(session.folder)/trials.csv"] = File(
                        kind: "trials", header: SyncBoundaryTests.header, items: session.trials)
                    setup.files["\(session.folder)/session.json"] = File(kind: "session", items: [session.state])
                    if n == 0 { claimed[site] = String(session.folder.split(separator: "/")[1]) }
                }
                for (file, content) in setup.files.sorted(by: { $0.key > $1.key }) {
                    let step = Step(file: file, from: 1, count: content.items.count)
                    let reply = try await servers[0].call(
                        .post, "/api/v1/sync/batch", token: token, json: try Self.body(step, of: setup))
                    try #require(reply.status == 200, "\(file): \(reply.text)")
                }
                try await database.participantData.deleteParticipant(
                    site: site, participant: gone, by: ("test", "admin"))
                kept[site] = setup.files.filter { $0.key.hasPrefix(keep) }
            }
            var machines: [Machine] = []
            for index in 0..<Self.machineCount {
                let site = index < Self.machineCount / 2 ? "north" : "south"
                let (device, token) = try await Self.enrol(database, site: site, name: "soak-\(index)")
                var machine = Machine(index: index, site: site, token: token, device: device.id)
                try Self.plan(&machine)
                machines.append(machine)
            }
            let total = machines.reduce(0) { $0 + $1.steps.count }

            let tally = Tally()
            let started = Date()
            let claimedBySite = claimed
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Memory: both servers' RSS four times a second while the machines sync.
                group.addTask {
                    while tally.sent.load(ordering: .relaxed) < total {
                        let sample = (
                            tally.sent.load(ordering: .relaxed), servers[0].residentKiB, servers[1].residentKiB
                        )
                        tally.samples.withLock { $0.append(sample) }
                        try await Task.sleep(for: .milliseconds(250))
                    }
                }
                // The second server crashes at a third of the way and is restarted at two thirds.
                group.addTask {
                    for (fraction, signal) in [(0.33, SIGKILL), (0.66, SIGTERM)] {
                        while Double(tally.sent.load(ordering: .relaxed)) < fraction * Double(total) {
                            try await Task.sleep(for: .milliseconds(50))
                        }
                        let status = await servers[1].stop(signal: signal)
                        if signal == SIGTERM {
                            #expect(status == 0, "the graceful stop's exit: \(String(describing: status))")
                        }
                        // Down for a moment: its machines turn to the first server meanwhile.
                        try await Task.sleep(for: .milliseconds(500))
                        servers.replace(1, with: try await ServerProcess.start(database: url))
                    }
                }
                for machine in machines {
                    group.addTask {
                        try await Self.run(
                            machine, servers: servers, tally: tally,
                            claimed: claimedBySite[machine.site == "north" ? "south" : "north"]!,
                            deleted: machine.site == "north" ? "P90" : "P92")
                    }
                }
                try await group.waitForAll()
            }
            let seconds = Date().timeIntervalSince(started)
            await servers[0].stop(signal: SIGTERM)
            await servers[1].stop(signal: SIGTERM)

            let statuses = tally.statuses.withLock { $0 }
            #expect(statuses.keys.allSatisfy { !$0.hasPrefix("5") }, "\(statuses)")

            // Every machine's files held exactly: nothing lost, nothing twice, nothing hostile.
            for machine in machines {
                let held = try await database.rows(
                    "SELECT file FROM sync_files WHERE device_id = \(machine.device) ORDER BY file"
                ).map { try $0.decode(String.self) }
                #expect(held == machine.files.keys.sorted(), "\(machine.name)'s files")
                for (file, content) in machine.files {
                    let items = try await PostgresIngest(database: database).items(device: machine.device, file: file)
                        .items
                    #expect(
                        items == content.items,
                        "\(machine.name): \(file) holds \(items.count) items, the machine wrote \(content.items.count)")
                }
            }
            // The export's rows are the machines' rows (and the setup's kept participant's), each once.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-soak-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            var sink = try FolderSink(folder: folder)
            let summary = try await database.export.export(
                sites: ["north", "south"], files: [.trials, .ratings], to: &sink)
            #expect(summary.trialsWithoutSession == 0)
            var expectedTrials: [String] = []
            var expectedRatings: [String] = []
            for machine in machines {
                for (file, content) in machine.files where content.kind == "trials" || content.kind == "ratings" {
                    let rows = content.items.map { "\(machine.site),\($0)" }
                    if content.kind == "trials" { expectedTrials += rows } else { expectedRatings += rows }
                    _ = file
                }
            }
            for (site, files) in kept {
                for content in files.values where content.kind == "trials" {
                    expectedTrials += content.items.map { "\(site),\($0)" }
                }
            }
            for (name, expected) in [("trials.csv", expectedTrials), ("ratings.csv", expectedRatings)] {
                let lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { !$0.isEmpty }
                    .map { String($0) + "\n" }
                #expect(
                    lines.count == expected.count, "\(name): \(lines.count) rows, the machines wrote \(expected.count)")
                let (got, wrote) = (Set(lines), Set(expected))
                #expect(
                    lines.sorted() == expected.sorted(),
                    "\(name) row by row: \(got.subtracting(wrote).count) rows the machines did not write, \(wrote.subtracting(got).count) missing, e.g. \(wrote.subtracting(got).first ?? got.subtracting(wrote).first ?? "")"
                )
            }

            // Memory: the first server ran throughout; its RSS once warm (a fifth of the way) against its last.
            let taken = tally.samples.withLock { $0 }
            func median(_ values: [Int]) -> Double {
                let sorted = values.sorted()
                return sorted.isEmpty ? 0 : Double(sorted[sorted.count / 2]) / 1024
            }
            let warm = median(taken.filter { $0.done >= total / 5 && $0.done < total * 3 / 10 }.compactMap(\.first))
            let end = median(taken.filter { $0.done >= total * 9 / 10 }.compactMap(\.first))
            let secondMax = Double(taken.compactMap(\.second).max() ?? 0) / 1024
            let lost = tally.lost.withLock { $0 }
            print(
                """
                server-soak-batches \(tally.sent.load(ordering: .relaxed)) batches
                server-soak-seconds \(String(format: "%.1f", seconds)) s
                server-soak-answers-lost \(lost) batches
                server-soak-rss-warm \(String(format: "%.1f", warm)) MiB
                server-soak-rss-end \(String(format: "%.1f", end)) MiB
                server-soak-rss-growth \(String(format: "%.2f", end / max(warm, 1))) ratio
                server-soak-rss-restarted-max \(String(format: "%.1f", secondMax)) MiB
                server-soak-answers \(statuses.sorted { $0.key < $1.key })
                """)
            #expect(warm > 0 && end > 0, "the first server's memory was sampled: \(taken.count) samples")
            // A leak guard, not a performance figure (those are the lines above): 2 MiB grew here over the last four
            // fifths of the run; a leak of 20 KB a batch would grow 30 MiB.
            #expect(end - warm < 24, "the first server's RSS grew from \(warm) to \(end) MiB")
        }
    }

    /// One machine's sync, step by step: now and then a hostile batch (refused) or a resend of what the server holds
    /// (nothing stored); every batch whose answer is lost is sent again, to the other server.
    static func run(_ machine: Machine, servers: Servers, tally: Tally, claimed: String, deleted: String) async throws {
        var random = SeededRandom(seed: 39_000 + UInt64(machine.index))
        var done: [Step] = []
        for step in machine.steps {
            if random.next() % 4 == 0 {
                let held = done.last { $0.file.hasSuffix("trials.csv") && $0.from == 1 }?.file
                let (name, body) = try Self.hostile(
                    random.next(), step, of: machine, claimed: claimed, deleted: deleted, held: held)
                let reply = try await Self.send(body, machine: machine, servers: servers, tally: tally)
                tally.count("\(reply.status) \(name)")
                #expect((400..<500).contains(reply.status), "\(name): \(reply.status) \(reply.text.prefix(300))")
            }
            if random.next() % 8 == 0, let again = done.randomElement(using: &random) {
                let reply = try await Self.send(
                    try body(again, of: machine), machine: machine, servers: servers, tally: tally)
                tally.count("\(reply.status) resend")
                #expect(reply.status == 200 && reply.json["stored"] as? Int == 0, "resend \(again.file): \(reply.text)")
            }
            let reply = try await Self.send(
                try body(step, of: machine), machine: machine, servers: servers, tally: tally)
            tally.count("\(reply.status) valid")
            #expect(reply.status == 200, "\(machine.name) \(step.file) from \(step.from): \(reply.text.prefix(300))")
            done.append(step)
        }
    }

    /// Sends a batch to the machine's server, or to the other while that one is down, until one answers.
    static func send(_ body: String, machine: Machine, servers: Servers, tally: Tally) async throws -> Reply {
        var server = machine.index % 2
        for _ in 0..<400 {
            do {
                let reply = try await servers[server].call(
                    .post, "/api/v1/sync/batch", token: machine.token, json: body)
                tally.sent.add(1, ordering: .relaxed)
                return reply
            } catch {
                tally.lost.withLock { $0 += 1 }
                server = 1 - server
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        throw ServerProcess.Failure(description: "\(machine.name): no server answered a batch for 40 s")
    }

    static func enrol(_ database: StudyDatabase, site: String, name: String) async throws -> (Device, String) {
        let (code, _) = try await database.devices.enrolmentCode(site: site, by: ("test", "admin"))
        guard
            case .enrolled(let device, let token) = try await database.devices.enrol(
                code: code, name: name, requestID: nil)
        else { throw ServerProcess.Failure(description: "\(name) was not enrolled") }
        return (device, token)
    }
}
