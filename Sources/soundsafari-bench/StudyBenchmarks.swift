// StudyKit's benchmarks: the cost of a crash-safe (fsync'ed) trial row, CSV encoding and reading a log back.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import TidyFormats

enum StudyBenchmarks {
    static func run() throws -> [BenchmarkResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundsafari-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SystemClock()
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            let start = clock.now()
            try body()
            return clock.now() - start
        }

        // What the game waits for at each photo: one row written and fsync'ed.
        let log = try TrialLog.create(at: folder.appendingPathComponent("trials.csv"))
        var appendTimes: [Double] = []
        for round in 1...200 {
            let row = sampleRow(round: round)
            appendTimes.append(try seconds { try log.append(row) })
        }
        appendTimes.sort()

        // Encoding alone (no disk): how much of a row's cost is the CSV writer.
        let encodeCount = 100_000
        let rows = (1...encodeCount).map { sampleRow(round: $0) }
        var bytes = 0
        let encodeTime = seconds { for row in rows { bytes += CSVWriter.line(row.values).utf8.count } }

        // Reading back a long log (resume, inspection): libcsv parse plus typed conversion of every field.
        let big = folder.appendingPathComponent("big.csv")
        let lines =
            CSVWriter.headerLine(TrialRow.columns) + rows.prefix(20_000).map { CSVWriter.line($0.values) }.joined()
        try lines.write(to: big, atomically: true, encoding: .utf8)
        var readCount = 0
        let readCPUBefore = threadCPUSeconds()
        let readTime = try seconds { readCount = try TrialRow.readAll(from: big).count }
        let readCPU = threadCPUSeconds() - readCPUBefore
        // The peer reads the same file in the same run (scripts/read-csv-peer.py, pandas.read_csv).
        if let keep = ProcessInfo.processInfo.environment["SOUNDSAFARI_BENCH_TRIALS_CSV"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: big, to: URL(fileURLWithPath: keep))
        }

        return [
            BenchmarkResult(
                name: "study.trial_row_append_fsync_median", value: appendTimes[appendTimes.count / 2] * 1000,
                unit: "ms"),
            BenchmarkResult(
                name: "study.trial_row_append_fsync_p99", value: appendTimes[appendTimes.count * 99 / 100] * 1000,
                unit: "ms"),
            BenchmarkResult(
                name: "study.csv_encode_rows_per_s", value: Double(encodeCount) / encodeTime, unit: "rows/s"),
            BenchmarkResult(
                name: "study.trials_csv_read_rows_per_s", value: Double(readCount) / readTime, unit: "rows/s"),
            // The same read by its CPU time: the wall-clock figure swings with the load of a shared machine.
            BenchmarkResult(
                name: "study.trials_csv_read_cpu_rows_per_s", value: Double(readCount) / readCPU, unit: "rows/s"),
        ]
    }

    static func sampleRow(round: Int) -> TrialRow {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        return TrialRow(
            sessionID: "20261121T201500Z-3f9c", participant: "P07", platform: "linux-sdl2", input: "keyboard",
            hrtf: "Built-In HRTF", condition: "two-targets-background", background: true, round: round,
            targetsInRound: 2, targetIndex: 1 + round % 2, target: "bluejay",
            targetBearingDeg: Double(round % 360), aimBearingDeg: Double((round * 7) % 360),
            deviationDeg: -12.345, absDeviationDeg: 12.345, frontBackConfusion: round % 5 == 0,
            onsetAt: start, shotAt: start.addingTimeInterval(2.5), timeS: 2.5,
            frontBackReversal: round % 10 == 0, sessionIndex: 1, protocolName: "thesis-study")
    }
}
