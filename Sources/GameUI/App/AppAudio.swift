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

    /// Plays the check sound (the first target sound, looping) on `side` alone (the other ear silent); nil silences it.
    func playCheckSound(on side: EarSide?) throws {
        guard side != checkSide else { return }
        checkSide = side
        checkSource?.stop()
        // The other ear hears nothing at all, not the HRTF's far-ear sound (unambiguous for one weaker ear).
        output.silence(ear: side.map { $0 == .left ? .right : .left })
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

    /// The practice animal's catalog name (`practiceAnimal(from:)`): nil plays the catalog's first target.
    var practiceName: String? {
        didSet {
            guard practiceName != oldValue else { return }
            practiceSource?.stop()
            practiceSource = nil
        }
    }
    /// The practice animal's own source, made for it on first use (a recorded call of the session's scene is
    /// not the check sound).
    private var practiceSource: SpatialSource?

    /// The practice animal (`practiceSound`, looping) at `bearing` while the listener faces `heading`; nil
    /// silences it. The check sound is silent while it plays: the two never play at once.
    func playPractice(at bearing: Bearing?, heading: Bearing) throws {
        guard let bearing else {
            practiceSource?.stop()
            return
        }
        if checkSide != nil || checkSource?.state == .playing {
            checkSide = nil
            checkSource?.stop()
        }
        output.silence(ear: nil)
        if practiceSource == nil, let target = practiceEntry {
            practiceSource = try engine.makeSource(
                buffer: try engine.loadBuffer(file: target.fileURL), gainDB: target.gainDB, looping: true)
        }
        engine.heading = heading
        practiceSource?.bearing = bearing
        if practiceSource?.state != .playing { practiceSource?.play() }
    }

    /// The practice animal's catalog entry: `practiceName` when the catalog has it, else the first target.
    private var practiceEntry: SoundEntry? {
        let targets = catalog.entries(role: .target)
        return targets.first { $0.name == practiceName } ?? targets.first
    }

    /// The practice animal's name and sound.
    var practiceSound: (name: String, displayName: String)? {
        practiceEntry.map { ($0.name, GameWording.animal($0.name, displayName: $0.displayName.lowercased())) }
    }

    /// The animal a session's practice plays: the first recorded call its rounds cast (a safari session plays its
    /// scene's animals, `SafariScene.cast`); without one (no library imported, or a plan with its own targets) the
    /// catalog's first target, the synthesised frog, as every other fallback to the synthesised animals.
    static func practiceAnimal(from rounds: [RoundPlan], scene: String?) -> String? {
        guard let animals = scene.flatMap(SafariScene.named)?.animals else { return nil }
        return rounds.lazy.flatMap(\.targetSounds).first { animals.contains($0) }
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
        practiceSource?.stop()
        output.close()
    }
}
