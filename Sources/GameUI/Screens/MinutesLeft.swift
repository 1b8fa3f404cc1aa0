// The minutes left of a timed training session: the words and the bar the patient sees instead of a round count.
import Localization

/// A plan session ends by its minutes, after the round that uses them up, so "Round 4 of 32" names rounds the
/// session never reaches. The header says the round and the minutes left, and a bar shows the share left.
struct MinutesLeft: Equatable {
    let limitSeconds: Double
    let playedSeconds: Double

    var secondsLeft: Double { max(0, limitSeconds - playedSeconds) }
    /// From 1 (nothing played) to 0 (the minutes are used up).
    var fraction: Double { limitSeconds > 0 ? min(1, secondsLeft / limitSeconds) : 0 }

    /// "9 min left", "under a minute left", "time is up: this is the last round".
    var words: String {
        if secondsLeft <= 0 { return Translation.gettext("time is up: this is the last round") }
        if secondsLeft < 60 { return Translation.gettext("under a minute left") }
        return Translation.gettext("{minutes} min left", ["minutes": String(Int((secondsLeft / 60).rounded(.up)))])
    }

    /// "Round 4 · 9 min left".
    func header(round: Int) -> String {
        Translation.gettext("Round {round} · {left}", ["round": String(round), "left": words])
    }
}
