// Two machines' logs folders synced by the real `soundsafari sync` over HTTP: the server holds exactly the files,
// a second sync sends nothing, and syncs killed at random moments then re-run lose and duplicate nothing.
import Foundation
import Glibc
import Testing

@testable import StudyServer

@Suite(.serialized) struct SyncEndToEndTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The game's binary, built by the root package (`make test` builds it before the server's tests).
    static func game() throws -> String {
        let path = checkout.appendingPathComponent(".build/debug/soundsafari").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Spawn.Failure(
                description: "\(path) is missing: build the game first (swift build in the checkout; make test does).")
        }
        return path
    }

    /// One machine: its logs folder and its own config folder (so its own enrolment).
    struct Machine {
        var logs: URL
        var config: URL
        var environment: [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = config.path
            return environment
        }

        func soundsafari(_ arguments: [String]) async throws -> (status: Int32, output: String) {
            try await Spawn.runOffPool([try SyncEndToEndTests.game()] + arguments, environment: environment)
        }
    }

    static func machine(_ name: String, in folder: URL) throws -> Machine {
        let machine = Machine(
            logs: folder.appendingPathComponent(name), config: folder.appendingPathComponent("\(name)-config"))
        try FileManager.default.createDirectory(at: machine.config, withIntermediateDirectories: true)
        return machine
    }

    /// A head tracker's log as the game writes it (StudyKit's TrackerLog): a calibration, then readings.
    static let trackerCSV = """
        time,event,input,address,raw_yaw_deg,raw_pitch_deg,raw_roll_deg,x_cm,y_cm,z_cm,forward_raw_yaw_deg,yaw_sign,\
        heading_deg,malformed_total,detail
        2026-11-26T01:40:51.000Z,calibration,opentrack,opentrack,12.500,-3.000,0.250,1.000,2.000,30.000,12.500,1,\
        0.000,0,sign from turning right (turned to raw yaw 40.000)
        2026-11-26T01:40:51.016Z,sample,opentrack,opentrack,13.000,-3.000,0.250,1.000,2.000,30.000,12.500,1,\
        0.500,0,
        2026-11-26T01:40:51.033Z,sample,opentrack,opentrack,14.250,-2.000,0.000,1.000,2.000,30.000,12.500,1,\
        1.750,1,

        """

    /// Every log file of a machine that sync sends, by path in the logs folder.
    static func logFiles(_ logs: URL) -> [String] {
        (FileManager.default.enumerator(atPath: logs.path)?.compactMap { $0 as? String } ?? [])
            .filter {
                let name = ($0 as NSString).lastPathComponent
                return [
                    "participants.csv", "ratings.csv", "trials.csv", "session.json", "questionnaires.csv", "diary.csv",
                    "tracker.csv",
                ].contains(name)
                    || (name.hasPrefix("plan-") && name.hasSuffix(".json"))
            }
            .sorted()
    }

    /// The server's copy of each file equals the file: CSV header and records byte for byte, session.json's latest state.
    static func expectServerHoldsFiles(of machine: Machine, device: UUID, database: StudyDatabase) async throws {
        let files = logFiles(machine.logs)
        #expect(!files.isEmpty)
        let held = try await PostgresIngest(database: database).heldFiles(device: device)
        #expect(held.map(\.file) == files, "files held")
        for file in files {
            let local = try String(contentsOf: machine.logs.appendingPathComponent(file), encoding: .utf8)
            let (header, items) = try await PostgresIngest(database: database).items(device: device, file: file)
            if file.hasSuffix(".json") {
                #expect(items.last == local, "\(file): latest state")
            } else {
                #expect((header ?? "") + items.joined() == local, "\(file): rows")
            }
        }
    }

    @Test func twoMachinesSyncTheirLogsAndKilledSyncsLoseAndDuplicateNothing() async throws {
        let game = try Self.game()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-sync-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lab = try Self.machine("lab-1", in: folder)
        let home = try Self.machine("home-P07", in: folder)
        try FileManager.default.copyItem(
            at: Self.checkout.appendingPathComponent("Examples/sample-session"), to: lab.logs)
        // The lab's session was steered by a head tracker: its tracker.csv goes up too (a cut-off reading waits).
        let labSession = try #require(
            try FileManager.default.contentsOfDirectory(
                at: lab.logs.appendingPathComponent("P07"), includingPropertiesForKeys: nil
            ).first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("session.json").path) })
        try Data(Self.trackerCSV.utf8).write(to: labSession.appendingPathComponent("tracker.csv"))
        let simulated = try await home.soundsafari([
            "simulate", "--participant", "P07", "--rounds", "30", "--answer-ratings", "--seed", "7", "--logs",
            home.logs.path,
        ])
        try #require(simulated.status == 0, "\(simulated.output)")
        // The patient's record goes up too: a diary entry (diary.csv) beside the session's logs.
        let diary = try await home.soundsafari([
            "diary", "add", "--participant", "P07", "--kind", "event", "--name", "Tinnitus attack", "--date",
            "2026-11-20", "--type", "tinnitus-attack", "--logs", home.logs.path,
        ])
        try #require(diary.status == 0, "\(diary.output)")

        try await withServer(live: true) { server in
            let port = try #require(server.client.port)
            let address = "http://127.0.0.1:\(port)"
            try await server.database.sites.addSite("north")
            var devices: [UUID] = []
            for machine in [lab, home] {
                let (code, _) = try await server.database.devices.enrolmentCode(site: "north", by: ("test", "admin"))
                let enrolled = try await machine.soundsafari(["sync", "--server", address, "--enrol", code])
                #expect(enrolled.status == 0, "\(enrolled.output)")
                let settings = try #require(try SyncSettingsFile.read(machine.config))
                devices.append(try #require(UUID(uuidString: settings.device)))
                #expect(try SyncSettingsFile.mode(machine.config) == 0o600)
            }

            // The home machine syncs in tiny batches, killed at random moments 20 times, then once to the end.
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<20 {
                let output = folder.appendingPathComponent("killed.out")
                let pid = try Spawn.start(
                    [game, "sync", "--logs", home.logs.path, "--batch-kib", "1"], environment: home.environment,
                    output: output)
                try await Task.sleep(nanoseconds: UInt64.random(in: 0..<400_000_000, using: &generator))
                kill(pid, SIGKILL)
                _ = Spawn.wait(pid)
            }
            // A plan prescribed for P07 on the server reaches both machines of the site as plan-001.json.
            _ = try await server.database.prescriptions.prescribePlan(
                site: "north", participant: "P07", content: try RoleMatrixTests.trainingPlan(),
                by: ("sup", "supervisor"), requestID: nil)
            for (machine, device) in zip([lab, home], devices) {
                let synced = try await machine.soundsafari(["sync", "--logs", machine.logs.path])
                #expect(
                    synced.status == 0 && synced.output.contains("received 1 plans (plan-001.json)"), "\(synced.output)"
                )
                let plan = try String(
                    contentsOf: machine.logs.appendingPathComponent("P07/plan-001.json"), encoding: .utf8)
                #expect(plan.contains("prescription 1"))
                // The next sync sends the new plan file up, and receives nothing again.
                let up = try await machine.soundsafari(["sync", "--logs", machine.logs.path])
                #expect(up.output.contains(" 1 plan, ") && !up.output.contains("received"), "\(up.output)")
                #expect(
                    !FileManager.default.fileExists(
                        atPath: machine.logs.appendingPathComponent("P07/plan-002.json").path))
                try await Self.expectServerHoldsFiles(of: machine, device: device, database: server.database)
                let again = try await machine.soundsafari(["sync", "--logs", machine.logs.path])
                #expect(again.output.contains("nothing new to send"), "\(again.output)")
                let status = try await machine.soundsafari(["sync", "status", "--logs", machine.logs.path])
                #expect(status.output.hasPrefix("Nothing pending"), "\(status.output)")
            }
            // The projection tables hold each trial and session once, killed syncs notwithstanding.
            let files = [lab, home].flatMap { machine in Self.logFiles(machine.logs).map { (machine, $0) } }
            let trialRows = try files.filter { $0.1.hasSuffix("trials.csv") }.reduce(0) { count, entry in
                count
                    + (try String(contentsOf: entry.0.logs.appendingPathComponent(entry.1), encoding: .utf8))
                    .split(separator: "\n").count - 1
            }
            let projected = try await server.database.rows(
                "SELECT (SELECT count(*)::int FROM trials), (SELECT count(*)::int FROM sessions), (SELECT coalesce(sum(trial_count), 0)::int FROM sessions)"
            ).first!.decode((Int, Int, Int).self)
            #expect(projected.0 == trialRows && projected.2 == trialRows, "trial rows projected once")
            #expect(projected.1 == files.filter { $0.1.hasSuffix("session.json") }.count, "one row per session")

            // A hearing-profile version prescribed for P07 reaches the home machine as P07's next profile version,
            // and P07's next session there logs that version, so the server sees the prescription applied.
            _ = try await server.database.prescriptions.prescribe(
                kind: "profile", site: "north", participant: "P07",
                content: ProfileTests.profileFile("P07", versions: 1, maxGainDB: 12), by: ("sup", "supervisor"),
                requestID: nil)
            let received = try await home.soundsafari(["sync", "--logs", home.logs.path])
            #expect(
                received.status == 0 && received.output.contains("received 1 profile versions (P07 version 1)"),
                "\(received.output)")
            let profileText = try String(
                contentsOf: home.logs.appendingPathComponent("P07/profile.json"), encoding: .utf8)
            #expect(profileText.contains("\(address) prescription "), "the version names its prescription")
            let played = try await home.soundsafari([
                "simulate", "--participant", "P07", "--rounds", "1", "--seed", "8", "--logs", home.logs.path,
            ])
            try #require(played.status == 0, "\(played.output)")
            let sent = try await home.soundsafari(["sync", "--logs", home.logs.path])
            #expect(sent.output.contains(" 1 profile version sent"), "\(sent.output)")
            #expect(!sent.output.contains("received"), "a prescription is written once: \(sent.output)")
            let applied = try await server.database.rows(
                "SELECT max(profile_version)::int FROM sessions WHERE participant = 'P07'"
            ).first!.decode(Int?.self)
            #expect(applied == 1, "the session after the prescription logged profile_version 1")

            // The lab's result pictures go up only when asked for, each once, as the same PNG bytes.
            let withPictures = try await lab.soundsafari(["sync", "--logs", lab.logs.path, "--with-pictures"])
            #expect(withPictures.output.contains(", 3 pictures sent in 3 files"), "\(withPictures.output)")
            let pictures = try await PostgresIngest(database: server.database).heldFiles(device: devices[0]).filter {
                $0.kind == "picture"
            }
            #expect(pictures.count == 3)
            for picture in pictures {
                let held = try await PostgresIngest(database: server.database).items(
                    device: devices[0], file: picture.file)
                let local = try Data(contentsOf: lab.logs.appendingPathComponent(picture.file))
                #expect(held.items.count == 1 && Data(base64Encoded: held.items[0]) == local, "\(picture.file)")
            }
            let noMore = try await lab.soundsafari(["sync", "--logs", lab.logs.path, "--with-pictures"])
            // (It sends the profile version the previous sync received for P07, and no picture again.)
            #expect(noMore.status == 0 && !noMore.output.contains("pictures"), "\(noMore.output)")

            // The same participant ID on two machines stays two sets of files, one per device.
            #expect(
                try await PostgresIngest(database: server.database).heldFiles(device: devices[0]).contains {
                    $0.file.hasPrefix("P07/")
                })
            #expect(
                try await PostgresIngest(database: server.database).heldFiles(device: devices[1]).contains {
                    $0.file.hasPrefix("P07/")
                })

            // P07's data deleted by an admin: the home machine leaves P07's folder out (a new session included),
            // says so, and succeeds; the server holds nothing of P07 at the site afterwards.
            _ = try await server.database.participantData.deleteParticipant(
                site: "north", participant: "P07", by: ("root", "admin"))
            let later = try await home.soundsafari([
                "simulate", "--participant", "P07", "--rounds", "1", "--seed", "9", "--logs", home.logs.path,
            ])
            try #require(later.status == 0, "\(later.output)")
            let left = try await home.soundsafari(["sync", "--logs", home.logs.path])
            #expect(left.status == 0 && left.output.contains("not sent: P07"), "\(left.output)")
            #expect(
                try await server.database.participantData.holdings(site: "north", participant: "P07")?.isEmpty == true)

            // A revoked machine: one sentence, non-zero exit, nothing local touched.
            _ = try await server.database.devices.revoke(device: devices[0], by: ("test", "admin"))
            let refused = try await lab.soundsafari(["sync", "--logs", lab.logs.path])
            #expect(refused.status != 0 && refused.output.contains("revoked"), "\(refused.output)")
        }
        // The server gone: the same.
        let unreachable = try await home.soundsafari(["sync", "--logs", home.logs.path])
        #expect(unreachable.status != 0 && unreachable.output.contains("cannot be reached"), "\(unreachable.output)")
    }
}

/// The machine's enrolment file as `sync` left it (read here, not through StudyKit: the server's tests build
/// only StudyRecords of the game).
enum SyncSettingsFile {
    struct Settings: Decodable {
        var server: String
        var device: String
    }

    static func url(_ config: URL) -> URL { config.appendingPathComponent("soundsafari/sync.json") }

    static func read(_ config: URL) throws -> Settings? {
        guard let data = FileManager.default.contents(atPath: url(config).path) else { return nil }
        return try JSONDecoder().decode(Settings.self, from: data)
    }

    static func mode(_ config: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url(config).path)[.posixPermissions] as? Int ?? 0) & 0o777
    }
}
