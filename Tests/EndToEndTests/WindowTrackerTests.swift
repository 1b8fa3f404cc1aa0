// A real window steered by real head-tracker packets: calibration, photos at the sent yaw, pause on silence.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowTrackerTests {
        /// trials.csv as dictionaries by column name.
        private func rows(_ window: WindowSession, _ session: URL, file: String = "trials.csv") throws -> [[String:
            String]]
        {
            let lines = try String(contentsOf: session.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").map {
                    $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
            guard let header = lines.first else { return [] }
            return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        }

        @Test func opentrackPacketsCalibrateSteerThePhotosAndASilentTrackerPausesTheRoundUntilDataReturns() async throws
        {
            let window = try WindowSession(name: "window-opentrack")
            let port = TrackerSender.port()
            // Forward is raw yaw 20; turning right raises it (sign +1); the photos are at raw 57 and 300,
            // that is bearings 37 and 280. After the first photo the tracker falls silent until the pause shows.
            let sender = try TrackerSender(
                kind: "opentrack", port: port, screenshots: window.screenshots,
                phases: [
                    .init(after: "", yaw: 20), .init(after: "turn-right", yaw: 60),
                    .init(after: "headphone-check", yaw: 57), .init(after: "intermediate", yaw: nil),
                    .init(after: "paused", yaw: 300, delaySeconds: 1),
                ])
            defer { sender.stop() }
            let script = [
                "wait menu", "key Return", "wait tracker-calibration", "see raw yaw 20.0°", "key Space",
                "shot turn-right",
                "wait headphone-check", "key Left", "key Right",
                "wait running", "key Space", "wait intermediate", "key Return",
                "wait paused", "wait running", "key Space", "wait round-result", "key Return",
                "wait summary", "key Return",
            ]
            let output = try await window.run(
                [
                    "play", "--participant", "H01", "--mode", "two-targets", "--rounds", "1", "--input",
                    "opentrack:\(port)",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            guard let session = try window.sessionFolders(participant: "H01").first else {
                Issue.record("no session: \(output.stderr)")
                return
            }
            let trials = try rows(window, session)
            #expect(trials.count == 2)
            #expect(trials.allSatisfy { $0["input"] == "opentrack" })
            let aims = trials.compactMap { $0["aim_bearing_deg"].flatMap(Double.init) }
            #expect(aims.count == 2)
            if aims.count == 2 {
                #expect(abs(aims[0] - 37) <= 0.5, "first photo at raw yaw 57 − forward 20: \(aims)")
                #expect(abs(aims[1] - 280) <= 0.5, "second photo at raw yaw 300 − 20: \(aims)")
            }
            let tracker = try rows(window, session, file: "tracker.csv")
            let events = tracker.filter { $0["event"] != "sample" }.compactMap { $0["event"] }
            #expect(events == ["calibration", "silent", "returned"], "\(events)")
            let calibration = tracker.first { $0["event"] == "calibration" }
            #expect(calibration?["forward_raw_yaw_deg"] == "20.000")
            #expect(calibration?["yaw_sign"] == "1")
            #expect(
                tracker.contains {
                    $0["event"] == "sample" && $0["raw_yaw_deg"] == "57.000" && $0["heading_deg"] == "37.000"
                })
            #expect(tracker.contains { Int($0["malformed_total"] ?? "") ?? 0 > 0 }, "malformed datagrams are counted")
            #expect(window.screensShown().contains("paused"))
        }

        @Test func oscsendMessagesWithAGivenYawSignSteerAPhoto() async throws {
            let window = try WindowSession(name: "window-osc")
            let port = TrackerSender.port()
            // The IEM SceneRotator's yaw shrinks turning right: --tracker-yaw-sign -1, forward at raw 10.
            let sender = try TrackerSender(
                kind: "osc", port: port, screenshots: window.screenshots,
                phases: [.init(after: "", yaw: 10), .init(after: "headphone-check", yaw: -113.4)],
                oscAddress: "/SceneRotator/ypr")
            defer { sender.stop() }
            let script = [
                "wait menu", "key Return", "wait tracker-calibration", "see raw yaw 10.0°", "key Space",
                "wait headphone-check", "key Left", "key Right",
                "wait running", "key Space", "wait round-result", "key Return", "wait summary", "key Return",
            ]
            let output = try await window.run(
                [
                    "play", "--participant", "H02", "--mode", "one-target", "--rounds", "1", "--input", "osc:\(port)",
                    "--tracker-yaw-sign", "-1",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            guard let session = try window.sessionFolders(participant: "H02").first else {
                Issue.record("no session: \(output.stderr)")
                return
            }
            let trials = try rows(window, session)
            #expect(trials.count == 1)
            #expect(trials.first?["input"] == "osc")
            let aim = trials.first?["aim_bearing_deg"].flatMap(Double.init) ?? -1
            #expect(abs(aim - 123.4) <= 0.5, "−1 × (−113.4 − 10) = 123.4: \(aim)")
            let calibration = try rows(window, session, file: "tracker.csv").first { $0["event"] == "calibration" }
            #expect(calibration?["yaw_sign"] == "-1")
            #expect(calibration?["address"] == "/SceneRotator/ypr")
            #expect(calibration?["detail"] == "sign from --tracker-yaw-sign")
        }
    }
}
