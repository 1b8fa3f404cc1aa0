// Sample trials and protocols shared by the StudyKit tests.
import Foundation
import GameCore
import StudyRecords

@testable import StudyKit

enum Fixtures {
    static let start = Date(timeIntervalSince1970: 1_795_000_000.25)

    static func row(round: Int = 1, targetIndex: Int = 1, deviation: Double = -12.5, condition: String = "two-targets")
        -> TrialRow
    {
        TrialRow(
            sessionID: "20261121T201500Z-3f9c", participant: "P07", platform: "linux-sdl2", input: "keyboard",
            hrtf: "Built-In HRTF", condition: condition, background: false, round: round, targetsInRound: 2,
            targetIndex: targetIndex, target: "frog", targetBearingDeg: 300.25, aimBearingDeg: 312.75,
            deviationDeg: deviation, absDeviationDeg: abs(deviation), frontBackConfusion: false,
            onsetAt: start, shotAt: start.addingTimeInterval(2.345), timeS: 2.345, frontBackReversal: false,
            sessionIndex: 1, hrtfSHA256: "1ca0baa0b06a302df1b4bcaff1b400c764513456ca27a02080388e47d18d6f12",
            protocolName: "thesis-study", onsetFrame: 5_306, onsetUncertaintyMS: 0.125)
    }

    static let environment = SessionEnvironment(
        appVersion: "0.1.0-test", input: "bot-ideal", hrtf: "Built-In HRTF",
        audioDevice: "loopback", sampleRate: 48_000, os: "test OS")

    /// A photo of the given target of a round of `plan`, aimed `offset` degrees left of it.
    static func trial(_ plan: RoundPlan, targetIndex: Int, offset: Double = 3, at time: Double = 10) -> TrialResult {
        TrialResult(
            condition: plan.condition, level: plan.level, background: plan.backgroundSound != nil,
            round: plan.round, targetsInRound: plan.targetSounds.count, targetIndex: targetIndex,
            target: plan.targetSounds[targetIndex - 1], targetBearing: Bearing(degrees: 90),
            aimBearing: Bearing(degrees: 90 - offset), roundStartHeading: .forward,
            onsetTime: MonotonicTime(seconds: time), shotTime: MonotonicTime(seconds: time + 1.5),
            onsetAt: start.addingTimeInterval(time), shotAt: start.addingTimeInterval(time + 1.5),
            input: .bot("ideal"))
    }

    static var examplesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
    }

    static func parse(_ json: String) throws -> StudyProtocol {
        try ProtocolFile.parse(Data(json.utf8), file: "test.json")
    }
}
