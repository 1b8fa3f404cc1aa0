// An X server per window test run, and how many run at once: window tests side by side, never sharing a display.
import Foundation

/// An Xvfb of one run's own. `-displayfd` lets the server take the first free display number itself and tell
/// it, so runs starting at the same moment never race for a number (as `xvfb-run -a` can).
struct WindowDisplay {
    let process: Process
    let name: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func start() throws -> WindowDisplay {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-noreset"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw Failure(description: "Xvfb could not be started (\(error)): install xvfb (scripts/install-deps.sh).")
        }
        // The number comes as one line once the server accepts clients; end of file means it gave up.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty {
                process.waitUntilExit()
                throw Failure(description: "Xvfb ended (\(process.terminationStatus)) before it named its display.")
            }
            line.append(chunk)
        }
        let number = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(number) != nil else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "Xvfb named its display as “\(number)”, not a number.")
        }
        return WindowDisplay(process: process, name: ":" + number)
    }

    /// SIGKILL: a process started from a test's thread inherits that thread's blocked signals, SIGTERM among them,
    /// so `terminate()` left every Xvfb running and its test waiting forever. The server's stale lock file is
    /// taken over by the next Xvfb that picks the number.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// How many game windows run at once. Each mostly waits for its game's clock (a window test used about a tenth
/// of a core), so a few side by side shorten the suite without overloading a 2-core machine.
/// `SOUNDSAFARI_TEST_WINDOWS` sets another number (1 runs them one after another).
actor WindowSlots {
    static let shared = WindowSlots(
        count: max(1, Int(ProcessInfo.processInfo.environment["SOUNDSAFARI_TEST_WINDOWS"] ?? "") ?? 3))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
