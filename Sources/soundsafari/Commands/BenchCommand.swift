// `soundsafari bench`: the game side's benchmarks, one "name value unit" line each (run by `make bench`).
import ArgumentParser

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the game-side benchmarks and print one 'name value unit' line each.",
        shouldDisplay: false)

    /// Each area of the game contributes its own suite (Bench/*Benchmarks.swift).
    static let suites: [(name: String, run: @Sendable () throws -> [BenchmarkResult])] = [
        ("study", StudyBenchmarks.run),
        ("game", GameBenchmarks.run),
        ("audio", AudioBenchmarks.run),
        ("audio-callback", CallbackWaitBenchmark.run),
        ("ui", UIBenchmarks.run),
    ]

    func run() throws {
        for suite in Self.suites {
            for result in try suite.run() { print(result.line) }
        }
    }
}
