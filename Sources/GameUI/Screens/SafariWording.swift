// The safari's scenes in the run's language: their names, the menu's list, what a session opened and what opens next.
import GameCore
import Localization
import SessionRuntime

/// GameCore names the scenes by id (`pond`, the logs' word); the window and `simulate` word them here.
package enum SafariWording {
    package static func title(_ scene: SafariScene) -> String {
        switch scene.id {
        // TRANSLATORS: a scene of the safari (the main menu's list, the end screen).
        case "pond": Translation.gettext("Pond")
        // TRANSLATORS: a scene of the safari.
        case "farm": Translation.gettext("Farm")
        // TRANSLATORS: a scene of the safari.
        case "forest": Translation.gettext("Forest")
        // TRANSLATORS: a scene of the safari.
        case "coast": Translation.gettext("Coast")
        // TRANSLATORS: a scene of the safari.
        case "savannah": Translation.gettext("Savannah")
        default: scene.title
        }
    }

    /// The main menu's list: "Safari: Pond ✓ · Farm ✓ · Forest (locked: 6 sessions, 100 points) · …".
    package static func sceneList(_ progress: SafariProgress) -> String {
        let scenes = SafariScene.all.map { scene in
            scene.isOpen(sessionsDone: progress.sessionsDone, points: progress.points)
                ? Translation.gettext(
                    // TRANSLATORS: an open scene in the main menu's list; {scene} is its name.
                    "{scene} ✓", ["scene": title(scene)])
                : Translation.gettext(
                    // TRANSLATORS: a locked scene in the main menu's list and the plan sessions and points that open it.
                    "{scene} (locked: {sessions} sessions, {points} points)",
                    ["scene": title(scene), "sessions": String(scene.sessionsDone), "points": String(scene.points)])
        }
        return Translation.gettext(
            // TRANSLATORS: the main menu's list of the safari's scenes; {scenes} are the scenes joined by " · ".
            "Safari: {scenes}", ["scenes": scenes.joined(separator: " · ")])
    }

    /// "New scene open — Farm! Your next session plays there."
    package static func opened(_ scene: SafariScene) -> String {
        Translation.gettext(
            // TRANSLATORS: the end screen, when the session opened a scene of the safari.
            "New scene open — {scene}! Your next session plays there.", ["scene": title(scene)])
    }

    /// "Next: Forest opens after 6 sessions and 100 points (you have 4 and 301)." — nil once every scene is open.
    package static func nextMilestone(_ progress: SafariProgress) -> String? {
        guard let next = progress.next else { return nil }
        return Translation.gettext(
            // TRANSLATORS: the end screen: the next scene of the safari and its milestone, then the patient's own figures.
            "Next: {scene} opens after {sessions} sessions and {points} points (you have {done} and {earned}).",
            [
                "scene": title(next), "sessions": String(next.sessionsDone), "points": String(next.points),
                "done": String(progress.sessionsDone), "earned": String(progress.points),
            ])
    }
}
