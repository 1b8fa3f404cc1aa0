// `soundsafari-bench` (run by `make bench`): the game side's benchmarks, one "name value unit" line each.
import Foundation

/// Each area of the game contributes its own suite (*Benchmarks.swift beside this file).
let suites: [(name: String, run: () throws -> [BenchmarkResult])] = [
    ("study", StudyBenchmarks.run),
    ("game", GameBenchmarks.run),
    ("audio", AudioBenchmarks.run),
    ("audio-callback", CallbackWaitBenchmark.run),
    ("output-stage", OutputStageBenchmarks.run),
    ("audio-motion", MotionToSoundBenchmark.run),
    ("ui", UIBenchmarks.run),
    ("tracker", TrackerBenchmarks.run),
    ("animals", AnimalBenchmarks.run),
]
/// Suite names on the command line run only those (e.g. `soundsafari-bench tracker`); none runs all.
let chosen = Set(CommandLine.arguments.dropFirst())

do {
    for suite in suites where chosen.isEmpty || chosen.contains(suite.name) {
        for result in try suite.run() { print(result.line) }
    }
} catch {
    FileHandle.standardError.write(Data("soundsafari-bench: \(error)\n".utf8))
    exit(1)
}
