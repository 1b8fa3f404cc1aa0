// The safari's sentences (scene names, the menu's scene list, what opens next) in the player's language: the scenes
// and their milestones are GameCore's and SessionRuntime's facts, the words are the window's.
import GameCore
import Localization
import SessionRuntime

package enum SafariWording {
    /// A scene's name in the player's language (the logs keep its `id`).
    package static func title(_ scene: SafariScene) -> String {
        switch scene.id {
        // TRANSLATORS: the safari's scenes, as the main menu lists them and the end screen announces them.
        case "pond": Translation.gettext("Pond")
        case "farm": Translation.gettext("Farm")
        case "forest": Translation.gettext("Forest")
        case "coast": Translation.gettext("Coast")
        case "savannah": Translation.gettext("Savannah")
        default: scene.title
        }
    }

    /// The main menu's scene list: "Safari: Pond ✓ · Farm ✓ · Forest (locked: 4 sessions, 768 points) · …".
    package static func sceneList(_ progress: SafariProgress) -> String {
        let scenes = SafariScene.all.map { scene in
            progress.milestones.isOpen(scene, sessionsDone: progress.sessionsDone, points: progress.points)
                ? Translation.gettext("{scene} ✓", ["scene": title(scene)])
                : Translation.gettext(
                    "{scene} (locked: {sessions} sessions, {points} points)",
                    [
                        "scene": title(scene), "sessions": String(progress.milestones.sessions(for: scene)),
                        "points": String(progress.milestones.points(for: scene)),
                    ])
        }
        return Translation.gettext("Safari: {scenes}", ["scenes": scenes.joined(separator: " · ")])
    }

    /// "Next: the Farm opens after 2 sessions and 384 points (you have 1 and 420)." — nil once every scene is open.
    package static func nextMilestone(_ progress: SafariProgress) -> String? {
        guard let next = progress.next else { return nil }
        return Translation.gettext(
            "Next: the {scene} opens after {sessions} sessions and {points} points (you have {done} and {earned}).",
            [
                "scene": title(next), "sessions": String(progress.milestones.sessions(for: next)),
                "points": String(progress.milestones.points(for: next)),
                "done": String(progress.sessionsDone), "earned": String(progress.points),
            ])
    }

    /// The end screen's announcement of a scene the session opened.
    package static func opened(_ scene: SafariScene) -> String {
        Translation.gettext(
            "New scene open: the {scene}! Your next session plays there.", ["scene": title(scene)])
    }
}
