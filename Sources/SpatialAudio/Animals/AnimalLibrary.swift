// The imported animal calls ($XDG_DATA_HOME/soundsafari/animals): read from Debian's tuxpaint stamps, measured, judged, prepared.
import Foundation
import TidyFormats

/// SoundSafari's own copy of the prepared calls, beside the imported HRTFs: the recordings stay where Debian's
/// `tuxpaint-stamps-default` installs them (GPL-2; the package is how every user gets them), and only the
/// trimmed, looped, levelled versions and `library.json` (every call, accepted or not, with its
/// measurements) are written here, per user.
public struct AnimalLibrary: Sendable {
    /// Where Debian installs the stamps' animals.
    public static let debianStamps = URL(fileURLWithPath: "/usr/share/tuxpaint/stamps/animals", isDirectory: true)
    public static let debianPackage = "tuxpaint-stamps-default"
    public static let catalogFileName = "library.json"
    /// The package's copyright file says GPL-2 "or (at your option) any later version".
    public static let licence = "GPL-2.0-or-later"

    /// The folder holding `library.json` and the prepared `NAME.wav` files.
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// `$XDG_DATA_HOME/soundsafari/animals`, by the same rule as the imported HRTFs.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> AnimalLibrary {
        AnimalLibrary(
            folder: XDGDataHome.folder(environment: environment).appendingPathComponent(
                "soundsafari/animals", isDirectory: true))
    }

    public var catalogFile: URL { folder.appendingPathComponent(Self.catalogFileName) }

    /// The calls of the last import, accepted and rejected, in name order; empty when nothing was imported.
    public func calls() throws -> [AnimalCall] {
        guard FileManager.default.fileExists(atPath: catalogFile.path) else { return [] }
        do {
            let data = try Data(contentsOf: catalogFile)
            return try Self.decoder.decode(LibraryFile.self, from: data).calls
        } catch {
            throw SpatialAudioError.catalogInvalid(
                path: catalogFile.path,
                reason: "it cannot be read (\(error)); run `soundsafari sounds import` again to rebuild it")
        }
    }

    /// The accepted calls as catalog entries (role target, looping), their files inside this folder.
    public func entries() throws -> [SoundEntry] {
        try calls().compactMap { call in
            guard call.accepted, let file = call.file else { return nil }
            let url = folder.appendingPathComponent(file)
            return SoundEntry(
                name: call.name, displayName: call.displayName, file: url.path, fileURL: url, role: .target,
                gainDB: 0, loop: true, provenance: call.provenance, licence: call.licence)
        }
    }

    /// The stamps' call recordings under `stamps` (not the `*_desc*.ogg` spoken descriptions), sorted by path.
    public static func recordings(in stamps: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: stamps, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "ogg" && !$0.lastPathComponent.contains("_desc") }
            .sorted { $0.path < $1.path }
    }

    /// Reads every call under `stamps`, measures and judges it, prepares the accepted ones into this folder
    /// and replaces `library.json`. A name in `reservedNames` (a sound of `Sounds/sounds.json`, such as the
    /// synthesised `frog`) gets `_recorded` appended, so a study naming `frog` keeps its stimulus.
    /// Throws `.stampsMissing` when the package is not installed (the caller falls back and says so).
    @discardableResult
    public func importStamps(from stamps: URL = debianStamps, reservedNames: Set<String> = []) throws -> [AnimalCall] {
        let recordings = Self.recordings(in: stamps)
        guard !recordings.isEmpty else {
            throw AnimalLibraryError.stampsMissing(folder: stamps.path, package: Self.debianPackage)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AnimalLibraryError.cannotWrite(path: folder.path, reason: error.localizedDescription)
        }
        var calls: [AnimalCall] = []
        var accepted: [(name: String, audio: MonoAudio)] = []
        var taken = Set<String>()
        for recording in recordings {
            var name = Self.name(for: recording)
            if reservedNames.contains(name) { name += "_recorded" }
            // Two stamps whose file names differ only in case or punctuation ("B_filled" and "b_filled", in two
            // folders) would be one name and one NAME.wav: the second overwrote, or as a duplicate deleted, the
            // first's file, and the catalog named a file that was gone. Each gets its own name, numbered after the
            // first, in the stamps' sorted order.
            if taken.contains(name) {
                let base = name
                var number = 2
                while taken.contains("\(base)_\(number)") { number += 1 }
                name = "\(base)_\(number)"
            }
            taken.insert(name)
            var (call, prepared) = try prepare(recording, name: name)
            // Some stamps share one recording, encoded twice (a badger and a beaver, a ram and a mountain goat):
            // one stimulus gets one name, or a study's "two animals" would be the same sound twice.
            if let prepared, let first = accepted.first(where: { Self.sameRecording($0.audio, prepared) }) {
                if let file = call.file { try? FileManager.default.removeItem(at: folder.appendingPathComponent(file)) }
                call.rejection = "the same recording as \(first.name)"
                call.file = nil
                call.fileSHA256 = nil
                call.prepared = nil
            } else if let prepared {
                accepted.append((call.name, prepared))
            }
            calls.append(call)
        }
        // Prepared files of calls no longer accepted (or no longer there) go, so the folder holds what the list says.
        let kept = Set(calls.compactMap(\.file))
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where file.hasSuffix(".wav") && !kept.contains(file) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        let data: Data
        do {
            data = try Self.encoder.encode(LibraryFile(calls: calls))
        } catch {
            throw AnimalLibraryError.cannotWrite(path: catalogFile.path, reason: "\(error)")
        }
        try write(data, to: catalogFile)
        return calls
    }

    /// Two prepared calls of one length whose samples correlate above 0.99: one recording, whatever its encoding.
    static func sameRecording(_ first: MonoAudio, _ second: MonoAudio) -> Bool {
        guard first.samples.count == second.samples.count, first.sampleRate == second.sampleRate else { return false }
        var product = 0.0
        var firstEnergy = 0.0
        var secondEnergy = 0.0
        for index in first.samples.indices {
            product += Double(first.samples[index]) * Double(second.samples[index])
            firstEnergy += Double(first.samples[index] * first.samples[index])
            secondEnergy += Double(second.samples[index] * second.samples[index])
        }
        return product > 0.99 * (firstEnergy * secondEnergy).squareRoot()
    }

    /// One recording measured, judged and, when accepted, prepared and written as `NAME.wav` (also returned).
    func prepare(_ recording: URL, name: String) throws -> (AnimalCall, MonoAudio?) {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: recording)
        } catch {
            throw SpatialAudioError.fileUnreadable(path: recording.path, reason: error.localizedDescription)
        }
        let audio = try AudioFileReader.readMono(recording, downmix: true)
        let source = try CallMeasurement.measure(audio)
        var call = AnimalCall(
            name: name, displayName: Self.displayName(for: recording), names: Self.names(for: recording),
            sourcePath: recording.path,
            sourceSHA256: SHA256.hex(bytes), licence: Self.licence,
            provenance: "Debian package \(Self.debianPackage) (Tux Paint stamps, Bill Kendrick and contributors), "
                + "\(recording.path); trimmed, looped and levelled to \(Int(CallPreparation.targetLUFS)) LUFS by "
                + "`soundsafari sounds import`",
            source: source, rejection: nil, file: nil, fileSHA256: nil, prepared: nil)
        let trimmed = CallPreparation.trim(audio, noiseFloorDBFS: source.noiseFloorDBFS)
        let looped = CallPreparation.loop(trimmed)
        // The peak the loop would have at the target loudness; a loop without an integrated loudness (shorter
        // than one 400 ms block, or silent) cannot be levelled, and is refused for that first.
        let loop = try CallPreparation.loopLoudness(looped)
        let levelledPeak =
            loop.integratedLUFS.isFinite
            ? loop.samplePeakDBFS + CallPreparation.targetLUFS - loop.integratedLUFS : Double.infinity
        call.rejection = CallAcceptance.rejection(
            source: source, sourceSamples: audio.samples.count, loopSeconds: looped.durationSeconds,
            levelledPeakDBFS: levelledPeak)
        guard call.accepted else { return (call, nil) }
        let levelled = try CallPreparation.level(looped)
        let file = name + ".wav"
        let url = folder.appendingPathComponent(file)
        let partial = folder.appendingPathComponent(".\(file).partial")
        try AudioFileWriter.write(levelled, format: .wavFloat, to: partial)
        do {
            call.fileSHA256 = SHA256.hex(try Data(contentsOf: partial))
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.moveItem(at: partial, to: url)
        } catch {
            throw AnimalLibraryError.cannotWrite(path: url.path, reason: error.localizedDescription)
        }
        call.file = file
        call.prepared = try CallMeasurement.measure(levelled)
        // A prepared call plays looping, and was levelled as it loops: its loudness is the loop's.
        call.prepared?.loudnessLUFS = try CallPreparation.loopLoudness(levelled).integratedLUFS
        return (call, levelled)
    }

    private func write(_ data: Data, to url: URL) throws {
        let partial = folder.appendingPathComponent(".\(url.lastPathComponent).partial")
        do {
            try data.write(to: partial)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.moveItem(at: partial, to: url)
        } catch {
            throw AnimalLibraryError.cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The stamp's file name as a sound name: lower case, letters, digits and `_` (`sea_lion`).
    static func name(for recording: URL) -> String {
        let base = recording.deletingPathExtension().lastPathComponent.lowercased()
        return String(base.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The stamp's English name ("An owl." → "Owl"), else the file name ("Mosquito").
    static func displayName(for recording: URL) -> String {
        var line = StampText(recording: recording)?.sentences["en"] ?? ""
        if line.isEmpty {
            line = recording.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "_", with: " ")
        }
        for article in StampText.articles["en"] ?? [] where line.hasPrefix(article) { line.removeFirst(article.count) }
        return line.prefix(1).uppercased() + line.dropFirst()
    }

    /// The stamp's names in other languages by code (`de` → "Eine Ente"), article kept, final full stop dropped.
    static func names(for recording: URL) -> [String: String] {
        (StampText(recording: recording)?.sentences ?? [:]).filter { $0.key != "en" }
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}

/// `library.json`: the calls of one import.
struct LibraryFile: Codable {
    var calls: [AnimalCall]
}

/// What can go wrong importing the animals, each as one sentence with what to do.
public enum AnimalLibraryError: Error, CustomStringConvertible, Equatable {
    case stampsMissing(folder: String, package: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .stampsMissing(let folder, let package):
            "No recorded animal calls in \(folder): Debian's \(package) is not installed "
                + "(`sudo apt-get install \(package)`, or scripts/install-deps.sh); "
                + "the game plays its synthesised frog and blue jay instead."
        case .cannotWrite(let path, let reason):
            "Cannot write '\(path)' (\(reason)); check that the folder is yours and the disk is not full."
        }
    }
}
