// Draws the hearing procedures' screens: the hearing test, its stop question, the pitch match, the profile.
import CSDL2
import Foundation
import GameCore
import StudyKit
import StudyRecords

extension ScreenPainter {
    /// The button of the hearing screen last drawn under window pixel (x, y), as the command it stands for.
    func hearingButton(atX x: Int32, y: Int32) -> UICommand? {
        hearingButtons.first { contains($0.rect, x, y) }?.command
    }

    /// Every hearing screen starts on a cleared window with no buttons.
    func startHearingFrame() {
        window.clear()
        hearingButtons = []
    }

    /// A centred title and lines below it; returns the y under them.
    private func hearingHeading(_ title: String, _ lines: [String], size: Theme.TextSize = .body) -> Int32 {
        var y = height / 12
        y += text.draw(title, x: width / 2, y: y, pixels: px(.title), bold: true, align: .center) + height / 30
        for line in lines {
            y += text.drawWrapped(line, x: width / 2, y: y, width: width * 4 / 5, pixels: px(size), align: .center)
        }
        return y + height / 30
    }

    // MARK: Hearing test

    /// The tone under way's ear, pitch and part, and the "I hear it" button (lit green for a moment after a press).
    func drawHearingTest(_ current: TonePresentation, step: (index: Int, count: Int), unit: AudiogramUnit, lit: Bool) {
        var y = hearingHeading(
            "Hearing test",
            [
                "Press Space or click whenever you hear a tone, however faint. Tones come in one ear at a "
                    + "time, at irregular moments.",
                "\(current.ear == .left ? "Left" : "Right") ear · \(Int(current.frequencyHz)) Hz · part "
                    + "\(step.index) of \(step.count) · "
                    + HearingTestRun.minutesLeft(parts: step.count - step.index + 1),
            ])
        let size = height / 4
        let button = SDL_Rect(x: width / 2 - size, y: y, w: 2 * size, h: size)
        window.fill(button, lit ? Theme.good : Theme.panel)
        window.outline(button, Theme.focus, thickness: 3)
        // Dark text on the lit (light green) button, light text on the dark one.
        text.draw(
            "I hear it", x: width / 2, y: y + size / 2 - px(.heading) / 2, pixels: px(.heading),
            color: lit ? Theme.focusText : Theme.text, bold: true, align: .center)
        y += size + height / 30
        text.draw(
            "Levels in \(unit.rawValue) · Esc: stop", x: width / 2, y: y, pixels: px(.small),
            color: Theme.dimText, align: .center)
    }

    func drawHearingTestStop() {
        _ = hearingHeading(
            "Stop the hearing test?",
            [
                "The tones heard so far are not saved if you stop now.",
                "Enter: stop without saving · Esc: go on with the test",
            ])
    }

    // MARK: Pitch match

    /// The patient says what their tinnitus sounds like (`--probe` not given): T a tone, N a hiss.
    func drawPitchProbe() {
        _ = hearingHeading(
            "What does your tinnitus sound like?",
            [
                "T: a tone or a whistle (one pitch): you compare it with tones",
                "N: a hiss or a rushing noise: you compare it with bands of noise",
                "Esc stops without saving",
            ])
    }

    /// A row of large buttons starting at `y` (clickable: `hearingButtons`); `lit` is filled in the focus colour.
    private func buttonRow(_ row: [(label: String, command: UICommand, lit: Bool)], y: Int32) -> Int32 {
        let gap = width / 40
        let buttonWidth = min(width / 3, (width * 9 / 10 - gap * Int32(row.count - 1)) / Int32(row.count))
        let buttonHeight = height / 5
        var x = (width - buttonWidth * Int32(row.count) - gap * Int32(row.count - 1)) / 2
        for button in row {
            let rect = SDL_Rect(x: x, y: y, w: buttonWidth, h: buttonHeight)
            hearingButtons.append((button.command, rect))
            window.fill(rect, button.lit ? Theme.focus : Theme.panel)
            window.outline(rect, Theme.focus, thickness: 3)
            let pixels = px(.body)
            let textHeight = text.wrappedHeight(button.label, width: buttonWidth - 20, pixels: pixels, bold: true)
            text.drawWrapped(
                button.label, x: x + buttonWidth / 2, y: y + (buttonHeight - textHeight) / 2,
                width: buttonWidth - 20, pixels: pixels, color: button.lit ? Theme.focusText : Theme.text, bold: true,
                align: .center)
            x += buttonWidth + gap
        }
        return y + buttonHeight
    }

    /// The comparison's three buttons (↓, Enter, ↑) and the footer naming those keys.
    private func lowerSameHigher(_ lower: String, _ same: String, _ higher: String, y: Int32, footerY: Int32) {
        _ = buttonRow([(lower, .down, false), (same, .activate, false), (higher, .up, false)], y: y)
        text.draw(
            "↓ ↑ Enter or click a button · Esc stops without saving", x: width / 2, y: footerY, pixels: px(.small),
            color: Theme.dimText, align: .center)
    }

