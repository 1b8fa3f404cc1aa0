// The audio callback against a busy game thread: does SDL's audio thread ever wait while sounds load mid-session?
import Foundation
import GameCore
import GameUI
import SpatialAudio

/// SDL's real callback path (`SDLAudioOutput`; `make bench` runs it on the dummy driver, which pulls blocks at
/// real-time pace) renders three looping sources for 5 s while the game thread, at 60 Hz, turns the listener,
/// moves and re-levels the sources, changes the master gain, and loads a catalog sound (upload + new source +
/// play, the oldest such source dropped). Reports how long the callback waited for the game thread and how
/// long callbacks took: a 512-frame block lasts 10.7 ms, and a callback that waits past that is a dropout.
/// On a busy machine the scheduler also takes the core away from the audio thread now and then (it runs at
/// normal priority here), so the callbacks that blocked and those that were preempted are counted apart, and
/// the worst callback is also given without the preempted ones. A third run floods the engine instead: the game
/// thread changes the looping sources without pause (no uploads), far faster than any game, so its commands
/// contend with every block; it reports the commands sent and the blocks whose commands were applied a block
/// late (`deferred_blocks`).
enum CallbackWaitBenchmark {
    static let seconds = 5.0
    static let gameRate = 60.0

    /// The callback as shipped (the context kept current on the audio thread), then as before (bound and released
    /// every block, taking OpenAL Soft's global list lock each time, which the game thread's uploads take too).
    static func run() throws -> [BenchmarkResult] {
        let kept = try run(keepingContext: true, prefix: "audio.callback")
        let rebound = try run(keepingContext: false, prefix: "audio.callback_rebinding")
        let flooded = try run(keepingContext: true, prefix: "audio.callback_flooded", flooding: true)
        func value(_ results: [BenchmarkResult], _ name: String) -> Double {
            results.first { $0.name.hasSuffix(name) }?.value ?? 0
        }
        let ratio = value(kept, "_p99_us") / max(value(rebound, "_p99_us"), 1e-9)
        return kept + rebound + flooded + [
            BenchmarkResult(name: "audio.callback_p99_kept_vs_rebinding", value: ratio, unit: "ratio")
        ]
    }

    static func run(keepingContext: Bool, prefix: String, flooding: Bool = false) throws -> [BenchmarkResult] {
        let catalog = try SoundCatalog.locate()
        let engine = try SpatialAudioEngine()
        var looping: [SpatialSource] = []
        for (index, entry) in catalog.entries.filter({ $0.loop }).prefix(3).enumerated() {
            let source = try engine.makeSource(
                buffer: try engine.loadBuffer(file: entry.fileURL),
                bearing: Bearing(degrees: Double(index) * 120), gainDB: entry.gainDB, looping: true)
            source.play()
            looping.append(source)
        }
        // Decoded once: the benchmark times uploads (what holds OpenAL's buffer lock), not file decoding.
        let sounds = try catalog.entries.map { try AudioFileReader.readMono($0.fileURL) }
        let output = try SDLAudioOutput(engine: engine, keepingContext: keepingContext)
        output.start()
        let clock = SystemClock()
        let start = clock.now()
        var loaded: [SpatialSource] = []
        var tick = 0
        var commands = 0
        while flooding && clock.now() - start < seconds {
            for (index, source) in looping.enumerated() {
                source.bearing = Bearing(degrees: Double(index) * 120 + Double(commands % 360))
                source.gainDB = -Double(commands % 7)
                commands += 2
            }
        }
        while !flooding && clock.now() - start < seconds {
            tick += 1
            engine.heading = Bearing(degrees: Double(tick) * 1.5)
            engine.masterGainDB = tick % 120 < 60 ? 0 : -3
            for (index, source) in looping.enumerated() {
                source.bearing = Bearing(degrees: Double(index) * 120 + Double(tick))
                source.gainDB = -Double(tick % 7)
            }
            let source = try engine.makeSource(
                buffer: try engine.makeBuffer(sounds[tick % sounds.count], name: "bench"),
                bearing: Bearing(degrees: Double(tick * 37 % 360)), gainDB: -20)
            source.play()
            loaded.append(source)
            if loaded.count > 8 { loaded.removeFirst().stop() }
            let wait = start + Double(tick) / gameRate - clock.now()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        }
        output.pause()
        let statistics = engine.renderWaitStatistics
        let records = output.callbackRecords()
        let longest = output.longestCallbackSeconds
        output.close()
        guard !records.isEmpty else { throw CallbackWaitBenchmarkError.noCallbacks }
        let durations = records.map(\.seconds).sorted()
        let p99 = durations[min(durations.count - 1, durations.count * 99 / 100)]
        let longestUnpreempted = records.filter { !$0.preempted }.map(\.seconds).max() ?? 0
        return [
            BenchmarkResult(
                name: prefix + "_wait_max_us", value: statistics.longestAcquireSeconds * 1e6, unit: "us"),
            BenchmarkResult(name: prefix + "_waits", value: Double(statistics.waits), unit: "count"),
            BenchmarkResult(name: prefix + "_max_us", value: longest * 1e6, unit: "us"),
            BenchmarkResult(name: prefix + "_p99_us", value: p99 * 1e6, unit: "us"),
            BenchmarkResult(
                name: prefix + "_max_unpreempted_us", value: longestUnpreempted * 1e6, unit: "us"),
            BenchmarkResult(
                name: prefix + "_blocked", value: Double(records.filter(\.blocked).count), unit: "count"),
            BenchmarkResult(
                name: prefix + "_preempted", value: Double(records.filter(\.preempted).count), unit: "count"),
            BenchmarkResult(name: prefix + "_count", value: Double(durations.count), unit: "count"),
            BenchmarkResult(
                name: prefix + "_deferred_blocks", value: Double(statistics.deferredBlocks), unit: "count"),
            flooding
                ? BenchmarkResult(name: prefix + "_commands", value: Double(commands), unit: "count")
                : BenchmarkResult(name: prefix + "_game_ticks_with_upload", value: Double(tick), unit: "count"),
            BenchmarkResult(name: prefix + "_context_binds", value: Double(statistics.contextBinds), unit: "count"),
        ]
    }
}

/// The dummy driver never called back: nothing was measured.
enum CallbackWaitBenchmarkError: Error, CustomStringConvertible {
    case noCallbacks

    var description: String {
        "The audio callback benchmark saw no callbacks: SDL's audio device never started (try SDL_AUDIODRIVER=dummy)."
    }
}
