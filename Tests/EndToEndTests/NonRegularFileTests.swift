// Every reader of a user-given file refuses a FIFO or a link to /dev/zero in one sentence instead of blocking.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Not a regular file")
struct NonRegularFileTests {
    enum Kind: String, CaseIterable, Sendable { case fifo, devZero }

    /// Puts a FIFO or a link to /dev/zero at `url`.
    static func plant(_ kind: Kind, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch kind {
        case .fifo: #expect(mkfifo(url.path, 0o600) == 0)
        case .devZero: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/zero")
        }
    }

    /// Each reader: where the file goes under the test's folder, and the command line reading it.
    static let readers: [(name: String, file: String, executable: String, arguments: @Sendable (URL) -> [String])] = [
        ("hrtf import", "in.sofa", "soundsafari", { ["hrtf", "import", $0.appendingPathComponent("in.sofa").path] }),
        (
            "profile show", "logs/P01/profile.json", "soundsafari",
            { ["profile", "show", "--participant", "P01", "--logs", $0.appendingPathComponent("logs").path] }
        ),
        (
            "plan assign", "plan.json", "soundsafari",
            {
                [
                    "plan", "assign", "--participant", "P01", "--logs", $0.appendingPathComponent("logs").path,
                    $0.appendingPathComponent("plan.json").path,
                ]
            }
        ),
        (
            "profile set-audiogram", "audiogram.csv", "soundsafari",
            {
                [
                    "profile", "set-audiogram", "--participant", "P01", "--logs",
                    $0.appendingPathComponent("logs").path, $0.appendingPathComponent("audiogram.csv").path,
                ]
            }
        ),
        (
            "analyzer ratings", "logs/P01/ratings.csv", "soundsafari-analyze",
            { ["ratings", $0.appendingPathComponent("logs/P01/ratings.csv").path] }
        ),
        (
            "questionnaire check", "instrument.json", "soundsafari",
            { ["questionnaire", "check", $0.appendingPathComponent("instrument.json").path] }
        ),
        (
            "analyzer describe", "trials.csv", "soundsafari-analyze",
            { ["describe", $0.appendingPathComponent("trials.csv").path] }
        ),
    ]

    @Test(
        "A FIFO or a link to /dev/zero given to a reader is refused in one sentence, at once (it blocked or said 'permission')",
        arguments: Kind.allCases, readers.indices)
    func refusedBeforeReading(kind: Kind, reader: Int) throws {
        let (name, file, executable, arguments) = Self.readers[reader]
        let folder = try SoundSafariBinary.temporaryDirectory("nonregular")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.plant(kind, at: folder.appendingPathComponent(file))
        let result = try SoundSafariBinary.run(
            arguments(folder), executable: executable,
            environment: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path], killAfterSeconds: 60)
        #expect(result.status != 0 && result.status != 137, "\(name): status \(result.status)")
        let expected = kind == .fifo ? "is a FIFO (named pipe), not a regular file" : "is a character device"
        #expect(result.stderr.contains(expected), "\(name): \(result.stderr)")
        #expect(result.stderr.contains(file.split(separator: "/").last!), "\(name): \(result.stderr)")
    }
}
