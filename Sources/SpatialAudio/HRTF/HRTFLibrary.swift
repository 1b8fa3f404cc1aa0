// SoundSafari's own HRTF folder ($XDG_DATA_HOME/soundsafari/hrtf): import from SOFA, list, remove, fingerprint.
import Foundation
import TidyFormats

/// The imported HRTF data sets. They live in SoundSafari's data folder, never in OpenAL Soft's global
/// `openal/hrtf` folders, where they would silently become every program's HRTF; `OpenALSearchPath` shows
/// this folder to OpenAL Soft inside SoundSafari's processes only.
public struct HRTFLibrary: Sendable {
    /// The folder holding `NAME.mhr` files.
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// `$XDG_DATA_HOME/soundsafari/hrtf`, `XDG_DATA_HOME` defaulting to `~/.local/share` (XDG base directories).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> HRTFLibrary {
        HRTFLibrary(
            folder: XDGDataHome.folder(environment: environment).appendingPathComponent(
                "soundsafari/hrtf", isDirectory: true))
    }

    /// The names of the imported data sets, sorted.
    public func installed() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".mhr") }.map { String($0.dropLast(4)) }.sorted()
    }

    public func file(named name: String) -> URL { folder.appendingPathComponent(name + ".mhr") }

    /// Deletes an imported data set.
    public func remove(name: String) throws {
        guard installed().contains(name) else { throw HRTFImportError.notInstalled(name: name, installed: installed()) }
        do {
            try FileManager.default.removeItem(at: file(named: name))
        } catch {
            throw HRTFImportError.cannotWrite(path: file(named: name).path, reason: error.localizedDescription)
        }
    }

    /// Reads a SimpleFreeFieldHRIR SOFA file, fits it to the horizontal circle at the engine's rate and
    /// installs it as `name` (default: the file's name). Checks afterwards that OpenAL Soft really uses it.
    public func importSOFA(from path: String, name: String? = nil) throws -> ImportedHRTF {
        let chosen = name ?? Self.defaultName(for: path)
        guard Self.isValidName(chosen) else { throw HRTFImportError.invalidName(name: chosen) }
        if installed().contains(chosen) { throw HRTFImportError.nameTaken(name: chosen, folder: folder.path) }
        if (try? SpatialAudioEngine.listHRTFs())?.contains(chosen) == true {
            throw HRTFImportError.nameOfOpenALHRTF(name: chosen)
        }
        let sofa = try SOFAMeasurements.load(path: path)
        let hrtf = try HorizontalHRTF(fitting: sofa, path: path, sampleRate: SpatialAudioEngine.sampleRate)
        let data = MHRWriter.data(hrtf)
        let target = file(named: chosen)
        do {
            // Owner-only like the logs: a personal HRTF is measured on the patient's own head.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            let temporary = folder.appendingPathComponent(".\(chosen).mhr.partial")
            guard
                FileManager.default.createFile(
                    atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
            try FileManager.default.moveItem(at: temporary, to: target)
        } catch {
            throw HRTFImportError.cannotWrite(path: target.path, reason: error.localizedDescription)
        }
        let engine = try? SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required, hrtfName: chosen))
        guard engine?.hrtf.name == chosen else {
            try? FileManager.default.removeItem(at: target)
            throw HRTFImportError.notLoadedByOpenAL(name: chosen, folder: folder.path)
        }
        return ImportedHRTF(
            name: chosen, file: target, sha256: SHA256.hex(data), source: path, label: sofa.label,
            sourceSampleRate: sofa.sampleRate, sampleRate: hrtf.sampleRate, elevationDegrees: hrtf.elevation,
            distanceMetres: hrtf.distance, measurements: hrtf.measurementCount,
            azimuths: HorizontalHRTF.azimuthCount, filterLength: HorizontalHRTF.filterLength,
            normalisationDB: hrtf.normalisationDB, earsFromResponses: sofa.earsFromResponses)
    }

    /// The SHA-256 of the data file OpenAL Soft loads for `name`: this folder, then OpenAL Soft's own folders
    /// (imports never take a name OpenAL already lists, so at most one of them holds it). Nil when no file is found (a data set built into the library).
    public func sha256(ofHRTFNamed name: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        let folders = [folder] + OpenALSearchPath.openALFolders(environment: environment)
        for candidate in folders {
            let url = candidate.appendingPathComponent(name + ".mhr")
            if let data = try? Data(contentsOf: url) { return SHA256.hex(data) }
        }
        return nil
    }

    /// Letters, digits, '-', '_', '.', starting with a letter or digit, at most 64 characters.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
            CharacterSet.alphanumerics.contains(first), first.isASCII
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
        }
    }

    static func defaultName(for path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }
}

/// What an import produced, for the command's summary.
public struct ImportedHRTF: Sendable {
    public let name: String
    public let file: URL
    public let sha256: String
    public let source: String
    public let label: String
    public let sourceSampleRate: Int
    public let sampleRate: Int
    public let elevationDegrees: Double
    public let distanceMetres: Double
    public let measurements: Int
    public let azimuths: Int
    public let filterLength: Int
    public let normalisationDB: Double
    /// The file's ReceiverPosition named the ears the other way round than its responses; the responses won.
    public let earsFromResponses: Bool
}