    /// "Run 2 of 3 · run 1 matched 2828 Hz", with a warning once two runs are an octave apart.
    private func runLines(_ progress: (run: Int, matchedHz: [Double]), runs: Int) -> [String] {
        var line = "Run \(min(progress.run, runs)) of \(runs)"
        if !progress.matchedHz.isEmpty {
            line +=
                " · matched so far: "
                + progress.matchedHz.map { String(format: "%.0f Hz", $0) }.joined(separator: ", ")
        }
        var lines = [line]
        if PitchMatch.disagreeByAnOctave(progress.matchedHz) {
            lines.append("Two runs are an octave apart: listen carefully which octave your tinnitus is in.")
        }
        return lines
    }

    func drawPitchQuestion(
        _ question: PitchQuestion?, probe: PitchProbe, unit: AudiogramUnit, progress: (run: Int, matchedHz: [Double]),
        runs: Int, playingFirst: Bool
    ) {
        let sound = probe == .tone ? "tone" : "noise"
        let footerY = height - px(.small) * 3
        switch question {
        case .compare(let frequency):
            let y = hearingHeading(
                "Tinnitus pitch",
                ["Compare the \(sound) with your tinnitus."] + runLines(progress, runs: runs)
                    + [String(format: "%@ at %.0f Hz", sound.capitalized, frequency)])
            lowerSameHigher(
                "My tinnitus is lower (↓)", "This matches (Enter)", "My tinnitus is higher (↑)", y: y, footerY: footerY)
        case .octave(let first, let second):
            let y = hearingHeading(
                "Tinnitus pitch: octave check",
                ["Two \(sound)s take turns. Which is closer to your tinnitus?"] + runLines(progress, runs: runs))
            // The button of the sound playing now is lit, so the patient knows which one they hear.
            let marker = DrawnFrame.playingMarker
            _ = buttonRow(
                [
                    (
                        String(format: "%@First: %.0f Hz (1 or ←)", playingFirst ? marker : "", first), .left,
                        playingFirst
                    ),
                    (
                        String(format: "%@Second: %.0f Hz (2 or →)", playingFirst ? "" : marker, second), .right,
                        !playingFirst
                    ),
                ], y: y)
            text.draw(
                "The lit button is the one you hear now · Esc stops without saving", x: width / 2, y: footerY,
                pixels: px(.small), color: Theme.dimText, align: .center)
        case .loudness(_, let level):
            let y = hearingHeading(
                "Tinnitus loudness",
                [
                    "Compare the loudness of the \(sound) with your tinnitus.",
                    String(format: "%@ level %.0f %@", sound.capitalized, level, unit.rawValue),
                ] + runLines(progress, runs: runs).dropFirst())
            lowerSameHigher(
                "My tinnitus is softer (↓)", "Equally loud (Enter)", "My tinnitus is louder (↑)", y: y, footerY: footerY
            )
        case nil:
            _ = hearingHeading("Tinnitus pitch", ["…"])
        }
    }

    // MARK: Profile

    /// The profile's audiogram per ear with the tinnitus pitch marked, and how the procedure just run ended.
    func drawProfile(_ profile: HearingProfile, participant: ParticipantID, message: String?) {
        var lines: [String] = []
        if let message { lines.append(message) }
        if let tinnitus = profile.tinnitus {
            var line = String(format: "Tinnitus %.0f Hz (%@ match)", tinnitus.pitchHz, tinnitus.probe.rawValue)
            if let level = tinnitus.levelDBAboveThreshold { line += String(format: ", %.0f dB above threshold", level) }
            if let width = profile.notchWidthOctaves { line += ", notch \(width) octave" }
            lines.append(line)
            if PitchMatch.disagreeByAnOctave(tinnitus.runsHz), message == nil {
                lines.append(
                    "Its runs disagree by an octave ("
                        + tinnitus.runsHz.map { String(format: "%.0f", $0) }.joined(separator: ", ")
                        + " Hz): the pitch is uncertain.")
            }
            if tinnitus.pitchHz > NotchSetting.effectiveUpToHz {
                lines.append("Above 8 kHz: notched training was found effective only up to 8 kHz.")
            }
        }
        lines.append(
            "Version \(profile.version) · gain rule \(profile.gainRule.rawValue), cap \(Int(profile.maxGainDB)) dB · "
                + "ceiling \(Int(profile.ceilingDBFS)) dBFS · Enter or Esc closes")
        let top = hearingHeading("Hearing profile \(participant.value)", lines, size: .small)
        let painter = AudiogramPainter(window: window, text: text, labelPixels: px(.small))
        let margin = width / 12
        painter.draw(
            profile.audiogram, tinnitusHz: profile.tinnitus?.pitchHz,
            in: SDL_Rect(x: margin, y: top + px(.small), w: width - 2 * margin, h: height - top - px(.small) * 3))
    }
}
