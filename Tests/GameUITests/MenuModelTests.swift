// Menus driven by device-independent commands: focus, choices, text entry, the main menu's settings.
import GameCore
import StudyKit
import StudyRecords
import Testing

@testable import GameUI

@Suite struct MenuModelTests {
    private let defaults = MenuSettings(
        participant: "", mode: .oneTarget, rounds: 3, input: .keyboard, hrtf: "Built-In HRTF")

    @Test func upAndDownSkipDisabledRowsAndWrapAround() {
        var menu = MenuModel([.button("a", "A"), .button("b", "B"), .button("c", "C")])
        menu.setEnabled("b", false)
        menu.handle(.down)
        #expect(menu.focusedItem?.id == "c")
        menu.handle(.down)
        #expect(menu.focusedItem?.id == "a")
        menu.handle(.up)
        #expect(menu.focusedItem?.id == "c")
    }

    @Test func leftAndRightCycleAChoiceAndReportTheChange() {
        var menu = MenuModel([.choice("x", "X", options: ["1", "2", "3"], selected: "1")])
        #expect(menu.handle(.left) == .changed("x"))
        #expect(menu.value("x") == "3")
        menu.handle(.right)
        menu.handle(.right)
        #expect(menu.value("x") == "2")
    }

    @Test func typingEditsATextFieldAndBackspaceDeletes() {
        var menu = MenuModel([.text("p", "Participant", value: "", maxLength: 4)])
        menu.handle(.text("P0"))
        menu.handle(.text("17x"))
        #expect(menu.value("p") == "P017", "text beyond the maximum length is dropped")
        menu.handle(.backspace)
        #expect(menu.value("p") == "P01")
    }

    @Test func aGamepadPicksAKnownParticipantWithLeftAndRight() {
        var menu = MainMenu.model(defaults, knownParticipants: ["P01", "P02"], inputs: [.keyboard], hrtfs: [])
        #expect(menu.focusedItem?.id == "participant")
        menu.handle(.right)
        #expect(menu.value("participant") == "P01")
        menu.handle(.right)
        #expect(menu.value("participant") == "P02")
    }

    @Test func typingDigitsOnANumberChoiceSelectsThatNumber() {
        var menu = ParticipantSheet.model()
        menu.handle(.text("4"))
        menu.handle(.text("7"))
        #expect(menu.value("age") == "47")
    }

    @Test func activateOnAButtonReportsItAndOnAFieldMovesOn() {
        var menu = MenuModel([.text("p", "P", value: "x"), .button("start", "Start")])
        #expect(menu.handle(.activate) == nil)
        #expect(menu.handle(.activate) == .activated("start"))
    }

    @Test func theMainMenuReadsBackThePresetSettings() {
        let preset = MenuSettings(
            participant: "P07", mode: .twoTargetsBackground, rounds: 5, input: .mouse, hrtf: "Built-In HRTF")
        let menu = MainMenu.model(
            preset, knownParticipants: [], inputs: [.mouse, .keyboard], hrtfs: ["Built-In HRTF", "mit-kemar"])
        // OpenAL Soft's own data set (the first offered) shows as "standard" and reads back as the default ("").
        var expected = preset
        expected.hrtf = ""
        #expect(MainMenu.settings(from: menu) == expected)
        #expect(menu.value("hrtf") == "standard")
        #expect(menu.item("hrtf")?.title == "Sound set")
        let imported = MainMenu.model(
            MenuSettings(participant: "P07", mode: .oneTarget, rounds: 5, input: .mouse, hrtf: "mit-kemar"),
            knownParticipants: [], inputs: [.mouse], hrtfs: ["Built-In HRTF", "mit-kemar"])
        #expect(MainMenu.settings(from: imported).hrtf == "mit-kemar", "an imported set keeps its name")
        #expect(menu.focusedItem?.id == "start", "a preset participant lets Enter start at once")
        #expect(menu.value("background") == "on")
    }

    @Test func modeAndBackgroundAreIndependentSoAllFourLevelsCanBeChosen() {
        var menu = MainMenu.model(defaults, knownParticipants: [], inputs: [.keyboard], hrtfs: [])
        #expect(menu.value("mode") == "one target")
        menu.focus(on: "background")
        menu.handle(.right)
        #expect(menu.value("mode") == "one target", "background on leaves the mode alone")
        #expect(MainMenu.settings(from: menu).mode == .oneTargetBackground)
        menu.focus(on: "mode")
        menu.handle(.right)
        #expect(menu.value("background") == "on", "the mode leaves the background alone")
        #expect(MainMenu.settings(from: menu).mode == .twoTargetsBackground)
        menu.focus(on: "background")
        menu.handle(.right)
        #expect(menu.value("mode") == "two targets")
        #expect(MainMenu.settings(from: menu).mode == .twoTargets)
        guard case .choice(let options, _) = menu.item("mode")?.kind else {
            Issue.record("mode is not a choice")
            return
        }
        #expect(options == ["one target", "two targets"])
    }

