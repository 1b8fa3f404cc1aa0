// `soundsafari devices`: what this machine offers the game — audio outputs, HRTFs, sounds, controllers and their gyros.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import SessionRuntime
import SpatialAudio

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List audio output devices, HRTFs, sounds and game controllers (with gyro or not).")

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(name: .long, help: "text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "The Sounds folder (default: $SOUNDSAFARI_SOUNDS, or Sounds/ found upwards).")
    var sounds: String?

    @Flag(
        name: .long,
        help: "Then play the first target sound 1 s on the left and 1 s on the right through the audio output.")
    var testOutput = false

    @Option(name: .long, help: "Audio buffer size in frames for --test-output.")
    var bufferFrames = SDLDevices.defaultBufferFrames

    @Option(name: .long, help: "The output device for --test-output, by name as listed (default: the system's).")
    var device: String?

    func run() throws {
        // Audio and controllers: SDL. A machine without a sound card still gets the rest of the list.
        let audio = Result { try SDLDevices.audioOutputs() }
        let controllers = Result { try SDLDevices.gameControllers() }
        let hrtfs = Result { try HRTFInventory.probe() }
        let catalog = Result { try SoundCatalog.locate(explicitFolder: sounds) }

        switch format {
        case .text: printText(audio: audio, hrtfs: hrtfs, catalog: catalog, controllers: controllers)
        case .json: try printJSON(audio: audio, hrtfs: hrtfs, catalog: catalog, controllers: controllers)
        }
        if testOutput { try playLeftThenRight(catalog: try catalog.get()) }
        SDLDevices.shutdown()
        // A broken sound catalog or HRTF set is a problem to fix: list everything, then fail with its sentence.
        if case .failure(let error) = catalog { throw error }
        if case .failure(let error) = hrtfs { throw error }
    }

    private func printText(
        audio: Result<(driver: String, devices: [String]), Error>,
        hrtfs: Result<HRTFInventory, Error>,
        catalog: Result<SoundCatalog, Error>, controllers: Result<[GameControllerInfo], Error>
    ) {
        switch audio {
        case .success(let audio):
            print("Audio outputs (SDL driver \(audio.driver)):")
            if audio.devices.isEmpty { print("  (only the driver's default output)") }
            for name in audio.devices { print("  - \(name)") }
        case .failure(let error):
            print("Audio outputs: none — \(error)")
        }
        switch hrtfs {
        case .success(let hrtfs):
            let imported = HRTFLibrary.standard().installed()
            print("HRTFs (OpenAL Soft):")
            if hrtfs.all.isEmpty { print("  none installed — install libopenal-data") }
            for name in hrtfs.all {
                var notes = [hrtfs.usable.contains(name) ? "usable at 48 kHz" : "not usable at 48 kHz"]
                if name == hrtfs.defaultName { notes.append("default") }
                if imported.contains(name) { notes.append("imported by `soundsafari hrtf import`") }
                print("  - \(name) (\(notes.joined(separator: ", ")))")
            }
        case .failure(let error):
            print("HRTFs: unavailable — \(error)")
        }
        switch catalog {
        case .success(let catalog):
            print("Sounds (\(catalog.folder.appendingPathComponent(SoundCatalog.fileName).path)):")
            for entry in catalog.entries {
                let length = Self.fileFormat(entry.fileURL) ?? "unreadable"
                print(
                    "  - \(entry.name.padding(toLength: 10, withPad: " ", startingAt: 0)) "
                        + "\(entry.role.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) "
                        + "\"\(entry.displayName)\", \(entry.file), \(length), gain \(String(format: "%+.1f", entry.gainDB)) dB"
                        + (entry.loop ? ", loops" : ""))
            }
        case .failure(let error):
            print("Sounds: \(error)")
        }
        switch controllers {
        case .success(let list):
            print("Game controllers:")
            if list.isEmpty { print("  none connected (keyboard and mouse still work)") }
            for controller in list {
                print(
                    "  - \(controller.name): gyro \(controller.hasGyro ? "yes" : "no"), "
                        + "accelerometer \(controller.hasAccelerometer ? "yes" : "no")")
            }
        case .failure(let error):
            print("Game controllers: unavailable — \(error)")
        }
    }

    private func printJSON(
        audio: Result<(driver: String, devices: [String]), Error>,
        hrtfs: Result<HRTFInventory, Error>,
        catalog: Result<SoundCatalog, Error>, controllers: Result<[GameControllerInfo], Error>
    ) throws {
        func failure<T>(_ result: Result<T, Error>) -> Any {
            if case .failure(let error) = result { return "\(error)" }
            return NSNull()
        }
        var object: [String: Any] = [:]
        object["audio_outputs"] =
            (try? audio.get()).map { ["driver": $0.driver, "devices": $0.devices] as [String: Any] } ?? NSNull()
        object["audio_error"] = failure(audio)
        object["hrtfs"] =
            (try? hrtfs.get()).map { hrtfs in
                hrtfs.all.map {
                    [
                        "name": $0, "usable": hrtfs.usable.contains($0), "default": $0 == hrtfs.defaultName,
                        "imported": HRTFLibrary.standard().installed().contains($0),
                    ] as [String: Any]
                }
            } ?? []
        object["hrtf_error"] = failure(hrtfs)
        object["sounds"] =
            (try? catalog.get()).map {
                $0.entries.map { entry in
                    var sound = entry.jsonObject
                    if let file = try? AudioFileReader.readInterleaved(entry.fileURL) {
                        sound["sample_rate"] = file.sampleRate
                        sound["channels"] = file.channels
                        sound["resampled"] = file.sampleRate != SpatialAudioEngine.sampleRate
                    }
                    return sound
                }
            } ?? []
        object["sounds_error"] = failure(catalog)
        object["controllers"] =
            (try? controllers.get())?.map {
                ["name": $0.name, "gyro": $0.hasGyro, "accelerometer": $0.hasAccelerometer] as [String: Any]
            } ?? []
        object["controllers_error"] = failure(controllers)
        let data = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        print(String(decoding: data, as: UTF8.self))
    }

    /// Length, rate and channels of a sound file, and whether loading resamples it (libsoxr) to the engine's rate.
    static func fileFormat(_ url: URL) -> String? {
        guard let file = try? AudioFileReader.readInterleaved(url) else { return nil }
        let seconds = Double(file.samples.count / max(1, file.channels)) / Double(file.sampleRate)
        let channels = file.channels == 1 ? "mono" : "\(file.channels) channels"
        let rate = SpatialAudioEngine.sampleRate
        let conversion =
            file.sampleRate == rate ? "not resampled" : "resampled to \(rate) Hz on load (libsoxr, very high quality)"
        return String(format: "%.2f s, %d Hz %@, %@", seconds, file.sampleRate, channels, conversion)
    }

    /// The headphone check a user runs before a study: is left left and right right, and does it play smoothly?
    private func playLeftThenRight(catalog: SoundCatalog) throws {
        guard let entry = catalog.entries(role: .target).first else {
            throw ValidationError("--test-output needs a target sound in \(catalog.folder.path)/sounds.json.")
        }
        try SDLDevices.playLeftThenRight(entry, bufferFrames: bufferFrames, device: device) { print($0) }
    }
}
