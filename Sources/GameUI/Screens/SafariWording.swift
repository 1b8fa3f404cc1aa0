// The safari's scenes as the window says them in the run's language: SessionRuntime keeps the progress (sessions,
// points, which scene is open), GameCore the scenes' ids and milestones.
import GameCore
import Localization
import SessionRuntime

enum SafariWording {
    /// A scene's name (`SafariScene.title` in English).
    static func title(_ scene: SafariScene) -> String {
        switch scene.id {
        case "pond": Translation.gettext("Pond")
        case "farm": Translation.gettext("Farm")
        case "forest": Translation.gettext("Forest")
        case "coast": Translation.gettext("Coast")
        case "savannah": Translation.gettext("Savannah")
        default: scene.title
        }
    }

    /// The main menu's line: "Safari: Pond ✓ · Farm ✓ · Forest (locked: 6 sessions, 100 points) · …".
    static func sceneList(_ safari: SafariProgress) -> String {
        let scenes = SafariScene.all.map { scene in
            scene.isOpen(sessionsDone: safari.sessionsDone, points: safari.points)
                ? Translation.gettext("{scene} ✓", ["scene": title(scene)])
                : Translation.gettext(
                    "{scene} (locked: {sessions} sessions, {points} points)",
                    ["scene": title(scene), "sessions": String(scene.sessionsDone), "points": String(scene.points)])
        }
        return Translation.gettext("Safari: {scenes}", ["scenes": scenes.joined(separator: " · ")])
    }

    /// "Next: the Farm opens after 3 sessions and 40 points (you have 1 and 24)." — nil once every scene is open.
    static func nextMilestone(_ safari: SafariProgress) -> String? {
        guard let next = safari.next else { return nil }
        return Translation.gettext(
            "Next: the {scene} opens after {sessions} sessions and {points} points (you have {done} and {earned}).",
            [
                "scene": title(next), "sessions": String(next.sessionsDone), "points": String(next.points),
                "done": String(safari.sessionsDone), "earned": String(safari.points),
            ])
    }

    /// The end screen's news when the session opened a scene.
    static func opened(_ scene: SafariScene) -> String {
        Translation.gettext(
            "New scene open: the {scene}! Your next session plays there.", ["scene": title(scene)])
    }
}
