// The game's benchmarks: 60 Hz tick timing in real time, result-picture time with PNG, simulated rounds per second.
import Foundation
import GameCore
import GameUI
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

/// `soundsafari-bench`'s game suite. Figures, not asserts: the tests never time anything.
enum GameBenchmarks {
    static func run() throws -> [BenchmarkResult] {
        try tickTiming() + resultPicture() + simulatedRounds()
    }

    /// 10 s of real-time ticking (600 ticks) of a running one-target round with the real engine scene:
    /// how late each tick woke after its absolute deadline, and the CPU the loop used.
    static func tickTiming(seconds: Double = 10) throws -> [BenchmarkResult] {
        let scene = try makeScene()
        let clock = SystemClock()
        let plan = try SessionPlan(rounds: [.builtIn(.oneTarget, round: 1)], seed: 1)
        let session = GameSession(plan: plan, scene: scene, clock: clock, sink: TrialCollector(), input: .keyboard)
        let heading = PlayerHeading()
        let manager = GameManager(session: session, clock: clock, scene: scene, headingSource: heading)
        try session.start(heading: heading.heading)
        let ticks = Int(seconds * GameManager.defaultTickRate)
        let cpuBefore = processCPUSeconds()
        let start = clock.now()
        try manager.run(while: { manager.tickCount < ticks }, beforeTick: { _ in heading.turn(by: 0.5) })
        let wall = clock.now() - start
        let cpu = processCPUSeconds() - cpuBefore
        let statistics = manager.statistics
        return [
            BenchmarkResult(name: "game.tick.count", value: Double(statistics.count), unit: "ticks"),
            BenchmarkResult(name: "game.tick.wall", value: wall, unit: "s"),
            BenchmarkResult(
                name: "game.tick.lateness_p99", value: statistics.latenessPercentile(99) * 1000, unit: "ms"),
            BenchmarkResult(name: "game.tick.lateness_worst", value: statistics.worstLateness * 1000, unit: "ms"),
            BenchmarkResult(name: "game.tick.late_count", value: Double(statistics.lateCount), unit: "ticks>4ms"),
            BenchmarkResult(name: "game.tick.cpu", value: cpu / wall * 100, unit: "%"),
        ]
    }

    /// Drawing the result picture and writing its PNG, as after every photo (the thesis allowed 500 ms).
    static func resultPicture(count: Int = 10) throws -> [BenchmarkResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundsafari-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock()
        let plan = try SessionPlan(rounds: [.builtIn(.twoTargets, round: 1)], seed: 2)
        let session = GameSession(
            plan: plan, scene: try makeScene(), clock: clock, sink: TrialCollector(), input: .keyboard)
        try session.start(heading: .forward)
        clock.advance(by: 3.2)
        try session.photograph(aim: plan.bearings[0][0].rotated(by: 6), at: clock.now())
        guard let result = session.lastResult else { return [] }
        var times: [Double] = []
        let wall = SystemClock()
        let cpuBefore = threadCPUSeconds()
        for index in 0..<count {
            let start = wall.now()
            try ResultPictureFiles().write(result, to: folder.appendingPathComponent("picture-\(index).png"))
            times.append(wall.now() - start)
        }
        let cpu = threadCPUSeconds() - cpuBefore
        return [
            BenchmarkResult(
                name: "game.picture.png_mean", value: times.reduce(0, +) / Double(times.count) * 1000, unit: "ms"),
            BenchmarkResult(name: "game.picture.png_worst", value: (times.max() ?? 0) * 1000, unit: "ms"),
            // The drawing and encoding alone (the thread's CPU time): the wall figure adds the two fsyncs and the load.
            BenchmarkResult(name: "game.picture.png_cpu_mean", value: cpu / Double(count) * 1000, unit: "ms"),
        ]
    }

    /// Whole simulated sessions on the virtual clock, including logging and PNGs.
    static func simulatedRounds() throws -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        for (bot, rounds) in [(BotKind.ideal, 20), (.listener, 10)] {
            let logs = FileManager.default.temporaryDirectory.appendingPathComponent(
                "soundsafari-bench-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: logs) }
            let request = SessionRequest(
                source: .mode(.oneTarget, rounds: rounds), participant: "BENCH",
                seed: 3, input: bot.device)
            let wall = SystemClock()
            let start = wall.now()
            _ = try Simulation(
                request: request, store: FileSessionStore(logs: logs), bot: bot, pictures: ResultPictureFiles()
            ).run()
            let seconds = wall.now() - start
            results.append(
                BenchmarkResult(
                    name: "game.simulate.\(bot.rawValue)_rounds_per_s", value: Double(rounds) / seconds,
                    unit: "rounds/s"))
        }
        return results
    }

    private static func makeScene() throws -> EngineAudioScene {
        EngineAudioScene(
            engine: try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required)),
            catalog: try SoundCatalog.locate())
    }

    /// User + system CPU time of this process so far.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
