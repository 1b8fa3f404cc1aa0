// The main menu's rows and the settings they produce: participant, mode, background, rounds, input, HRTF.
import Foundation
import GameCore
import Localization
import StudyKit
import StudyRecords

/// What the main menu decides, also preset from `play`'s flags.
package struct MenuSettings: Equatable, Sendable {
    var participant: String
    var mode: LevelKind
    var rounds: Int
    var input: InputKind
    var hrtf: String

    package init(participant: String, mode: LevelKind, rounds: Int, input: InputKind, hrtf: String) {
        self.participant = participant
        self.mode = mode
        self.rounds = rounds
        self.input = input
        self.hrtf = hrtf
    }

    var background: Bool { mode.hasBackground }

    package static let roundChoices = Array(StudyProtocol.builtInRounds)
}

/// Builds the main menu and reads it back. Mode (one or two targets) and background are independent rows:
/// together they pick one of the four levels, and changing one never changes the other.
enum MainMenu {
    /// The name the menu gives OpenAL Soft's default HRTF.
    static let standardSoundSet = "standard"

    /// The mode row's options: the number of targets, without the background (that is its own row).
    static let modeOptions = [LevelKind.oneTarget.title, LevelKind.twoTargets.title]

    /// - Parameters:
    ///   - knownParticipants: registered IDs, cycled with left/right so a gamepad alone can pick one.
    ///   - inputs: the devices present; the others are shown but cannot be chosen.
    static func model(
        _ settings: MenuSettings, knownParticipants: [String],
        inputs: [InputKind], hrtfs: [String]
    ) -> MenuModel {
        let inputNames = InputKind.allCases.filter { inputs.contains($0) }.map(\.menuName)
        // OpenAL Soft's own data set (the first offered) is "standard" to a patient: its internal name
        // ("default-48000") means nothing to them. Choosing it leaves `hrtf` empty, which plays that default.
        let hrtfNames = (hrtfs.isEmpty ? [settings.hrtf] : hrtfs).map { $0 == hrtfs.first ? Self.standardSoundSet : $0 }
        let selectedHRTF =
            settings.hrtf.isEmpty || settings.hrtf == hrtfs.first ? Self.standardSoundSet : settings.hrtf
        return MenuModel(
            [
                .text(
                    "participant", Translation.gettext("Participant"), value: settings.participant,
                    suggestions: knownParticipants),
                .choice(
                    "mode", Translation.gettext("Mode"), options: modeOptions,
                    selected: modeOptions[settings.mode.targetCount > 1 ? 1 : 0]
                ).labelled([
                    LevelKind.oneTarget.title: GameWording.level(.oneTarget),
                    LevelKind.twoTargets.title: GameWording.level(.twoTargets),
                ]),
                .choice(
                    "background", Translation.gettext("Background sound"), options: ["off", "on"],
                    selected: settings.background ? "on" : "off"
                ).labelled(["off": Translation.gettext("off"), "on": Translation.gettext("on")]),
                .choice(
                    "rounds", Translation.gettext("Rounds"), options: MenuSettings.roundChoices.map(String.init),
                    selected: String(settings.rounds)),
                .choice("input", Translation.gettext("Input"), options: inputNames, selected: settings.input.menuName)
                    .labelled(Dictionary(uniqueKeysWithValues: InputKind.allCases.map { ($0.menuName, $0.shownName) })),
                .choice("hrtf", Translation.gettext("Sound set"), options: hrtfNames, selected: selectedHRTF)
                    .labelled([Self.standardSoundSet: Translation.gettext("standard")]),
                .button("start", Translation.gettext("Start")),
                .button("train", Translation.gettext("Train (my plan)")),
                .button("progress", Translation.gettext("My progress")),
                .button("diary", Translation.gettext("My diary")),
                .button("album", Translation.gettext("My album")),
                .button("findSound", Translation.gettext("Find my sound")),
                .button("forDoctor", Translation.gettext("For my doctor")),
                // Below the rows the window tests count their way down to, so those keep their places.
                .button("messages", Translation.gettext("My messages")),
                .button("quit", Translation.gettext("Quit")),
                // Who made the sounds, pictures, sound sets and fonts: below Quit, so the rows above keep their places.
                .button("about", Translation.gettext("About and credits")),
                // Last (Up from the first row wraps to it); its own words in every language, so anyone finds it.
                LanguageRow.item(),
            ], focus: settings.participant.isEmpty ? "participant" : "start")
    }

    /// Reads the settings back from the menu.
    static func settings(from model: MenuModel) -> MenuSettings {
        let mode = LevelKind.with(
            targets: model.value("mode") == LevelKind.twoTargets.title ? 2 : 1,
            background: model.value("background") == "on")
        return MenuSettings(
            participant: model.value("participant").trimmingCharacters(in: .whitespaces),
            mode: mode,
            rounds: Int(model.value("rounds")) ?? 1,
            input: InputKind(rawValue: model.value("input")) ?? .keyboard,
            hrtf: model.value("hrtf") == standardSoundSet ? "" : model.value("hrtf"))
    }

    /// The rounds a play session of these settings has (each mode's level has a fixed number of targets).
    static func rounds(for settings: MenuSettings) -> [FlowRound] {
        Array(
            repeating: FlowRound(condition: settings.mode.rawValue, targets: settings.mode.targetCount),
            count: max(1, settings.rounds))
    }
}
