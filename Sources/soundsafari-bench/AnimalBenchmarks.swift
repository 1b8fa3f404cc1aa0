// The recorded animals: importing and measuring the whole library, and the engine's render speed with them.
import Foundation
import GameCore
import SpatialAudio

/// `make bench`'s animals suite. The import runs as a user runs it (`soundsafari sounds import` from the
/// bench's own build folder, into a throwaway data folder), so its wall time and its peak resident memory are
/// the command's own (getrusage of the waited-for child). Render speed is seconds of audio per second of
/// process CPU, two looping sources at a time: the synthesised frog and blue jay, then two recorded calls.
enum AnimalBenchmarks {
    static func run() throws -> [BenchmarkResult] {
        guard !AnimalLibrary.recordings(in: AnimalLibrary.debianStamps).isEmpty else {
            throw BenchmarkFailure(
                "no recorded animals in \(AnimalLibrary.debianStamps.path): install tuxpaint-stamps-default")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundsafari-bench-animals-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (seconds, peakMB) = try importInChild(dataHome: folder)
        let library = AnimalLibrary.standard(environment: ["XDG_DATA_HOME": folder.path])
        let calls = try library.calls()
        let recorded = try library.entries()
        let catalog = try SoundCatalog.locate()
        let synthesised = [try catalog.entry(named: "frog"), try catalog.entry(named: "bluejay")]
        return [
            BenchmarkResult(name: "animals.import_library", value: seconds, unit: "s"),
            BenchmarkResult(name: "animals.import_peak_rss", value: peakMB, unit: "MiB"),
            BenchmarkResult(name: "animals.import_calls", value: Double(calls.count), unit: "calls"),
            BenchmarkResult(name: "animals.import_accepted", value: Double(recorded.count), unit: "calls"),
            BenchmarkResult(
                name: "animals.render.realtime_factor_2_synthesised", value: try realTimeFactor(synthesised),
                unit: "x"),
            BenchmarkResult(
                name: "animals.render.realtime_factor_2_recorded", value: try realTimeFactor(Array(recorded.prefix(2))),
                unit: "x"),
        ]
    }

    /// `soundsafari sounds import` with `XDG_DATA_HOME` set to `dataHome`: wall seconds and peak RSS in MiB.
    private static func importInChild(dataHome: URL) throws -> (seconds: Double, peakMB: Double) {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("soundsafari")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["sounds", "import"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let clock = SystemClock()
        let start = clock.now()
        try process.run()
        process.waitUntilExit()
        let seconds = clock.now() - start
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("`\(executable.path) sounds import` exited with \(process.terminationStatus)")
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        // Linux reports ru_maxrss in KiB.
        return (seconds, Double(usage.ru_maxrss) / 1024)
    }

    /// 20 s rendered in 512-frame blocks from `entries` looping at bearings 120° apart, the listener turning.
    private static func realTimeFactor(_ entries: [SoundEntry]) throws -> Double {
        let engine = try SpatialAudioEngine()
        var sources: [SpatialSource] = []
        for (index, entry) in entries.enumerated() {
            let source = try engine.makeSource(
                buffer: try engine.loadBuffer(file: entry.fileURL), bearing: Bearing(degrees: Double(index) * 120 + 30),
                gainDB: entry.gainDB, looping: true)
            source.play()
            sources.append(source)
        }
        let blockFrames = 512
        let blocks = 20 * SpatialAudioEngine.sampleRate / blockFrames
        var buffer = [Float](repeating: 0, count: blockFrames * 2)
        let cpuStart = cpuSeconds()
        for block in 0..<blocks {
            engine.heading = Bearing(degrees: Double(block) * 0.5)
            buffer.withUnsafeMutableBufferPointer { engine.render(into: $0) }
        }
        let cpu = cpuSeconds() - cpuStart
        return Double(blocks * blockFrames) / Double(SpatialAudioEngine.sampleRate) / cpu
    }

    private static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A benchmark that cannot run, in one sentence.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
