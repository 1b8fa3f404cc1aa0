// Draws the hearing procedures' screens: the hearing test, its stop question, the pitch match, the profile.
import CSDL2
import Foundation
import GameCore
import Localization
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
            Translation.gettext("Hearing test"),
            [
                Translation.gettext(
                    "Press Space or click whenever you hear a tone, however faint. Tones come in one ear at a time, at irregular moments."
                ),
                (current.ear == .left
                    ? Translation.gettext(
                        "Left ear · {frequency} Hz · part {part} of {parts}",
                        [
                            "frequency": String(Int(current.frequencyHz)), "part": String(step.index),
                            "parts": String(step.count),
                        ])
                    : Translation.gettext(
                        "Right ear · {frequency} Hz · part {part} of {parts}",
                        [
                            "frequency": String(Int(current.frequencyHz)), "part": String(step.index),
                            "parts": String(step.count),
                        ]))
                    + " · " + HearingTestRun.minutesLeft(parts: step.count - step.index + 1),
            ])
        let size = height / 4
        let button = SDL_Rect(x: width / 2 - size, y: y, w: 2 * size, h: size)
        window.fill(button, lit ? Theme.good : Theme.panel)
        window.outline(button, Theme.focus, thickness: 3)
        // Dark text on the lit (light green) button, light text on the dark one.
        text.draw(
            Translation.gettext("I hear it"), x: width / 2, y: y + size / 2 - px(.heading) / 2, pixels: px(.heading),
            color: lit ? Theme.focusText : Theme.text, bold: true, align: .center)
        y += size + height / 30
        text.draw(
            Translation.gettext("Levels in {unit} · Esc: stop", ["unit": unit.rawValue]), x: width / 2, y: y,
            pixels: px(.small),
            color: Theme.dimText, align: .center)
    }

    func drawHearingTestStop() {
        _ = hearingHeading(
            Translation.gettext("Stop the hearing test?"),
            [
                Translation.gettext("The tones heard so far are not saved if you stop now."),
                Translation.gettext("Enter: stop without saving · Esc: go on with the test"),
            ])
    }

    // MARK: Pitch match

    /// The patient says what their tinnitus sounds like (`--probe` not given): T a tone, N a hiss.
    func drawPitchProbe() {
        _ = hearingHeading(
            Translation.gettext("What does your tinnitus sound like?"),
            [
                Translation.gettext("T: a tone or a whistle (one pitch): you compare it with tones"),
                Translation.gettext("N: a hiss or a rushing noise: you compare it with bands of noise"),
                Translation.gettext("Esc stops without saving"),
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
            drawButtonLabel(
                button.label, in: rect, pixels: px(.body), color: button.lit ? Theme.focusText : Theme.text,
                wrapped: true)
            x += buttonWidth + gap
        }
        return y + buttonHeight
    }

    /// The comparison's three buttons (↓, Enter, ↑) and the footer naming those keys.
    private func lowerSameHigher(_ lower: String, _ same: String, _ higher: String, y: Int32, footerY: Int32) {
        _ = buttonRow([(lower, .down, false), (same, .activate, false), (higher, .up, false)], y: y)
        text.draw(
            Translation.gettext("↓ ↑ Enter or click a button · Esc stops without saving"), x: width / 2, y: footerY,
            pixels: px(.small),
            color: Theme.dimText, align: .center)
    }

    /// "Run 2 of 3 · run 1 matched 2828 Hz", with a warning once two runs are an octave apart.
    private func runLines(_ progress: (run: Int, matchedHz: [Double]), runs: Int) -> [String] {
        var line = Translation.gettext(
            "Run {run} of {runs}", ["run": String(min(progress.run, runs)), "runs": String(runs)])
        if !progress.matchedHz.isEmpty {
            line += Translation.gettext(
                " · matched so far: {frequencies}",
                ["frequencies": progress.matchedHz.map { String(format: "%.0f Hz", $0) }.joined(separator: ", ")])
        }
        var lines = [line]
        if PitchMatch.disagreeByAnOctave(progress.matchedHz) {
            lines.append(
                Translation.gettext("Two runs are an octave apart: listen carefully which octave your tinnitus is in."))
        }
        return lines
    }

    func drawPitchQuestion(
        _ question: PitchQuestion?, probe: PitchProbe, unit: AudiogramUnit, progress: (run: Int, matchedHz: [Double]),
        runs: Int, playingFirst: Bool
    ) {
        let tone = probe == .tone
        let footerY = height - px(.small) * 3
        switch question {
        case .compare(let frequency):
            let y = hearingHeading(
                Translation.gettext("Tinnitus pitch"),
                [
                    tone
                        ? Translation.gettext("Compare the tone with your tinnitus.")
                        : Translation.gettext("Compare the noise with your tinnitus.")
                ] + runLines(progress, runs: runs)
                    + [
                        tone
                            ? Translation.gettext(
                                "Tone at {frequency} Hz", ["frequency": String(format: "%.0f", frequency)])
                            : Translation.gettext(
                                "Noise at {frequency} Hz", ["frequency": String(format: "%.0f", frequency)])
                    ])
            lowerSameHigher(
                Translation.gettext("My tinnitus is lower (↓)"), Translation.gettext("This matches (Enter)"),
                Translation.gettext("My tinnitus is higher (↑)"), y: y, footerY: footerY)
        case .octave(let first, let second):
            let y = hearingHeading(
                Translation.gettext("Tinnitus pitch: octave check"),
                [
                    tone
                        ? Translation.gettext("Two tones take turns. Which is closer to your tinnitus?")
                        : Translation.gettext("Two noises take turns. Which is closer to your tinnitus?")
                ] + runLines(progress, runs: runs))
            // The button of the sound playing now is lit, so the patient knows which one they hear.
            let marker = DrawnFrame.playingMarker
            _ = buttonRow(
                [
                    (
                        (playingFirst ? marker : "")
                            + Translation.gettext(
                                "First: {frequency} Hz (1 or ←)", ["frequency": String(format: "%.0f", first)]),
                        .left,
                        playingFirst
                    ),
                    (
                        (playingFirst ? "" : marker)
                            + Translation.gettext(
                                "Second: {frequency} Hz (2 or →)", ["frequency": String(format: "%.0f", second)]),
                        .right,
                        !playingFirst
                    ),
                ], y: y)
            text.draw(
                Translation.gettext("The lit button is the one you hear now · Esc stops without saving"), x: width / 2,
                y: footerY,
                pixels: px(.small), color: Theme.dimText, align: .center)
        case .loudness(_, let level):
            let y = hearingHeading(
                Translation.gettext("Tinnitus loudness"),
                [
                    tone
                        ? Translation.gettext("Compare the loudness of the tone with your tinnitus.")
                        : Translation.gettext("Compare the loudness of the noise with your tinnitus."),
                    tone
                        ? Translation.gettext(
                            "Tone level {level} {unit}",
                            ["level": String(format: "%.0f", level), "unit": unit.rawValue])
                        : Translation.gettext(
                            "Noise level {level} {unit}",
                            ["level": String(format: "%.0f", level), "unit": unit.rawValue]),
                ] + runLines(progress, runs: runs).dropFirst())
            lowerSameHigher(
                Translation.gettext("My tinnitus is softer (↓)"), Translation.gettext("Equally loud (Enter)"),
                Translation.gettext("My tinnitus is louder (↑)"), y: y, footerY: footerY)
        case nil:
            _ = hearingHeading(Translation.gettext("Tinnitus pitch"), ["…"])
        }
    }

    // MARK: Profile

    /// The profile's audiogram per ear with the tinnitus pitch marked, and how the procedure just run ended.
    func drawProfile(_ profile: HearingProfile, participant: ParticipantID, message: String?) {
        var lines: [String] = []
        if let message { lines.append(message) }
        if let tinnitus = profile.tinnitus {
            let pitch = String(format: "%.0f", tinnitus.pitchHz)
            var line =
                tinnitus.probe == .tone
                ? Translation.gettext("Tinnitus {pitch} Hz (tone match)", ["pitch": pitch])
                : Translation.gettext("Tinnitus {pitch} Hz (noise match)", ["pitch": pitch])
            if let level = tinnitus.levelDBAboveThreshold {
                line += Translation.gettext(", {level} dB above threshold", ["level": String(format: "%.0f", level)])
            }
            if let width = profile.notchWidthOctaves, let centre = profile.notchCenterHz {
                // A prescribed centre is not the pitch just shown: say where the notch is.
                line += Translation.gettext(
                    ", notch {width} octave at {centre} Hz",
                    ["width": Translation.language.number("\(width)"), "centre": String(format: "%.0f", centre)])
            } else if let width = profile.notchWidthOctaves {
                line += Translation.gettext(
                    ", notch {width} octave", ["width": Translation.language.number("\(width)")])
            }
            lines.append(line)
            if PitchMatch.disagreeByAnOctave(tinnitus.runsHz), message == nil {
                lines.append(
                    Translation.gettext(
                        "Its runs disagree by an octave ({frequencies} Hz): the pitch is uncertain.",
                        ["frequencies": tinnitus.runsHz.map { String(format: "%.0f", $0) }.joined(separator: ", ")]))
            }
            if tinnitus.pitchHz > NotchSetting.effectiveUpToHz {
                lines.append(
                    Translation.gettext("Above 8 kHz: notched training was found effective only up to 8 kHz."))
            }
        }
        lines.append(
            Translation.gettext(
                "Version {version} · gain rule {rule}, cap {cap} dB · ceiling {ceiling} dBFS · Enter or Esc closes",
                [
                    "version": String(profile.version), "rule": profile.gainRule.rawValue,
                    "cap": String(Int(profile.maxGainDB)), "ceiling": String(Int(profile.ceilingDBFS)),
                ]))
        let top = hearingHeading(
            Translation.gettext("Hearing profile {participant}", ["participant": participant.value]), lines,
            size: .small)
        let painter = AudiogramPainter(window: window, text: text, labelPixels: px(.small))
        let margin = width / 12
        painter.draw(
            profile.audiogram, tinnitusHz: profile.tinnitus?.pitchHz,
            in: SDL_Rect(x: margin, y: top + px(.small), w: width - 2 * margin, h: height - top - px(.small) * 3))
    }
}
