// GameCore's names and instructions as the window shows them, in the run's language: GameCore itself speaks no
// language (its strings are the logs' and the simulator's), so the window words them here.
import GameCore
import Localization

enum GameWording {
    /// An animal's name from the sound catalog's `sound` (sounds.json's `name`), translated when the catalog's
    /// animals are known here; a recorded call is named by its stamp's `.txt` in the run's language ("Ente",
    /// "duck"); any other sound keeps its `display_name` (lower-cased), untranslated.
    static func animal(_ sound: String, displayName: String) -> String {
        switch sound {
        // TRANSLATORS: an animal's name inside sentences ("Photograph the {animal}."); lower case in English.
        case "frog": Translation.gettext("frog")
        // TRANSLATORS: an animal's name inside sentences ("Photograph the {animal}."); lower case in English.
        case "bluejay": Translation.gettext("blue jay")
        default: Stamps.name(of: sound, language: Translation.language) ?? displayName
        }
    }

    /// A level's name: the main menu's mode, the summary's condition column, the break's "next" line.
    static func level(_ kind: LevelKind) -> String {
        switch kind {
        case .oneTarget: Translation.gettext("one target")
        case .twoTargets: Translation.gettext("two targets")
        case .twoTargetsBackground: Translation.gettext("two targets with background")
        case .oneTargetBackground: Translation.gettext("one target with background")
        }
    }

    /// A round's level as the patient heard it, for the free game's summary ("two animals, with background sound");
    /// a protocol's own condition name as it is.
    static func heard(_ condition: String) -> String {
        switch LevelKind(rawValue: condition) {
        case .oneTarget: Translation.gettext("one animal")
        case .twoTargets: Translation.gettext("two animals")
        case .twoTargetsBackground: Translation.gettext("two animals, with background sound")
        case .oneTargetBackground: Translation.gettext("one animal, with background sound")
        case nil: FlowRound.label(for: condition)
        }
    }

    /// What the player is asked to do now (GameCore's `GameSession.instruction`, in the run's language).
    /// `names` are the level's targets' names, in the order they are photographed.
    static func instruction(state: GameSessionState, kind: LevelKind?, target: Int?, names: [String]) -> String {
        switch state {
        case .ready: return Translation.gettext("Get ready.")
        case .paused: return Translation.gettext("Paused. Press P to continue.")
        case .showingResult(_, let roundEnd):
            return roundEnd
                ? Translation.gettext("Round complete.") : Translation.gettext("Well done! Ready for the next one?")
        case .finished: return Translation.gettext("Session complete. Thank you!")
        case .stopped: return Translation.gettext("Session stopped.")
        case .searching: break
        }
        guard let kind, let target, names.indices.contains(target) else {
            return Translation.gettext("All animals photographed.")
        }
        let animal = ["animal": names[target]]
        switch (kind, target) {
        case (.oneTarget, _):
            return Translation.gettext(
                "Listen for the {animal}, turn until it is straight ahead, and take its photo.", animal)
        case (.oneTargetBackground, _):
            return Translation.gettext(
                "An animal is calling through the noise: find the {animal} and take its photo.", animal)
        case (.twoTargets, 0):
            return Translation.gettext("Two animals are calling. Photograph the {animal} first.", animal)
        case (.twoTargetsBackground, 0):
            return Translation.gettext(
                "Two animals are calling through the noise. Photograph the {animal} first.", animal)
        case (.twoTargets, _), (.twoTargetsBackground, _):
            return Translation.gettext("Now photograph the {animal}.", animal)
        }
    }
}
