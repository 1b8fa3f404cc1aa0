// One benchmark figure as `make bench` prints it: name, value, unit.
import Foundation

struct BenchmarkResult: Sendable {
    let name: String
    let value: Double
    let unit: String

    var line: String { "\(name) \(String(format: "%.6g", value)) \(unit)" }
}

/// CPU time (user + system) of the calling thread so far: on a machine shared with other work, steadier than the wall
/// clock for a figure measured on one thread.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}
