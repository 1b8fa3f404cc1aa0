// When a screen's sentence may be spoken: the rule of "read aloud" as a pure state machine (no sound, no clock read).
import GameCore

/// The patient's "read aloud" (F4): each screen's one sentence is spoken once when the screen (or its sentence)
/// appears, speech stops when it changes, and speech never sounds with a stimulus. `GameApp` reports every frame (and
/// every transition, before the sound it starts) which screen shows, its sentence and whether a stimulus sounds or is
/// due (a round searching, the practice animal, the headphone check's sound, a feedback replay, a hearing tone); it
/// carries out the effects. A screen whose stimulus is due waits: its sentence is spoken once the stimulus has ended
/// (a result after its replay); a stimulus starting while the sentence is spoken cuts it, and it is not repeated.
struct ReadAloud: Equatable {
    enum Effect: Equatable {
        case speak(String)
        case stop
    }

    private(set) var enabled: Bool
    /// The screen and sentence last seen; a change of either is a new screen for the speech.
    private var shown: (screen: String, sentence: String?)?
    /// What is sounding now, as far as this rule knows (nil: silent or finished).
    private(set) var speaking: String?
    /// The sentence of the screen showing has been spoken (or cut): it is not spoken again there.
    private var spokenHere = false

    /// The sentence saying what F4 just did (or why read aloud cannot start), and until when it shows.
    var notice: (text: String, until: MonotonicTime)?

    init(enabled: Bool = false, notice: (text: String, until: MonotonicTime)? = nil) {
        self.enabled = enabled
        self.notice = notice
    }

    static func == (lhs: ReadAloud, rhs: ReadAloud) -> Bool {
        lhs.enabled == rhs.enabled && lhs.speaking == rhs.speaking && lhs.shown?.screen == rhs.shown?.screen
            && lhs.shown?.sentence == rhs.shown?.sentence
    }

    /// What shows now. `stimulus`: an animal call or tone sounds, or is about to start with this screen.
    mutating func show(screen: String, sentence: String?, stimulus: Bool) -> [Effect] {
        let changed = shown?.screen != screen || shown?.sentence != sentence
        shown = (screen, sentence)
        if changed { spokenHere = false }
        var effects: [Effect] = []
        if speaking != nil && (changed || stimulus) {
            speaking = nil
            effects.append(.stop)
        }
        if !spokenHere, enabled, !stimulus, let sentence, !sentence.isEmpty {
            spokenHere = true
            speaking = sentence
            effects.append(.speak(sentence))
        }
        return effects
    }

    /// The player sounded the end of the sentence (the engine's source stopped by itself).
    mutating func finished() { speaking = nil }

    /// F4: on speaks the sentence of the screen showing (unless a stimulus sounds), off silences at once.
    mutating func toggle(stimulus: Bool) -> [Effect] {
        enabled.toggle()
        guard enabled else {
            guard speaking != nil else { return [] }
            speaking = nil
            return [.stop]
        }
        // On during a stimulus: the screen's sentence follows when it has ended (as for a screen just shown).
        spokenHere = false
        guard !stimulus, let sentence = shown?.sentence, !sentence.isEmpty else { return [] }
        spokenHere = true
        speaking = sentence
        return [.speak(sentence)]
    }

    /// Read aloud could not be turned on (no espeak-ng): it stays off.
    mutating func turnOff() {
        enabled = false
        speaking = nil
    }
}
