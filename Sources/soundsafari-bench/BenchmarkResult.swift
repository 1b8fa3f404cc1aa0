// One benchmark figure as `make bench` prints it: name, value, unit.
import Foundation

struct BenchmarkResult: Sendable {
    let name: String
    let value: Double
    let unit: String

    var line: String { "\(name) \(String(format: "%.6g", value)) \(unit)" }
}
