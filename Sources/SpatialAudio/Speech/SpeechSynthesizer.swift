// A sentence as speech: Debian's espeak-ng program writes it to a WAV file, cached per sentence.
import Foundation
import TidyFormats

/// Runs `espeak-ng -w FILE` once per sentence and keeps the WAV in `cache` (by default
/// `$XDG_CACHE_HOME/soundsafari/speech`), named by the SHA-256 of the voice settings and the sentence, so a
/// screen shown again is spoken without running the program. The WAV is what `SpeechPlayer` loads (libsndfile,
/// resampled to 48 kHz by libsoxr) and plays through the engine like every other sound.
public struct SpeechSynthesizer: Sendable {
    /// espeak-ng's voice when a sentence names none (English), and the words per minute: a little slower than its
    /// default 175 for older listeners.
    public static let voice = "en"
    public static let wordsPerMinute = 150

    public let program: URL
    public let cache: URL

    /// Finds `espeak-ng` on `PATH`; throws `.speechUnavailable` (one sentence: install the Debian package) without it.
    public init(
        cache: URL = XDGDataHome.cacheFolder().appendingPathComponent("soundsafari/speech", isDirectory: true),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard
            let found = folders.map({ URL(fileURLWithPath: $0).appendingPathComponent("espeak-ng") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { throw SpatialAudioError.speechUnavailable }
        self.init(program: found, cache: cache)
    }

    public init(program: URL, cache: URL) {
        self.program = program
        self.cache = cache
    }

    /// The cached WAV of `sentence` spoken by espeak-ng's `voice` (a language code: "en", "de"), made first when
    /// missing. Throws a sentence naming the program or the folder.
    public func wav(for sentence: String, voice: String = Self.voice) throws -> URL {
        let key = "espeak-ng|\(voice)|\(Self.wordsPerMinute)|\(sentence)"
        let file = cache.appendingPathComponent(SHA256.hex(Data(key.utf8)) + ".wav")
        if FileManager.default.fileExists(atPath: file.path) { return file }
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw SpatialAudioError.speechUnavailable
        }
        do {
            try FileManager.default.createDirectory(
                at: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SpatialAudioError.fileNotWritable(path: cache.path, reason: error.localizedDescription)
        }
        // Through the one atomic write: a killed window never leaves half a WAV in the cache.
        do {
            try AtomicFile.replace(file) { partial in try synthesize(sentence, voice: voice, into: partial) }
        } catch let error as AtomicFileError {
            throw SpatialAudioError.fileNotWritable(path: file.path, reason: error.reason)
        }
        return file
    }

    /// Runs espeak-ng writing the sentence's WAV to `partial` (a temporary `AtomicFile` renames into the cache).
    private func synthesize(_ sentence: String, voice: String, into partial: URL) throws {
        let process = Process()
        process.executableURL = program
        process.arguments = [
            "-v", voice, "-s", "\(Self.wordsPerMinute)", "-w", partial.path, "--", sentence,
        ]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw SpatialAudioError.speechFailed(program: program.path, reason: error.localizedDescription)
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let written = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int) ?? 0
        guard process.terminationStatus == 0, written > 0 else {
            let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw SpatialAudioError.speechFailed(
                program: program.path, reason: reason.isEmpty ? "exit status \(process.terminationStatus)" : reason)
        }
    }
}
