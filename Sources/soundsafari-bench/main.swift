// `soundsafari-bench` (run by `make bench`): the game side's benchmarks, one "name value unit" line each.
import Foundation

/// Each area of the game contributes its own suite (*Benchmarks.swift beside this file).
let suites: [(name: String, run: () throws -> [BenchmarkResult])] = [
    ("study", StudyBenchmarks.run),
    ("game", GameBenchmarks.run),
    ("audio", AudioBenchmarks.run),
    ("audio-callback", CallbackWaitBenchmark.run),
    ("output-stage", OutputStageBenchmarks.run),
    ("ui", UIBenchmarks.run),
]

do {
    for suite in suites {
        for result in try suite.run() { print(result.line) }
    }
} catch {
    FileHandle.standardError.write(Data("soundsafari-bench: \(error)\n".utf8))
    exit(1)
}
