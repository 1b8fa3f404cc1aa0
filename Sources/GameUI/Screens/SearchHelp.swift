// Help for a patient stuck in a search: the side the animal is on, never its direction.
import GameCore
import Localization

/// After the plan's `feedback.help_after_s` of searching, the running screen narrows the search to a side
/// (ahead, left, right or behind, each a quarter of the circle or more) and offers the call again: enough to
/// get going, never the answer (a 644-second search with no help was issue 25's fifth defect).
struct SearchHelp: Equatable {
    /// The animal relative to where the player faces, degrees, positive to the right.
    let relativeDeg: Double
    let animal: String

    /// "Stuck? The frog is somewhere behind you."
    var sentence: String {
        let animal = ["animal": animal]
        switch relativeDeg {
        case ...(-135), 135...:
            return Translation.gettext("Stuck? The {animal} is somewhere behind you: turn right round.", animal)
        case -45...45:
            return Translation.gettext(
                "Stuck? The {animal} is somewhere in front of you: turn slowly and listen for equal loudness.", animal)
        case 45...: return Translation.gettext("Stuck? The {animal} is somewhere to your right.", animal)
        default: return Translation.gettext("Stuck? The {animal} is somewhere to your left.", animal)
        }
    }

    /// The help for `session` at `time`, once the search has lasted `afterSeconds`; nil before.
    static func forSearch(
        _ session: GameSession, heading: Bearing, at time: MonotonicTime, afterSeconds: Double?,
        name: (String) -> String
    ) -> SearchHelp? {
        guard let afterSeconds, let searched = session.searchSeconds(at: time), searched >= afterSeconds,
            let bearing = session.searchedTargetBearing, let level = session.level,
            let index = level.currentTargetIndex, let sound = session.currentRound?.targetSounds[safe: index]
        else { return nil }
        return SearchHelp(relativeDeg: bearing.relative(to: heading), animal: name(sound))
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
