// A plan of 20 sessions played by the learner bot: the safari's scenes open in order, the logs name scene and stimulus.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords
import Testing
import TidyFormats

extension Trait where Self == ConditionTrait {
    /// Debian's tuxpaint-stamps-default, which scripts/install-deps.sh installs.
    static var needsTuxpaintStamps: Self {
        .enabled(
            if: !AnimalLibrary.recordings(in: AnimalLibrary.debianStamps).isEmpty,
            "needs Debian's tuxpaint-stamps-default (scripts/install-deps.sh installs it)")
    }
}

@Suite("Safari scenes over a plan")
struct SafariPlanTests {
    /// Twelve photos a session (six rounds of one animal, three of two): the scenes open after 4, 8, 12 and 16
    /// sessions and 48 points a session (4 a photo).
    static let plan = """
        {"name": "safari-20", "sessions_per_week": 5, "minutes_per_session": 10, "repeat_rounds": false, "total_sessions": 20,
         "session": {"name": "safari-session", "order": "shuffled", "blocked": false, "min_separation_deg": 60,
           "conditions": [
             {"name": "one-target", "level": "one-target", "targets": ["frog"], "repetitions": 6},
             {"name": "two-targets", "level": "two-targets", "targets": ["frog", "bluejay"], "repetitions": 3}]},
         "adaptive": {"parameter": "hit_tolerance_deg", "start": 45, "min": 3, "max": 45, "up": 1, "down": 2,
           "step_sizes": [8, 4, 2], "stop_after_reversals": 8, "threshold_reversals": 6},
         "feedback": {"true_direction": true, "points": true, "replay": false}}
        """

    /// Each session's session.json and trials.csv rows, in start order.
    static func sessions(_ logs: URL) throws -> [(record: SessionRecord, rows: [TrialRow])] {
        let participant = logs.appendingPathComponent("P1")
        return try FileManager.default.contentsOfDirectory(atPath: participant.path).filter { $0.hasPrefix("20") }
            .sorted().map { name in
                let folder = participant.appendingPathComponent(name)
                let record = try SessionRecord.decode(
                    Data(contentsOf: folder.appendingPathComponent("session.json")), file: name)
                return (record, try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv")))
            }
    }

    static func simulate(
        _ folder: URL, sessions: Int, totalSessions: Int = 20, environment: [String: String]
    ) throws -> CommandOutput {
        let planFile = folder.appendingPathComponent("plan.json")
        try Data(
            plan.replacingOccurrences(of: #""total_sessions": 20"#, with: #""total_sessions": \#(totalSessions)"#).utf8
        )
        .write(to: planFile)
        return try SoundSafariBinary.run(
            [
                "simulate", "--plan", planFile.path, "--sessions", "\(sessions)", "--bot", "learner", "--participant",
                "P1", "--logs", folder.appendingPathComponent("logs").path, "--seed", "7",
            ], environment: environment)
    }

    @Test(
        "With the recorded calls imported, 20 sessions open pond, farm, forest, coast and savannah in order; every row names its stimulus",
        .needsTuxpaintStamps)
    func twentySessionsOpenTheScenesInOrder() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("safari-20")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
        let imported = try SoundSafariBinary.run(["sounds", "import"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let library = try AnimalLibrary(
            folder: folder.appendingPathComponent("data/soundsafari/animals", isDirectory: true)
        ).calls()
        let accepted = Dictionary(uniqueKeysWithValues: library.filter(\.accepted).map { ($0.name, $0) })
        let run = try Self.simulate(folder, sessions: 20, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("plan's own animals"), "\(run.stderr)")
        let sessions = try Self.sessions(folder.appendingPathComponent("logs"))
        #expect(sessions.count == 20)
        let scenes = sessions.map { $0.record.resolvedProtocol.scene ?? "none" }
        // Opened in order, never going back, all five reached.
        var order: [String] = []
        for scene in scenes where order.last != scene { order.append(scene) }
        #expect(order == ["pond", "farm", "forest", "coast", "savannah"], "\(scenes)")
        for (record, rows) in sessions {
            let scene = SafariScene.named(record.resolvedProtocol.scene ?? "")
            for row in rows {
                // The row's animal is one of its scene's recorded calls, and names the prepared file exactly.
                #expect(scene?.animals.contains(row.target) == true, "\(row.target) in \(scene?.id ?? "none")")
                let call = try #require(accepted[row.target], "\(row.target) is no accepted call")
                #expect(row.stimulus?.sha256 == call.fileSHA256)
                #expect(abs((row.stimulus?.loudnessLUFS ?? 0) - CallPreparation.targetLUFS) < 0.01)
                #expect(abs((row.stimulus?.bandwidthOctaves ?? 0) - call.prepared!.bandwidthOctaves) < 0.001)
            }
        }
        // New animals appear inside a scene over its sessions.
        let pond = sessions.filter { $0.record.resolvedProtocol.scene == "pond" }.map { Set($0.rows.map(\.target)) }
        #expect(pond.count >= 2 && pond[0].count <= 3 && pond.last!.count > pond[0].count, "\(pond)")
        #expect(run.stdout.contains("New scene open: the Savannah!"), "\(run.stdout)")
    }

    @Test(
        "Without recorded calls the plan plays its synthesised animals, says so once, and still names scene and stimulus"
    )
    func withoutTheCallsThePlanFallsBackAndSaysSoOnce() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("safari-fallback")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A plan of 10 sessions opens the farm after 2.
        let run = try Self.simulate(
            folder, sessions: 4, totalSessions: 10,
            environment: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "so the plan's own animals play").count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("soundsafari sounds import"), "\(run.stderr)")
        let sessions = try Self.sessions(folder.appendingPathComponent("logs"))
        #expect(sessions.map { $0.record.resolvedProtocol.scene } == ["pond", "pond", "farm", "farm"])
        // Each scene's ambience plays under every round, as a quiet bed where the level has no background.
        for (record, rows) in sessions {
            let ambience = record.resolvedProtocol.scene == "farm" ? "ambience_farm" : "ambience"
            #expect(record.resolvedProtocol.rounds.allSatisfy { $0.backgroundSound == ambience })
            #expect(record.resolvedProtocol.rounds.allSatisfy { $0.backgroundGainDB == SafariScene.bedGainDB })
            #expect(rows.allSatisfy { $0.background })
        }
        let frog = try SHA256.hex(
            Data(contentsOf: SoundSafariBinary.packageRoot.appendingPathComponent("Sounds/frog.wav")))
        for row in sessions.flatMap(\.rows) {
            #expect(["frog", "bluejay"].contains(row.target))
            if row.target == "frog" { #expect(row.stimulus?.sha256 == frog) }
            #expect((row.stimulus?.bandwidthOctaves ?? 0) > 1)
        }
        #expect(run.stdout.contains("New scene open: the Farm!"), "\(run.stdout)")
    }
}
