// `soundsafari render`: one sound from one bearing into a binaural 48 kHz stereo WAV, through the game's own engine.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a sound from a bearing into a binaural 48 kHz stereo WAV file.",
        discussion: """
            Uses exactly the engine the game uses (OpenAL Soft loopback, HRTF). Bearings are degrees clockwise: \
            0 ahead, 90 right, 180 behind, 270 left. Prints the interaural level and time differences it measured.
            Example: soundsafari render --sound frog --bearing 90 --out frog-right.wav
            """)

    @Option(name: .long, help: "A sound from sounds.json (e.g. frog, bluejay).")
    var sound: String?

    @Option(name: .long, help: "A sound file instead (WAV, FLAC, OGG/Vorbis, AIFF, CAF; mono unless --downmix).")
    var file: String?

    // `.unconditional`: a negative value (`--bearing -90`) is the option's value, not an unknown flag.
    @Option(name: .long, parsing: .unconditional, help: "Where the sound comes from, in degrees clockwise from ahead.")
    var bearing: Double

    @Option(name: .long, parsing: .unconditional, help: "The direction the listener faces, in degrees.")
    var heading: Double = 0

    @Option(
        name: .long, parsing: .unconditional,
        help: "Length of the output in seconds (default: the sound's length; longer loops it).")
    var seconds: Double?

    @Option(name: .long, parsing: .unconditional, help: "Gain in dB added to the sound's own (catalog) gain.")
    var gainDb: Double = 0

    @Option(name: .long, help: "The HRTF to use, by name (see `soundsafari devices`).")
    var hrtf: String?

    @Flag(name: .long, help: "Render plain stereo panning without HRTF (for loudspeakers).")
    var noHrtf = false

    @Flag(name: .long, help: "Mix a multichannel file down to mono instead of refusing it.")
    var downmix = false

    @Option(name: .long, help: "The Sounds folder (default: $SOUNDSAFARI_SOUNDS, or Sounds/ found upwards).")
    var sounds: String?

    @Option(name: .long, help: "A hearing profile (profile.json): apply its notch, ear gains and ceiling.")
    var profile: String?

    @Option(name: .long, help: "The WAV file to write (32-bit float, stereo, 48 kHz).")
    var out: String

    @Flag(name: .long, help: "Replace --out when it exists (a study log is never replaced).")
    var force = false

    func validate() throws {
        if (sound == nil) == (file == nil) { throw ValidationError("Give exactly one of --sound NAME or --file PATH.") }
        // A bearing beyond one turn either way is a slip (1e308 wrapped silently to 296°).
        for (flag, value) in [("--bearing", bearing), ("--heading", heading)] where !(-360...360).contains(value) {
            throw ValidationError("\(flag) must be a number of degrees from -360 to 360 (got \(value)).")
        }
        if let seconds, !(seconds > 0 && seconds <= 600) {
            throw ValidationError("--seconds must be more than 0 and at most 600.")
        }
        if noHrtf && hrtf != nil { throw ValidationError("--hrtf and --no-hrtf exclude each other.") }
        if !gainDb.isFinite || gainDb > 40 { throw ValidationError("--gain-db must be a number of dB up to 40.") }
        try OutputFile.check(out, option: "--out", force: force)
    }

    func run() throws {
        let engine = try SpatialAudioEngine(
            configuration: EngineConfiguration(hrtfMode: noHrtf ? .off : .required, hrtfName: hrtf))
        if let profile {
            let hearing = try HearingProfile.read(URL(fileURLWithPath: profile))
            _ = TailoredOutput(engine: engine, tailoring: hearing.tailoring)
            print("Applied version \(hearing.version) of \(profile).")
        }
        let buffer: SoundBuffer
        var gain = gainDb
        var label: String
        if let sound {
            let catalog = try SoundCatalog.locate(explicitFolder: sounds)
            let entry: SoundEntry
            do {
                entry = try catalog.entry(named: sound)
            } catch SpatialAudioError.unknownSound(let name, let available) {
                // A stamp `sounds import` refused is named with its reason rather than as a typing slip.
                if let call = try? AnimalLibrary.standard().calls().first(where: { $0.name == name }),
                    let rejection = call.rejection
                {
                    throw ValidationError(
                        "--sound '\(name)' was not accepted by `soundsafari sounds import` (\(rejection)); "
                            + "choose one of \(available.joined(separator: ", ")).")
                }
                // The option is what the user typed wrong, so the sentence names it.
                throw ValidationError(
                    "--sound '\(name)' is not in \(catalog.folder.appendingPathComponent(SoundCatalog.fileName).path); "
                        + "choose one of \(available.joined(separator: ", ")).")
            }
            buffer = try engine.loadBuffer(file: entry.fileURL, downmix: downmix)
            gain += entry.gainDB
            label = "'\(entry.name)'"
        } else {
            buffer = try engine.loadBuffer(file: URL(fileURLWithPath: file!), downmix: downmix)
            label = file!
        }
        let seconds = self.seconds ?? buffer.durationSeconds
        let frames = Int((seconds * Double(SpatialAudioEngine.sampleRate)).rounded())
        let source = try engine.makeSource(
            buffer: buffer, bearing: Bearing(degrees: bearing), gainDB: gain,
            looping: seconds > buffer.durationSeconds)
        engine.heading = Bearing(degrees: heading)
        source.play()
        let output = engine.render(frames: frames)
        let url = URL(fileURLWithPath: out)
        try AudioFileWriter.write(
            output, channels: SpatialAudioEngine.channelCount, sampleRate: SpatialAudioEngine.sampleRate,
            format: .wavFloat, to: url)

        let cues = InterauralMeter.measure(interleaved: output)
        let relative = Bearing(degrees: bearing).relative(to: Bearing(degrees: heading))
        label += String(
            format: " at %g° heard facing %g° (relative %+g°)", Bearing(degrees: bearing).degrees,
            Bearing(degrees: heading).degrees, relative)
        let side = abs(cues.ildDB) < 1 ? "balanced" : (cues.ildDB > 0 ? "right ear louder" : "left ear louder")
        print("Wrote \(url.path): \(String(format: "%.2f", Double(frames) / 48_000)) s, 48000 Hz stereo float.")
        print("Rendered \(label) with \(engine.hrtf).")
        print("Measured \(cues) — \(side).")
        let peak = output.map(abs).max() ?? 0
        if peak > 1 {
            print(
                String(
                    format: "Note: peak %.1f dBFS exceeds full scale; lower --gain-db before converting to 16 bit.",
                    20 * log10(Double(peak))))
        }
    }
}
