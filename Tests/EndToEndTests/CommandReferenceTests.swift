// docs/COMMANDS.md is every command's --help as the binaries print it: the reference cannot drift from the code.
import Foundation
import Testing

@Suite(.serialized) struct CommandReferenceTests {
    static let reference = SoundSafariBinary.packageRoot.appendingPathComponent("docs/COMMANDS.md")

    /// Every command path of an executable, from ArgumentParser's own dump of the command tree.
    static func commandPaths(_ executable: String) throws -> [[String]] {
        let dump = try SoundSafariBinary.run(["--experimental-dump-help"], executable: executable)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            paths.append(path)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                walk(sub, path + [name])
            }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        return paths
    }

    /// The reference as the binaries print it now.
    static func rendered() throws -> String {
        var text = """
            # Command reference

            Every command's `--help`, as `soundsafari` and `soundsafari-analyze` print it. Generated: do not edit; \
            after changing a command run `UPDATE_COMMAND_REFERENCE=1 swift test --filter CommandReferenceTests` \
            (a test fails while this file and the code disagree).

            """
        for executable in ["soundsafari", "soundsafari-analyze"] {
            for path in try commandPaths(executable) {
                let help = try SoundSafariBinary.run(
                    path + ["--help"], executable: executable, environment: ["COLUMNS": "100"])
                let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
                text += "\n## \(([executable] + path).joined(separator: " "))\n\n```text\n"
                text += lines.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n```\n"
            }
        }
        return text
    }

    @Test func theReferenceIsEveryCommandsHelpAsPrinted() throws {
        let now = try Self.rendered()
        if ProcessInfo.processInfo.environment["UPDATE_COMMAND_REFERENCE"] == "1" {
            try now.write(to: Self.reference, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: Self.reference, encoding: .utf8)
        #expect(
            stored == now, "docs/COMMANDS.md differs from the commands' --help; regenerate it (see its first lines)")
        #expect(now.contains("## soundsafari diary add") && now.contains("## soundsafari-analyze report"))
    }
}
