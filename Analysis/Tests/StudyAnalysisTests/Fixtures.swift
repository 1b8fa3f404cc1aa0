// Test support: paths of the fixtures and the reference values written next to them by R and scipy.
import Foundation
import Testing

@testable import StudyAnalysis

enum Fixtures {
    static let folder: String = {
        // Analysis/Tests/StudyAnalysisTests/Fixtures.swift -> Analysis/Fixtures
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
    }()

    static func path(_ name: String) -> String { folder + "/" + name }

    /// `key = value` lines; `#` lines are comments (the source is written at the top of each file).
    static func references(_ file: String) -> [String: Double] {
        let text = (try? String(contentsOfFile: path(file), encoding: .utf8)) ?? ""
        var result: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let v = Double(parts[1]) { result[parts[0]] = v }
        }
        return result
    }

    /// Expects `ours` within `tolerance` (relative, absolute below 1) of R's `key` in `reference`.
    static func expectClose(
        _ ours: Double?, _ key: String, in reference: [String: Double], tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let theirs = reference[key] else {
            Issue.record("no R value \(key)", sourceLocation: sourceLocation)
            return
        }
        guard let ours else {
            Issue.record("\(key): R has \(theirs), ours is missing", sourceLocation: sourceLocation)
            return
        }
        #expect(
            abs(ours - theirs) <= tolerance * max(1, abs(theirs)), "\(key): \(ours) vs R \(theirs)",
            sourceLocation: sourceLocation)
    }

    static let r = references("r-reference.txt")
    static let scipy = references("scipy-reference.txt")
    static let mixed = references("mixed-reference.txt")
    static let issue14 = references("issue14-reference.txt")

    static func load(
        _ file: String, value: String, by: [String] = [], subject: String? = nil, keepValues: Bool = true,
        participants: String? = nil, filters: [String] = []
    ) throws -> StudyData {
        var options = LoadOptions(value: value, factors: by, subject: subject)
        options.filters = try filters.map { try RowFilter(parsing: $0) }
        options.participantsFile = participants.map(path)
        options.keepValues = keepValues
        options.showProgress = false
        return try StudyData.load(paths: [path(file)], options: options)
    }

    static func groups(_ data: StudyData) -> [GroupAccumulator] { data.sortedGroupKeys.map { data.groups[$0]! } }

    /// A scratch folder for tests that write files.
    static func temporaryFolder() -> String {
        let folder = NSTemporaryDirectory() + "soundsafari-analyze-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// |a - b| <= tolerance * max(1, |b|): relative for big numbers, absolute near zero.
func close(_ a: Double, _ b: Double?, _ tolerance: Double = 1e-10) -> Bool {
    guard let b else { return false }
    return abs(a - b) <= tolerance * max(1, abs(b))
}

/// Significant digits on which a and b agree.
func agreeingDigits(_ a: Double, _ b: Double) -> Double {
    if a == b { return 17 }
    return -log10(abs(a - b) / abs(b))
}
