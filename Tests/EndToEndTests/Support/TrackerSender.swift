// A head tracker for the tests: python3 sends real opentrack datagrams (struct) or runs liblo's `oscsend`.
import Foundation

/// Sends packets every 20 ms from a separate process, as a real tracker would, with a yaw that follows the
/// game's screens: each phase starts when a screenshot `NN-<screen>.png` exists (plus an optional delay),
/// so the tracker turns exactly when the test's story needs it, without timing guesses. A yaw of `nil`
/// sends nothing (a tracker gone silent). Every tenth packet is followed by a malformed one (opentrack: a
/// 10-byte datagram; OSC: `/ypr` with a string), which the game must count and ignore.
final class TrackerSender {
    struct Phase {
        /// The screenshot (screen or `shot` name) that starts this phase; "" for the first phase.
        var after: String
        var yaw: Double?
        var delaySeconds = 0.0
    }

    private let folder: URL

    static let script = """
        import json, os, socket, struct, subprocess, sys, time
        # Pipes of other tests' processes, spawned at the same moment, may have leaked in: let them go.
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))
        kind, port, shots, address = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
        phases = json.loads(sys.argv[5])
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        seen, count, end = {}, 0, time.time() + 300
        def osc(*arguments):
            subprocess.run(["oscsend", "127.0.0.1", str(port)] + list(arguments), stderr=subprocess.DEVNULL)
        stop = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stop")
        while time.time() < end and not os.path.exists(stop):  # the test creates `stop` when done
            names = os.listdir(shots) if os.path.isdir(shots) else []
            yaw = phases[0][1]
            for after, value, delay in phases[1:]:
                if not any(n.endswith("-" + after + ".png") for n in names):
                    break
                seen.setdefault(after, time.time())
                if time.time() - seen[after] < delay:
                    break
                yaw = value
            if yaw is not None:
                count += 1
                if kind == "opentrack":
                    sock.sendto(struct.pack("<6d", 1.0, 2.0, 3.0, yaw, 4.0, 5.0), ("127.0.0.1", port))
                    if count % 10 == 0:
                        sock.sendto(b"malformed!", ("127.0.0.1", port))
                else:
                    if address == "/soundsafari/heading":
                        osc(address, "f", str(yaw))
                    else:
                        osc(address, "fff", str(yaw), "0", "0")
                    if count % 10 == 0:
                        osc("/ypr", "s", "malformed")
            time.sleep(0.02)
        """

    /// Starts sending to 127.0.0.1:`port`; `screenshots` is the folder the window saves its screens in.
    init(kind: String, port: UInt16, screenshots: URL, phases: [Phase], oscAddress: String = "/ypr") throws {
        folder = try SoundSafariBinary.temporaryDirectory("tracker-sender")
        let scriptURL = folder.appendingPathComponent("sender.py")
        try Self.script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let phaseList = phases.map { [$0.after, $0.yaw.map { $0 as Any } ?? NSNull(), $0.delaySeconds] as [Any] }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: phaseList), as: UTF8.self)
        // Started in the background by a shell that exits at once: Foundation's Process hangs in
        // waitUntilExit of one child while another child of it lives on, and starts children with SIGTERM
        // blocked. The sender stops when `stop` appears in its folder (or after 200 s).
        let quoted = [scriptURL.path, kind, String(port), screenshots.path, oscAddress, json].map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "python3 \(quoted.joined(separator: " ")) </dev/null >/dev/null 2>&1 &"]
        try shell.run()
        shell.waitUntilExit()
    }

    deinit { stop() }

    func stop() {
        FileManager.default.createFile(atPath: folder.appendingPathComponent("stop").path, contents: nil)
        // The sender checks every 20 ms; its folder goes once it has stopped reading it.
        Thread.sleep(forTimeInterval: 0.2)
        try? FileManager.default.removeItem(at: folder)
    }

    /// A free UDP port for the game under test to listen on: the kernel picks one (bind to port 0, read it back,
    /// let it go), so parallel tests and other programs never share one. The game binds it a moment later.
    static func port() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = INADDR_ANY
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : 0
    }
}
