// Frame drawing cost of the window's screens (menu, running view, summary), for `make bench`.
import CSDL2
import Foundation
import GameCore
import SessionRuntime

/// Draws each screen repeatedly into a 1280×720 window and reports the mean and worst time per frame
/// (draw + present), after one warm-up frame that creates the text textures. Without a display it uses
/// SDL's offscreen video driver, so `make bench` runs on a server; the figures then are the software path.
public enum ScreenFrameTimes {
    /// One screen's figures in milliseconds.
    public struct Timing: Sendable {
        public let screen: String
        public let meanMs: Double
        public let maxMs: Double
    }

    public static func measure(frames: Int = 240) throws -> [Timing] {
        if ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty ?? true {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        }
        let sdl = try SDLSystem()
        let window = try GameWindow(title: "SoundSafari bench")
        let text = try TextRenderer(window: window)
        defer {
            text.close()
            window.close()
            sdl.close()
        }
        let painter = ScreenPainter(window: window, text: text)
        let menu = MainMenu.model(
            MenuSettings(
                participant: "P01", mode: .twoTargets, rounds: 9, input: .keyboard,
                hrtf: "default-48000"),
            knownParticipants: [], inputs: [.mouse, .keyboard], hrtfs: ["default-48000"])
        let rows = (1...9).map { round in
            ScreenPainter.SummaryRow(
                round: "\(round)", condition: "two targets", target: "frog, blue jay",
                deviation: "+12°, −4°", time: "3.1 s, 4.0 s")
        }
        let screens: [(String, () -> Void)] = [
            ("menu", { painter.drawMainMenu(menu, message: nil, readAloud: "off") }),
            (
                "running",
                {
                    painter.drawRunning(
                        instruction: "Two animals are calling. Photograph the frog first.",
                        progress: "Round 4 of 9 — two targets", inputHint: "Turn: ← →",
                        compass: CompassStrip(heading: Bearing(degrees: 110)))
                }
            ),
            (
                "summary",
                {
                    painter.drawSummary(
                        heading: "Session complete", rows: rows,
                        means: "Very close! Mean deviation 8° · mean time 3.5 s (18 photos)", meansColor: Theme.good,
                        note: nil, menu: SummaryMenu.model(canContinue: false, canPlayAgain: true))
                }
            ),
        ]
        let clock = SystemClock()
        var results: [Timing] = []
        for (name, draw) in screens {
            draw()
            window.present()
            var durations: [Double] = []
            for _ in 0..<frames {
                let start = clock.now()
                draw()
                window.present()
                durations.append((clock.now() - start) * 1000)
            }
            let mean = durations.reduce(0, +) / Double(durations.count)
            results.append(Timing(screen: name, meanMs: mean, maxMs: durations.max() ?? 0))
        }
        return results
    }
}
