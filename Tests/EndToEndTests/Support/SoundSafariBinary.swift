// Runs the built `soundsafari` executable as a user would, for black-box end-to-end tests.
import Foundation

struct CommandOutput {
    let status: Int32
    let stdout: String
    let stderr: String
}

enum SoundSafariBinary {
    /// The executables SwiftPM built beside this test bundle (…/.build/<config>/).
    static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        // On Linux the test runner is …/.build/<triple>/<config>/SoundSafariPackageTests.xctest
        return bundle.lastPathComponent.hasSuffix(".xctest") ? bundle.deletingLastPathComponent() : bundle
    }

    static func url(_ name: String = "soundsafari") -> URL {
        // An absolute path names a system program (a shell that sets limits first).
        name.hasPrefix("/") ? URL(fileURLWithPath: name) : productsDirectory.appendingPathComponent(name)
    }

    /// The package root (where Sounds/ and Examples/ live), found from this source file.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the executable with `arguments`; `environment` entries are added to the current environment;
    /// `killAfterSeconds` kills it (status 137) when it has not ended by then.
    @discardableResult
    static func run(
        _ arguments: [String], executable: String = "soundsafari",
        environment: [String: String] = [:], currentDirectory: URL? = nil, killAfterSeconds: Int? = nil
    ) throws -> CommandOutput {
        let process = Process()
        process.executableURL = url(executable)
        process.arguments = arguments
        // A run that would block (reading a FIFO) ends as status 137 instead of blocking the test forever.
        if let killAfterSeconds {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["-s", "KILL", "\(killAfterSeconds)", url(executable).path] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        // The machine's device-id (and any other user configuration) goes to a folder of this test run, never
        // to the real ~/.config; a test that is about the config folder passes its own.
        env["XDG_CONFIG_HOME"] = testConfigHome.path
        // The tests read English unless they ask for another language: the developer's own LANG must not change them.
        env["LANGUAGE"] = "en"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting so a chatty child cannot block on a full pipe.
        // The group's wait orders the background write before the read below.
        nonisolated(unsafe) var outData = Data()
        var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            outData = outPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = errPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandOutput(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The user configuration folder the binaries see in this test run (one per test process).
    static let testConfigHome: URL = FileManager.default.temporaryDirectory
        .appendingPathComponent("soundsafari-test-config-\(ProcessInfo.processInfo.processIdentifier)")

    /// A copy of `Examples/<name>` in `folder` whose sessions last `minutes`: a plan session plays until its
    /// minutes are over (issue 38), and the examples' 12 minutes simulated cost up to 35 s of CPU a session, most of
    /// the suite's simulating, where the test needs only a session that ended by its time.
    static func example(_ name: String, minutes: Int, in folder: URL) throws -> URL {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
        let shortened = text.replacingOccurrences(
            of: #"("minutes_per_session": )[0-9]+"#, with: "$1\(minutes)", options: .regularExpression)
        precondition(shortened != text, "Examples/\(name) names no minutes_per_session")
        let url = folder.appendingPathComponent("\(minutes)-minute-\(name)")
        try shortened.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A fresh temporary folder for one test.
    static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("soundsafari-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
