// The window tests' driver: `soundsafari` with scripted input and screenshots. Not shipped, not for players.
//
//     soundsafari-autopilot --script FILE [--screenshots DIR] [--window-size WxH] [--threads-left yes] -- play|study ARGS...
//
// Everything after `--` is parsed exactly as `soundsafari` parses it; the hooks go to the window. With
// `--threads-left yes`, once the command has returned the driver says on stderr which threads are still alive
// besides the main one (`threads-left: N [names]`): a window must leave none behind when it closes.
import Foundation
import GameUI
import SoundSafariCommands

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("soundsafari-autopilot: \(message)\n".utf8))
    exit(2)
}

var hooks = AppHooks()
var reportThreads = false
var arguments = Array(CommandLine.arguments.dropFirst())
while let flag = arguments.first, flag != "--" {
    guard arguments.count >= 2 else { fail("\(flag) needs a value; usage: --script FILE [--screenshots DIR] -- ...") }
    let value = arguments[1]
    arguments.removeFirst(2)
    switch flag {
    case "--script": hooks.autopilotScript = URL(fileURLWithPath: value)
    case "--screenshots": hooks.screenshots = URL(fileURLWithPath: value)
    case "--threads-left":
        guard value == "yes" else { fail("--threads-left takes yes (or is left out).") }
        reportThreads = true
    case "--window-size":
        let parts = value.split(separator: "x").compactMap { Int32($0) }
        guard parts.count == 2, parts.allSatisfy({ (640...7680).contains($0) }) else {
            fail("--window-size \(value) is not WIDTHxHEIGHT between 640 and 7680 (e.g. 1920x1080).")
        }
        hooks.windowSize = (parts[0], parts[1])
    default:
        fail(
            "unknown option \(flag); usage: --script FILE [--screenshots DIR] [--window-size WxH] [--threads-left yes] -- ARGS"
        )
    }
}
arguments = Array(arguments.dropFirst())

/// The threads of this process other than the main one, by the names Linux gives them (/proc/self/task).
func reportThreadsLeft() {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    let main = String(getpid())
    let names = tasks.filter { $0 != main }.sorted().map { task in
        ((try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "?")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    FileHandle.standardError.write(Data("threads-left: \(names.count) \(names)\n".utf8))
}

do {
    var command = try SoundSafari.parseAsRoot(EmptyOptionValue.separated(arguments))
    if let window = command as? any WindowCommand {
        try window.run(hooks: hooks)
        if reportThreads { reportThreadsLeft() }
    } else {
        try command.run()
    }
} catch {
    SoundSafari.fail(error)
}
