// Frame drawing cost of the window's screens (GameUI measures; this names the figures).
import GameUI

enum UIBenchmarks {
    static func run() throws -> [BenchmarkResult] {
        try ScreenFrameTimes.measure().flatMap { timing in
            [
                BenchmarkResult(name: "ui.frame.\(timing.screen).mean", value: timing.meanMs, unit: "ms"),
                BenchmarkResult(name: "ui.frame.\(timing.screen).max", value: timing.maxMs, unit: "ms"),
            ]
        }
    }
}
