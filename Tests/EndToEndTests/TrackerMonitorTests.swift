// `soundsafari tracker monitor` with real packets: python's struct for opentrack, liblo's oscsend for OSC.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized) struct TrackerMonitorTests {
    private func lines(_ output: CommandOutput) -> [[String: Any]] {
        output.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func opentrackDatagramsArePrintedAsOneJSONObjectEachAndMalformedOnesCounted() throws {
        let port = TrackerSender.port()
        let sender = try TrackerSender(
            kind: "opentrack", port: port, screenshots: URL(fileURLWithPath: "/nonexistent"),
            phases: [.init(after: "", yaw: 33.25)])
        defer { sender.stop() }
        let output = try SoundSafariBinary.run(["tracker", "monitor", "--input", "opentrack:\(port)", "--seconds", "2"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let objects = lines(output)
        #expect(objects.count >= 20, "a 50 Hz sender for 2 s: \(output.stdout.prefix(300))")
        #expect(objects.count == output.stdout.split(separator: "\n").count, "every line is one JSON object")
        for object in objects {
            #expect(object["raw_yaw_deg"] as? Double == 33.25)
            #expect(object["raw_pitch_deg"] as? Double == 4)
            #expect(object["raw_roll_deg"] as? Double == 5)
            #expect(object["heading_deg"] as? Double == 33.25)
            #expect(object["address"] as? String == "opentrack")
            #expect((object["time"] as? String)?.hasSuffix("Z") == true)
        }
        let malformed = output.stderr.split(separator: "\n").last.flatMap { line in
            line.split(separator: ";").last?.split(separator: " ").first.flatMap { Int($0) }
        }
        #expect((malformed ?? 0) >= 1, "the summary counts the malformed datagrams: \(output.stderr)")
    }

    @Test func oscsendsSceneRotatorMessagesArePrintedWithTheGivenYawSign() throws {
        let port = TrackerSender.port()
        let sender = try TrackerSender(
            kind: "osc", port: port, screenshots: URL(fileURLWithPath: "/nonexistent"),
            phases: [.init(after: "", yaw: -45.5)], oscAddress: "/SceneRotator/ypr")
        defer { sender.stop() }
        let output = try SoundSafariBinary.run([
            "tracker", "monitor", "--input", "osc:\(port)", "--seconds", "2", "--tracker-yaw-sign", "-1",
        ])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let objects = lines(output)
        #expect(!objects.isEmpty, "stderr: \(output.stderr)")
        for object in objects {
            #expect(object["address"] as? String == "/SceneRotator/ypr")
            #expect(object["raw_yaw_deg"] as? Double == -45.5)
            #expect(object["heading_deg"] as? Double == 45.5)
        }
        #expect(output.stderr.contains("malformed"))
    }

    @Test func aBadInputOrPortIsOneSentenceAndAFailure() throws {
        for (arguments, expected) in [
            (["--input", "keyboard"], "use --input opentrack[:PORT] or osc[:PORT]"),
            (["--input", "opentrack:99"], "not a number from 1024 to 65535"),
            (["--input", "osc", "--seconds", "0"], "must be a positive number"),
            (["--input", "osc", "--tracker-yaw-sign", "2"], "is not +1 or -1"),
        ] {
            let output = try SoundSafariBinary.run(["tracker", "monitor"] + arguments)
            #expect(output.status != 0)
            #expect(output.stderr.contains(expected), "\(arguments): \(output.stderr)")
        }
    }

    @Test func aPortInUseIsSaid() throws {
        let port = TrackerSender.port()
        // This test process holds the port while the monitor tries it.
        let holder = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(holder, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(bound == 0)
        let output = try SoundSafariBinary.run(["tracker", "monitor", "--input", "opentrack:\(port)", "--seconds", "1"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("UDP port \(port) for opentrack is already in use"), "\(output.stderr)")
    }
}
