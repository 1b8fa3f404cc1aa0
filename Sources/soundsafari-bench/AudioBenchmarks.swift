// Audio benchmarks: engine start-up time and render speed with three looping HRTF sources, in game-sized blocks.
import Foundation
import GameCore
import GameUI
import SessionRuntime
import SpatialAudio

/// `make bench`'s audio suite. Render speed is reported as a real-time factor: seconds of audio rendered
/// per second of CPU (process CPU time, so other processes on the machine do not count against it).
enum AudioBenchmarks {
    static func run() throws -> [BenchmarkResult] {
        let catalog = try SoundCatalog.locate()
        return try startUp() + rendering(catalog: catalog) + metering(catalog: catalog)
    }

    /// The interaural meter on a 250 ms block (what the listener bot measures per listen): full ILD + ITD
    /// search over ±1 ms, and ILD only (`maximumLagSeconds: 0`).
    private static func metering(catalog: SoundCatalog) throws -> [BenchmarkResult] {
        let engine = try SpatialAudioEngine()
        let entry = try catalog.entry(named: "frog")
        let source = try engine.makeSource(
            buffer: try engine.loadBuffer(file: entry.fileURL), bearing: Bearing(degrees: 60), looping: true)
        source.play()
        let block = engine.render(frames: SpatialAudioEngine.sampleRate / 4)
        let clock = SystemClock()
        func seconds(repeats: Int, _ body: () -> Void) -> Double {
            let start = clock.now()
            for _ in 0..<repeats { body() }
            return (clock.now() - start) / Double(repeats)
        }
        let full = seconds(repeats: 20) { _ = InterauralMeter.measure(interleaved: block) }
        let levelOnly = seconds(repeats: 20) { _ = InterauralMeter.measure(interleaved: block, maximumLagSeconds: 0) }
        return [
            BenchmarkResult(name: "audio.meter.ild_itd_250ms", value: full * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.meter.ild_only_250ms", value: levelOnly * 1000, unit: "ms"),
        ]
    }

    /// Engine start-up (loopback device, HRTF load, context), median and worst of 7.
    private static func startUp() throws -> [BenchmarkResult] {
        let clock = SystemClock()
        var times: [Double] = []
        for _ in 0..<7 {
            let start = clock.now()
            _ = try SpatialAudioEngine()
            times.append(clock.now() - start)
        }
        times.sort()
        return [
            BenchmarkResult(name: "audio.engine.startup_median", value: times[times.count / 2] * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.engine.startup_worst", value: times.last! * 1000, unit: "ms"),
        ]
    }

    /// 20 s of output in 512-frame blocks (the SDL default) from frog, blue jay and ambience looping at three
    /// bearings, the listener turning a little every block as a player would.
    private static func rendering(catalog: SoundCatalog) throws -> [BenchmarkResult] {
        let engine = try SpatialAudioEngine()
        var sources: [SpatialSource] = []
        for (index, entry)
            in ([try catalog.entry(named: "frog"), try catalog.entry(named: "bluejay")]
            + catalog.entries(role: .background).prefix(1)).enumerated()
        {
            let source = try engine.makeSource(
                buffer: try engine.loadBuffer(file: entry.fileURL),
                bearing: Bearing(degrees: Double(index) * 120 + 30), gainDB: entry.gainDB, looping: true)
            source.play()
            sources.append(source)
        }
        let blockFrames = 512
        let blocks = 20 * SpatialAudioEngine.sampleRate / blockFrames
        var buffer = [Float](repeating: 0, count: blockFrames * 2)
        // CPU time per block is what the engine costs; wall time adds whatever else the machine was doing.
        var blockCPUTimes: [Double] = []
        var blockWallTimes: [Double] = []
        blockCPUTimes.reserveCapacity(blocks)
        blockWallTimes.reserveCapacity(blocks)
        let clock = SystemClock()
        let cpuStart = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID)
        for block in 0..<blocks {
            engine.heading = Bearing(degrees: Double(block) * 0.5)
            let wallStart = clock.now()
            let threadStart = cpuSeconds(CLOCK_THREAD_CPUTIME_ID)
            buffer.withUnsafeMutableBufferPointer { engine.render(into: $0) }
            blockCPUTimes.append(cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - threadStart)
            blockWallTimes.append(clock.now() - wallStart)
        }
        let cpu = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart
        let audioSeconds = Double(blocks * blockFrames) / Double(SpatialAudioEngine.sampleRate)
        blockCPUTimes.sort()
        blockWallTimes.sort()
        let p99 = blocks * 99 / 100
        let blockSeconds = Double(blockFrames) / Double(SpatialAudioEngine.sampleRate)
        return [
            BenchmarkResult(name: "audio.render.realtime_factor_3_sources", value: audioSeconds / cpu, unit: "x"),
            BenchmarkResult(
                name: "audio.render.block512_cpu_median", value: blockCPUTimes[blocks / 2] * 1e6, unit: "us"),
            BenchmarkResult(name: "audio.render.block512_cpu_p99", value: blockCPUTimes[p99] * 1e6, unit: "us"),
            BenchmarkResult(name: "audio.render.block512_wall_p99", value: blockWallTimes[p99] * 1e6, unit: "us"),
            BenchmarkResult(name: "audio.render.block512_wall_worst", value: blockWallTimes.last! * 1e6, unit: "us"),
            BenchmarkResult(name: "audio.render.block512_budget", value: blockSeconds * 1e6, unit: "us"),
        ]
    }

    private static func cpuSeconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
