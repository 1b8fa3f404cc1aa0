// Read aloud in the window: F4, each screen's sentence spoken through the game's own audio, never over a stimulus.
import Foundation
import GameCore
import Localization
import SpatialAudio
import StudyKit
import StudyRecords

extension GameApp {
    /// How long the sentence saying read aloud was turned on or off (or cannot be) stays on screen.
    static let readAloudNoticeSeconds = 5.0

    /// F4: on speaks the screen's sentence (espeak-ng first checked: without it one sentence says so and the
    /// setting stays off), off silences at once; remembered in the participant's display.json.
    func toggleReadAloud() throws {
        let stimulus = readAloudStimulus
        if hearing != nil {
            return notify(
                Translation.gettext(
                    "Read aloud is not used in the hearing test or the pitch match: their tones must be heard alone."))
        }
        if !readAloud.enabled {
            do {
                // espeak-ng first: without it no audio device is opened for nothing.
                _ = try SpeechSynthesizer()
                guard let audio = try speechAudio() else { throw SpatialAudioError.speechUnavailable }
                _ = try audio.speechPlayer()
            } catch {
                return notify("\(error)")
            }
        }
        if !readAloud.enabled {
            // The rule saw no screen while off (syncReadAloud skips it then): it learns the one showing now.
            _ = readAloud.show(screen: flow.screen.name, sentence: readAloudSentence, stimulus: stimulus)
        }
        try carryOut(readAloud.toggle(stimulus: stimulus))
        notify(
            readAloud.enabled
                ? Translation.gettext("Read aloud is on: each screen's sentence is spoken (F4 turns it off).")
                : Translation.gettext("Read aloud is off (F4 turns it on)."))
        try rememberDisplay()
    }

    /// Shows `text` over the screen for `readAloudNoticeSeconds`.
    private func notify(_ text: String) {
        readAloud.notice = (text, clock.now() + Self.readAloudNoticeSeconds)
    }

    /// Called each frame and on every transition (before the effects that start a round's sound): the rule
    /// (`ReadAloud`) decides, this carries it out.
    func syncReadAloud() throws {
        if let speech = audio?.speech, readAloud.speaking != nil, !speech.isSpeaking { readAloud.finished() }
        guard readAloud.enabled || readAloud.speaking != nil else { return }
        try carryOut(
            readAloud.show(screen: flow.screen.name, sentence: readAloudSentence, stimulus: readAloudStimulus))
    }

    private func carryOut(_ effects: [ReadAloud.Effect]) throws {
        for effect in effects {
            switch effect {
            case .stop:
                audio?.speech?.stop()
            case .speak(let sentence):
                do {
                    try speechAudio()?.speechPlayer().speak(sentence, voice: Translation.language.voice)
                } catch {
                    // espeak-ng gone or failing meanwhile: say so once, and read aloud goes off.
                    readAloud.turnOff()
                    notify("\(error)")
                }
            }
        }
    }

    /// The game's audio output for the voice: the session's when there is one; before it (the menu, the name
    /// picker) the engine is opened with the menu's sound set, at the participant's last volume (never above their
    /// maximum) through their output stage, so the limiter's ceiling holds for speech too. None in a hearing window
    /// (its tones have their own output, and it speaks nothing).
    private func speechAudio() throws -> AppAudio? {
        if let audio { return audio }
        guard hearing == nil else { return nil }
        let hrtf = flow.screen == .mainMenu ? menu.settings.hrtf : settings.hrtf
        let opened = try AppAudio(hrtf: hrtf.isEmpty ? nil : hrtf, soundsFolder: options.soundsFolder)
        let participant = flow.screen == .mainMenu ? menu.participant : settings.participant
        if let id = try? ParticipantID(participant) {
            let profile = try FileSessionStore(logs: options.logs).hearingProfile(of: id)
            opened.masterGainDB =
                HeadphoneCheck(
                    volumeDB: try LastVolume.find(logs: options.logs, participant: id),
                    maximumDB: profile?.maxVolumeDB
                ).volumeDB
            _ = TailoredOutput(engine: opened.engine, tailoring: profile?.tailoring ?? .none)
        } else {
            _ = TailoredOutput(engine: opened.engine, tailoring: .none)
        }
        audio = opened
        return opened
    }

    /// An animal call or a tone sounds now, or starts with this screen: speech must not.
    var readAloudStimulus: Bool { controller?.stimulusSounds(app: self) ?? false }

    /// The one sentence of what to do that the screen shows (nil: nothing to speak).
    var readAloudSentence: String? { controller?.sentence(app: self) }

    /// What the menu's footer says of read aloud: off, on, or on and speaking now.
    var readAloudState: String {
        guard readAloud.enabled else { return Translation.gettext("off") }
        return audio?.speech?.isSpeaking == true ? Translation.gettext("on, speaking") : Translation.gettext("on")
    }
}

extension Language {
    /// espeak-ng's voice for the sentences of this language (the pseudo-language's are English).
    var voice: String {
        switch self {
        case .german: "de"
        case .english, .pseudo: "en"
        }
    }
}
