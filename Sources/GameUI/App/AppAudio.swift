// The window app's sound: the binaural engine with the chosen HRTF, played through the SDL audio device.
import Foundation
import GameCore
import SessionRuntime
import SpatialAudio

/// Owns the `SpatialAudioEngine` (HRTF chosen in the menu), the sound catalog and the SDL audio output
/// that renders the engine from the audio callback. Also plays the headphone check's sound and the shutter.
final class AppAudio {
    let engine: SpatialAudioEngine
    let catalog: SoundCatalog
    let output: SDLAudioOutput
    private var checkSource: SpatialSource?
    private var checkSide: EarSide?
    private var shutter: SpatialSource?
    /// Read aloud's voice on this engine (made on first use: it needs espeak-ng).
    private(set) var speech: SpeechPlayer?

    /// Throws a sentence naming the problem: no sounds folder, an unusable HRTF, no audio device.
    init(hrtf: String?, soundsFolder: String?) throws {
        catalog = try SoundCatalog.locate(explicitFolder: soundsFolder)
        engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required, hrtfName: hrtf))
        // Silent until the headphone check sets the safe default volume.
        engine.masterGainDB = HeadphoneCheck.defaultVolumeDB
        output = try SDLAudioOutput(engine: engine)
        output.start()
        if let effect = catalog.entries(role: .effect).first {
            shutter = try engine.makeSource(buffer: try engine.loadBuffer(file: effect.fileURL), gainDB: effect.gainDB)
        }
    }

    var masterGainDB: Double {
        get { engine.masterGainDB }
        set { engine.masterGainDB = newValue }
    }

    /// The HRTF actually in use, for the log.
    var hrtfName: String { engine.hrtf.name ?? "none" }

    /// Plays the check sound (the first target sound, looping) hard on `side`; nil silences it.
    func playCheckSound(on side: EarSide?) throws {
        guard side != checkSide else { return }
        checkSide = side
        checkSource?.stop()
        guard let side else { return }
        if checkSource == nil, let target = catalog.entries(role: .target).first {
            checkSource = try engine.makeSource(
                buffer: try engine.loadBuffer(file: target.fileURL),
                gainDB: target.gainDB, looping: true)
        }
        engine.heading = .forward
        checkSource?.bearing = Bearing(degrees: side.bearingDegrees)
        checkSource?.play()
    }

    /// The practice animal (the first target sound, looping) at `bearing` while the listener faces `heading`;
    /// nil silences it. It shares the check sound's source: the two never play at once.
    func playPractice(at bearing: Bearing?, heading: Bearing) throws {
        guard let bearing else {
            if checkSide == nil { checkSource?.stop() }
            return
        }
        checkSide = nil
        if checkSource == nil, let target = catalog.entries(role: .target).first {
            checkSource = try engine.makeSource(
                buffer: try engine.loadBuffer(file: target.fileURL), gainDB: target.gainDB, looping: true)
        }
        engine.heading = heading
        checkSource?.bearing = bearing
        if checkSource?.state != .playing { checkSource?.play() }
    }

    /// The practice animal's name and sound (the catalog's first target).
    var practiceSound: (name: String, displayName: String)? {
        catalog.entries(role: .target).first.map {
            ($0.name, GameWording.animal($0.name, displayName: $0.displayName.lowercased()))
        }
    }

    /// The camera's shutter: head-locked straight ahead, so it never hints at a direction.
    func playShutter(heading: Bearing) {
        guard let shutter else { return }
        shutter.stop()
        shutter.bearing = heading
        shutter.play()
    }

    /// The voice of read aloud, made on first use; throws the sentence saying espeak-ng is missing.
    func speechPlayer() throws -> SpeechPlayer {
        if let speech { return speech }
        let player = SpeechPlayer(engine: engine, synthesizer: try SpeechSynthesizer())
        speech = player
        return player
    }

    func stop() {
        speech?.stop()
        checkSource?.stop()
        output.close()
    }
}