    @Test func onlyDetectedInputDevicesCanBeChosen() {
        let menu = MainMenu.model(defaults, knownParticipants: [], inputs: [.mouse, .keyboard], hrtfs: [])
        guard case .choice(let options, _) = menu.item("input")?.kind else {
            Issue.record("input is not a choice")
            return
        }
        #expect(options == ["mouse", "keyboard"])
    }

    @Test func aGyroGamepadIsPreferredThenTheMouseThenTheKeyboard() {
        #expect(InputKind.preferred(gamepadWithGyro: true, mousePresent: true) == .gamepad)
        #expect(InputKind.preferred(gamepadWithGyro: false, mousePresent: true) == .mouse)
        #expect(InputKind.preferred(gamepadWithGyro: false, mousePresent: false) == .keyboard)
        #expect(InputKind.gamepad.logDevice(gamepadHasGyro: false).name == "gamepad-stick")
    }

    @Test func aPlaySessionHasOneRoundPerRequestedRoundWithTheModesTargetCount() {
        var settings = defaults
        settings.mode = .twoTargets
        settings.rounds = 2
        #expect(
            MainMenu.rounds(for: settings)
                == Array(repeating: FlowRound(condition: "two-targets", targets: 2), count: 2))
    }

    @Test func theParticipantSheetWritesNotGivenAsAnEmptyField() {
        var sheet = ParticipantSheet.model()
        sheet.focus(on: "tinnitus")
        sheet.handle(.right)
        let answers = ParticipantSheet.answers(from: sheet)
        #expect(answers["tinnitus"] == "yes")
        #expect(answers["age"] == "")
        #expect(answers.keys.contains("game_experience_0_5"))
    }
}

@Suite struct ResultWordingTests {
    @Test func aPositiveDeviationSaysTheAnimalWasToTheRight() {
        #expect(
            ResultWording.deviation(12.4, target: "frog") == "Very close! Off by 12°: the frog was 12° to your right.")
        #expect(
            ResultWording.deviation(-30, target: "blue jay")
                == "Good try. Off by 30°: the blue jay was 30° to your left.")
        #expect(ResultWording.deviation(0.3, target: "frog").hasPrefix("Spot on"))
    }

    @Test func tableDegreesCarryTheirSign() {
        #expect(ResultWording.degrees(12.6) == "+13°")
        #expect(ResultWording.degrees(-3) == "−3°")
        #expect(ResultWording.degrees(0.2) == "0°")
    }

    @Test func theMeansAreOfTheAbsoluteDeviationAndTheTime() {
        let photos = [
            ResultWording.Photo(round: 1, condition: "one-target", target: "frog", deviationDeg: -10, timeSeconds: 2),
            ResultWording.Photo(round: 2, condition: "one-target", target: "frog", deviationDeg: 20, timeSeconds: 4),
        ]
        #expect(ResultWording.means(photos) == "Very close! Mean deviation 15° · mean time 3.0 s (2 photos)")
        #expect(ResultWording.means([]) == "No photos were taken.")
    }

    @Test func praiseIsGradedAndALargeMissIsNeitherPraisedNorGreen() {
        let far = [
            ResultWording.Photo(round: 1, condition: "one-target", target: "frog", deviationDeg: 71, timeSeconds: 5)
        ]
        #expect(ResultWording.meanGrade(far) == .far)
        #expect(ResultWording.means(far).hasPrefix("Keep practising."))
        let green = Theme.color(of: .excellent)
        let farColor = Theme.color(of: ResultWording.meanGrade(far))
        #expect((farColor.r, farColor.g, farColor.b) != (green.r, green.g, green.b))
        #expect(ResultWording.deviation(3, target: "frog").hasPrefix("Excellent!"))
        #expect(ResultWording.deviation(-71, target: "frog").contains("Listen for the ear"))
        #expect(ResultWording.Grade(absoluteDegrees: 30) == .fair)
    }
}

@Suite struct ParticipantSheetPrefillTests {
    @Test func aRegisteredParticipantsSheetShowsTheirAnswersAndStartsAtTheFirstMissingOne() throws {
        let known = ParticipantRecord(
            participant: try ParticipantID("P01"), age: 61, gender: "non-binary", tinnitus: .yes)
        let sheet = ParticipantSheet.model(prefilled: known)
        #expect(sheet.value("age") == "61")
        #expect(sheet.value("gender") == "non-binary", "a hand-written answer is kept, not blanked")
        #expect(sheet.value("tinnitus") == "yes")
        #expect(sheet.focusedItem?.id == "tinnitus_side")
        let saved = ParticipantSheet.record(for: known.participant, from: sheet, at: known.registeredAt)
        #expect(saved.sameAnswers(as: known), "saving unchanged answers is not a correction")
    }
}
