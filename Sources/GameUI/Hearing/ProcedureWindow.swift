// The window of the hearing procedures: the hearing test, the tinnitus pitch match and the profile screen.
import CSDL2
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords
import Synchronization

/// One procedure in its own window, with tones from the engine's output stage (`ToneGenerator`, one ear at a
/// time, under the limiter's ceiling, at volume 0 dB so the levels are what the profile records). When a
/// procedure ends, its result is appended to the profile and the profile screen shows it; Esc leaves without
/// saving (and says so on the terminal).
package final class ProcedureWindow {
    package enum Procedure {
        /// `frequencies`: those to measure; the profile's other frequencies are kept (nil: all standard ones).
        case hearingTest(seed: UInt64, frequencies: [Double]?)
        /// `probe` nil: the patient chooses tone or noise on the first screen.
        case pitchMatch(runs: Int, notchWidthOctaves: Double, probe: PitchProbe?)
        case profile
    }

    private let system: SDLSystem
    private let window: GameWindow
    private let text: TextRenderer
    private let engine: SpatialAudioEngine
    private let tone = ToneGenerator()
    private let output: SDLAudioOutput
    private let participant: ParticipantID
    private let logs: URL
    private var profile: HearingProfile
    private var quit = false
    private var message: String?
    // The window tests' driver (`AppHooks`): scripted keys and screenshots, by screen name as in `GameApp`.
    private let autopilot: Autopilot?
    private let screenshots: ScreenshotRecorder?
    private var drawnScreen = ""
    private var framesOnScreen = 0

    /// Opens the window and the audio device; errors are sentences (no display, no audio device, bad profile).
    package init(participant: ParticipantID, logs: URL, hooks: AppHooks = AppHooks()) throws {
        self.participant = participant
        self.logs = logs
        profile =
            try HearingProfile.load(logs: logs, participant: participant.value)
            ?? HearingProfile(participant: participant.value)
        autopilot = try hooks.autopilotScript.map { try Autopilot.load(path: $0.path) }
        screenshots = try hooks.screenshots.map { try ScreenshotRecorder(folder: $0) }
        system = try SDLSystem()
        let title = "SoundSafari — hearing profile \(participant.value)"
        if let size = hooks.windowSize {
            window = try GameWindow(title: title, width: size.width, height: size.height)
        } else {
            window = try GameWindow(title: title)
        }
        text = try TextRenderer(renderer: window.renderer)
        text.recordsText = screenshots != nil
        let display = try DisplayPreferences.read(logs: logs, participant: participant)
        Theme.apply(largeText: display.largeText, highContrast: display.highContrast)
        engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        engine.setOutputChain([tone, engine.volume, LimiterProcessor(ceilingDBFS: profile.ceilingDBFS)])
        output = try SDLAudioOutput(engine: engine)
        output.start()
    }

    deinit {
        output.close()
        text.close()
        window.close()
        system.close()
    }

    private var height: Int32 {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(window.renderer, &w, &h)
        return h
    }

    private var width: Int32 {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(window.renderer, &w, &h)
        return w
    }

    private func px(_ size: Theme.TextSize) -> Int32 { size.pixels(windowHeight: Int(height)) }

    /// Runs `procedure` until it ends or the window is closed; returns the profile version written, if any.
    package func run(_ procedure: Procedure) throws -> HearingProfile? {
        var written: HearingProfile?
        switch procedure {
        case .hearingTest(let seed, let frequencies): written = try runHearingTest(seed: seed, only: frequencies)
        case .pitchMatch(let runs, let width, let probe):
            written = try runPitchMatch(runs: runs, notchWidthOctaves: width, probe: probe)
        case .profile: break
        }
        tone.stop()
        // The terminal hears how it ended too (the window may be closed before anyone reads it).
        if let message { FileHandle.standardOutput.write(Data((message + "\n").utf8)) }
        if !quit { try showProfile() }
        return written
    }

    // MARK: Events

    private enum Key: Equatable { case heard, up, down, confirm, first, second, tone, noise, leave, none }

    /// The buttons of the frame last drawn, with the key each stands for (a click on one is that key).
    private var buttons: [(rect: SDL_Rect, key: Key)] = []

    private func pollKeys() -> [Key] {
        var keys: [Key] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                keys.append(.leave)
            case SDL_MOUSEBUTTONDOWN:
                // A button is its key; elsewhere a click is "I hear it" (the hearing test's whole window).
                let point = window.pixels(fromPointX: event.button.x, y: event.button.y)
                let hit = buttons.first {
                    point.x >= $0.rect.x && point.x < $0.rect.x + $0.rect.w && point.y >= $0.rect.y
                        && point.y < $0.rect.y + $0.rect.h
                }
                keys.append(hit?.key ?? .heard)
            case SDL_KEYDOWN where event.key.repeat == 0:
                switch UInt32(bitPattern: event.key.keysym.sym) {
                case SDLK_SPACE.rawValue: keys.append(.heard)
                case SDLK_UP.rawValue: keys.append(.up)
                case SDLK_DOWN.rawValue: keys.append(.down)
                case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: keys.append(.confirm)
                case SDLK_1.rawValue, SDLK_LEFT.rawValue: keys.append(.first)
                case SDLK_2.rawValue, SDLK_RIGHT.rawValue: keys.append(.second)
                case SDLK_ESCAPE.rawValue: keys.append(.leave)
                case SDLK_t.rawValue: keys.append(.tone)
                case SDLK_n.rawValue: keys.append(.noise)
                default: break
                }
            default: break
            }
        }
        return keys
    }

    private func now() -> Double { Double(SDL_GetTicks64()) / 1000 }

    /// Draws one frame of the screen `name` (the name the autopilot waits for and screenshots carry).
    private func frame(_ name: String, _ draw: () -> Void) throws {
        window.clear()
        text.startFrame()
        buttons = []
        draw()
        framesOnScreen = name == drawnScreen ? framesOnScreen + 1 : 1
        drawnScreen = name
        // Screenshots read the frame just drawn, so they come before present.
        try screenshots?.frameDrawn(screen: name, window: window, texts: text.drawnTexts)
        try autopilot?.advance(
            now: now(), drawnScreen: framesOnScreen > ScreenshotRecorder.settleFrames ? drawnScreen : "",
            controllerOpen: { false },
            screenshot: { [unowned self] shot in
                try screenshots?.save(name: shot, window: window, texts: text.drawnTexts)
            })
        window.present()
        SDL_Delay(16)
    }

    private func heading(_ title: String, _ lines: [String], size: Theme.TextSize = .body) -> Int32 {
        var y = height / 12
        y += text.draw(title, x: width / 2, y: y, pixels: px(.title), bold: true, align: .center) + height / 30
        for line in lines {
            y += text.drawWrapped(line, x: width / 2, y: y, width: width * 4 / 5, pixels: px(size), align: .center)
        }
        return y + height / 30
    }

    // MARK: Hearing test

    private func runHearingTest(seed: UInt64, only: [Double]?) throws -> HearingProfile? {
        let calibration = profile.calibration
        let frequencies = only ?? Audiogram.standardFrequencies
        let levels = HughsonWestlakeLevels(calibration: calibration, frequencies: frequencies)
        if only != nil, let earlier = profile.audiogram, earlier.unit != levels.unit {
            throw ProfileError(
                path: HearingProfile.url(logs: logs, participant: participant.value).path, field: "audiogram.unit",
                problem:
                    "is \(earlier.unit.rawValue) but this test measures in \(levels.unit.rawValue); leave out --frequencies to measure every frequency"
            )
        }
        var test = HughsonWestlakeTest(
            frequencies: frequencies, startLevel: levels.start, minimumLevel: levels.minimum,
            maximumLevel: levels.maximum, seed: seed)
        enum Phase {
            case gap(until: Double)
            case tone(until: Double)
            case answer(until: Double)
        }
        var phase = Phase.gap(until: now() + (test.current?.gapBeforeSeconds ?? 1))
        var heard = false
        var flash = 0.0
        // Esc asks first: the tones so far would be thrown away (Enter stops, Esc again goes on).
        var askingToStop = false
        while let current = test.current, !quit {
            for key in pollKeys() {
                if askingToStop {
                    if key == .confirm { quit = true }
                    if key == .leave {
                        askingToStop = false
                        phase = .gap(until: now() + current.gapBeforeSeconds)
                    }
                    continue
                }
                if key == .leave {
                    // The tone under way is asked again after the question.
                    askingToStop = true
                    tone.stop()
                    heard = false
                }
                if key == .heard {
                    flash = now() + 0.25
                    if case .gap = phase {} else { heard = true }
                }
            }
            let time = now()
            if askingToStop {
                try frame("hearing-test-stop") {
                    _ = heading(
                        "Stop the hearing test?",
                        [
                            "The tones heard so far are not saved if you stop now.",
                            "Enter: stop without saving · Esc: go on with the test",
                        ])
                }
                continue
            }
            switch phase {
            case .gap(let until) where time >= until:
                tone.play(
                    frequencyHz: current.frequencyHz,
                    levelDBFS: (calibration ?? .nominal).fullScale(
                        current.levelDB, unit: levels.unit, at: current.frequencyHz, ear: current.ear),
                    ears: current.ear == .left ? .left : .right)
                phase = .tone(until: time + current.toneSeconds)
            case .tone(let until) where time >= until:
                tone.stop()
                phase = .answer(until: time + 1)
            case .answer(let until) where time >= until:
                test.record(heard: heard)
                heard = false
                phase = .gap(until: time + (test.current?.gapBeforeSeconds ?? 0))
            default: break
            }
            let step = test.step
            try frame("hearing-test") {
                var y = heading(
                    "Hearing test",
                    [
                        "Press Space or click whenever you hear a tone, however faint. Tones come in one ear at a "
                            + "time, at irregular moments.",
                        "\(current.ear == .left ? "Left" : "Right") ear · \(Int(current.frequencyHz)) Hz · part "
                            + "\(step.index) of \(step.count) · \(Self.minutesLeft(parts: step.count - step.index + 1))",
                    ])
                let size = height / 4
                let button = SDL_Rect(x: width / 2 - size, y: y, w: 2 * size, h: size)
                window.fill(button, time < flash ? Theme.good : Theme.panel)
                window.outline(button, Theme.focus, thickness: 3)
                // Dark text on the lit (light green) button, light text on the dark one.
                text.draw(
                    "I hear it", x: width / 2, y: y + size / 2 - px(.heading) / 2, pixels: px(.heading),
                    color: time < flash ? Theme.focusText : Theme.text, bold: true, align: .center)
                y += size + height / 30
                text.draw(
                    "Levels in \(levels.unit.rawValue) · Esc: stop", x: width / 2, y: y, pixels: px(.small),
                    color: Theme.dimText, align: .center)
            }
        }
        tone.stop()
        guard !quit else {
            print("Hearing test stopped before the end: nothing was saved.")
            return nil
        }
        let measured = Audiogram(
            unit: levels.unit, left: test.thresholds[.left] ?? [:], right: test.thresholds[.right] ?? [:])
        if let only, let earlier = profile.audiogram {
            profile.audiogram = earlier.remeasured(only, by: measured)
            profile.source =
                "hearing-test (\(test.log.count) tones at \(only.map { String(format: "%g", $0) }.joined(separator: ",")) Hz)"
        } else {
            profile.audiogram = measured
            profile.source = "hearing-test (\(test.log.count) tones)"
        }
        profile = try HearingProfile.append(profile, logs: logs)
        message = "Hearing test saved as profile version \(profile.version) (\(test.log.count) tones)."
        return profile
    }

    /// "about 9 minutes left": each part (one pitch, one ear) takes about a minute of tones, gaps and answers.
    static func minutesLeft(parts: Int) -> String {
        parts <= 1 ? "about a minute left" : "about \(parts) minutes left"
    }

    // MARK: Pitch match

    private func runPitchMatch(runs: Int, notchWidthOctaves: Double, probe given: PitchProbe?) throws
        -> HearingProfile?
    {
        guard let audiogram = profile.audiogram, let largest = audiogram.largestLoss else {
            throw ProfileError(
                path: HearingProfile.url(logs: logs, participant: participant.value).path, field: "audiogram",
                problem: "is missing; run `soundsafari hearing-test` or `soundsafari profile set-audiogram` first")
        }
        let threshold: @Sendable (Double) -> Double = { frequency in
            Ear.allCases.compactMap { audiogram.threshold($0, at: frequency) }.min() ?? 0
        }
        guard let probe = try given ?? chooseProbe() else {
            print("Pitch match stopped before the end: nothing was saved.")
            return nil
        }
        let headphones = profile.calibration ?? .nominal
        // The loudest probe both ears get with its peak under the ceiling, in the audiogram's unit.
        let maximumLevel: @Sendable (Double) -> Double = { frequency in
            let highest = ToneGenerator.highestLevelDBFS(frequencyHz: frequency, probe: probe)
            let zero = headphones.fullScaleBothEars(0, unit: audiogram.unit, at: frequency)
            return audiogram.unit == .hearingLevel ? highest - max(zero.left, zero.right) : highest
        }
        let match = PitchMatch(
            startHz: largest.frequency, runs: runs, threshold: threshold, maximumLevel: maximumLevel)
        let exchange = PitchMatchExchange()
        let result = Mutex<PitchMatch.Result?>(nil)
        let worker = Thread {
            var listener = WindowPitchListener(exchange: exchange)
            let found = match.run(with: &listener)
            result.withLock { $0 = found }
        }
        worker.start()
        // Both ears hear the probe, each at the level its own calibration gives for the audiogram's level.
        func present(_ frequency: Double, at level: Double) {
            let levels = headphones.fullScaleBothEars(level, unit: audiogram.unit, at: frequency)
            tone.play(frequencyHz: frequency, leftDBFS: levels.left, rightDBFS: levels.right, probe: probe)
        }
        var shown: PitchMatchExchange.Question?
        while result.withLock({ $0 == nil }) && !quit {
            let question = exchange.question
            for key in pollKeys() {
                switch (key, question) {
                case (.leave, _): quit = true
                case (.up, .some(.compare)), (.up, .some(.loudness)): exchange.answer(.higher)
                case (.down, .some(.compare)), (.down, .some(.loudness)): exchange.answer(.lower)
                case (.confirm, .some(.compare)), (.confirm, .some(.loudness)): exchange.answer(.same)
                case (.first, .some(.octave)): exchange.answer(.first)
                case (.second, .some(.octave)): exchange.answer(.second)
                default: break
                }
            }
            if question != shown || question.map({ if case .octave = $0 { true } else { false } }) == true {
                shown = question
                switch question {
                case .compare(let frequency):
                    present(frequency, at: match.probeLevel(at: frequency))
                case .loudness(let frequency, let level):
                    present(frequency, at: level)
                case .octave(let first, let second):
                    // A second of each, alternating, until the patient chooses.
                    let frequency = Int(now()) % 2 == 0 ? first : second
                    present(frequency, at: match.probeLevel(at: frequency))
                case nil: tone.stop()
                }
            }
            let playingFirst = Int(now()) % 2 == 0
            try frame(Self.screenName(question)) {
                drawPitchQuestion(
                    question, probe: probe, unit: audiogram.unit, progress: exchange.progress, runs: match.runCount,
                    playingFirst: playingFirst)
            }
        }
        tone.stop()
        guard !quit, let found = result.withLock({ $0 }) else {
            print("Pitch match stopped before the end: nothing was saved.")
            // The worker waits for an answer that will not come; the process ends with the window.
            return nil
        }
        let disagree = PitchMatchExchange.disagreeByAnOctave(found.runs.map(\.matchedHz))
        profile.tinnitus = TinnitusMatch(
            pitchHz: found.pitchHz, levelDBAboveThreshold: found.levelAboveThresholdDB, ear: "both",
            runsHz: found.runs.map(\.matchedHz), spreadOctaves: found.spreadOctaves, probe: probe)
        profile.notchWidthOctaves = notchWidthOctaves
        profile.source = "pitch-match (\(runs) runs, \(probe.rawValue))"
        profile = try HearingProfile.append(profile, logs: logs)
        message = String(
            format: "Tinnitus pitch %.0f Hz (runs %@ Hz), saved as profile version %d.", found.pitchHz,
            found.runs.map { String(format: "%.0f", $0.matchedHz) }.joined(separator: ", "), profile.version)
        if disagree {
            message! +=
                " The runs disagree by an octave: the pitch is uncertain; ask your supervisor to repeat the match."
        }
        if found.loudnessAtLimit {
            message! +=
                " The tinnitus was louder than the loudest probe the output plays: its loudness is at least that."
        }
        return profile
    }

    /// The patient says what their tinnitus sounds like (`--probe` not given): T a tone, N a hiss.
    private func chooseProbe() throws -> PitchProbe? {
        while !quit {
            for key in pollKeys() {
                switch key {
                case .leave: quit = true
                case .tone: return .tone
                case .noise: return .noise
                default: break
                }
            }
            try frame("pitch-probe") {
                _ = heading(
                    "What does your tinnitus sound like?",
                    [
                        "T: a tone or a whistle (one pitch): you compare it with tones",
                        "N: a hiss or a rushing noise: you compare it with bands of noise",
                        "Esc stops without saving",
                    ])
            }
        }
        return nil
    }

    private static func screenName(_ question: PitchMatchExchange.Question?) -> String {
        switch question {
        case .compare: "pitch-compare"
        case .octave: "pitch-octave"
        case .loudness: "pitch-loudness"
        case nil: "pitch-wait"
        }
    }

    /// A row of large buttons centred at `y` (clickable: `buttons`); `lit` is filled in the focus colour.
    private func buttonRow(_ row: [(label: String, key: Key, lit: Bool)], y: Int32) -> Int32 {
        let gap = width / 40
        let buttonWidth = min(width / 3, (width * 9 / 10 - gap * Int32(row.count - 1)) / Int32(row.count))
        let buttonHeight = height / 5
        var x = (width - buttonWidth * Int32(row.count) - gap * Int32(row.count - 1)) / 2
        for button in row {
            let rect = SDL_Rect(x: x, y: y, w: buttonWidth, h: buttonHeight)
            buttons.append((rect, button.key))
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

    /// "Run 2 of 3 · run 1 matched 2828 Hz", with a warning once two runs are an octave apart.
    private func runLines(_ progress: PitchMatchExchange.Progress, runs: Int) -> [String] {
        var line = "Run \(min(progress.run, runs)) of \(runs)"
        if !progress.matchedHz.isEmpty {
            line +=
                " · matched so far: "
                + progress.matchedHz.map { String(format: "%.0f Hz", $0) }.joined(separator: ", ")
        }
        var lines = [line]
        if progress.octaveDisagreement {
            lines.append("Two runs are an octave apart: listen carefully which octave your tinnitus is in.")
        }
        return lines
    }

    private func drawPitchQuestion(
        _ question: PitchMatchExchange.Question?, probe: PitchProbe, unit: AudiogramUnit,
        progress: PitchMatchExchange.Progress, runs: Int, playingFirst: Bool
    ) {
        let sound = probe == .tone ? "tone" : "noise"
        let footerY = height - px(.small) * 3
        switch question {
        case .compare(let frequency):
            let y = heading(
                "Tinnitus pitch",
                ["Compare the \(sound) with your tinnitus."] + runLines(progress, runs: runs)
                    + [String(format: "%@ at %.0f Hz", sound.capitalized, frequency)])
            _ = buttonRow(
                [
                    ("My tinnitus is lower (↓)", .down, false), ("This matches (Enter)", .confirm, false),
                    ("My tinnitus is higher (↑)", .up, false),
                ], y: y)
            text.draw(
                "↓ ↑ Enter or click a button · Esc stops without saving", x: width / 2, y: footerY, pixels: px(.small),
                color: Theme.dimText, align: .center)
        case .octave(let first, let second):
            let y = heading(
                "Tinnitus pitch: octave check",
                ["Two \(sound)s take turns. Which is closer to your tinnitus?"] + runLines(progress, runs: runs))
            // The button of the sound playing now is lit, so the patient knows which one they hear.
            _ = buttonRow(
                [
                    (
                        String(format: "%@First: %.0f Hz (1 or ←)", playingFirst ? "♪ " : "", first), .first,
                        playingFirst
                    ),
                    (
                        String(format: "%@Second: %.0f Hz (2 or →)", playingFirst ? "" : "♪ ", second), .second,
                        !playingFirst
                    ),
                ], y: y)
            text.draw(
                "The lit button is the one you hear now · Esc stops without saving", x: width / 2, y: footerY,
                pixels: px(.small), color: Theme.dimText, align: .center)
        case .loudness(_, let level):
            let y = heading(
                "Tinnitus loudness",
                [
                    "Compare the loudness of the \(sound) with your tinnitus.",
                    String(format: "%@ level %.0f %@", sound.capitalized, level, unit.rawValue),
                ] + runLines(progress, runs: runs).dropFirst())
            _ = buttonRow(
                [
                    ("My tinnitus is softer (↓)", .down, false), ("Equally loud (Enter)", .confirm, false),
                    ("My tinnitus is louder (↑)", .up, false),
                ], y: y)
            text.draw(
                "↓ ↑ Enter or click a button · Esc stops without saving", x: width / 2, y: footerY, pixels: px(.small),
                color: Theme.dimText, align: .center)
        case nil:
            _ = heading("Tinnitus pitch", ["…"])
        }
    }

    // MARK: Profile

    private func showProfile() throws {
        while !quit {
            for key in pollKeys() where key == .leave || key == .confirm { quit = true }
            try frame("profile") { drawProfile() }
        }
    }

    private func drawProfile() {
        var lines: [String] = []
        if let message { lines.append(message) }
        if let tinnitus = profile.tinnitus {
            var line = String(format: "Tinnitus %.0f Hz (%@ match)", tinnitus.pitchHz, tinnitus.probe.rawValue)
            if let level = tinnitus.levelDBAboveThreshold { line += String(format: ", %.0f dB above threshold", level) }
            if let width = profile.notchWidthOctaves { line += ", notch \(width) octave" }
            lines.append(line)
            if PitchMatchExchange.disagreeByAnOctave(tinnitus.runsHz), message == nil {
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
        let top = heading("Hearing profile \(participant.value)", lines, size: .small)
        let painter = AudiogramPainter(window: window, text: text, labelPixels: px(.small))
        let margin = width / 12
        painter.draw(
            profile.audiogram, tinnitusHz: profile.tinnitus?.pitchHz,
            in: SDL_Rect(x: margin, y: top + px(.small), w: width - 2 * margin, h: height - top - px(.small) * 3))
    }
}
