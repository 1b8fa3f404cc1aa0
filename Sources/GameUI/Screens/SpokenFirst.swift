// A screen's own stimulus that waits for the screen's sentence to be spoken (read aloud), never sounding over it.
import GameCore

/// With read aloud on, the headphone check's sound and the practice animal wait until the screen's sentence (what
/// to do) has been spoken: a patient who cannot read the screen hears the instruction first, and speech never
/// sounds with a stimulus (`ReadAloud` would cut it). An answer, read aloud off or unavailable, or
/// `longestWaitSeconds` without speech start the stimulus at once.
struct SpokenFirst: Equatable {
    static let longestWaitSeconds = 20.0
    /// The stimulus waits (its screen speaks its sentence instead).
    private(set) var holding: Bool
    private var heardSpeech = false
    private var since: MonotonicTime?

    init(readAloud: Bool) { holding = readAloud }

    /// Each frame: whether the stimulus may sound now. `speaking`: the screen's sentence sounds.
    mutating func update(readAloud: Bool, speaking: Bool, now: MonotonicTime) -> Bool {
        guard holding else { return true }
        let started = since ?? now
        since = started
        if speaking {
            heardSpeech = true
        } else if heardSpeech || !readAloud || now - started > Self.longestWaitSeconds {
            holding = false
        }
        return !holding
    }

    /// The patient answered or went on: the stimulus starts now.
    mutating func release() { holding = false }
}
