// The audiogram as audiologists draw it: frequency on a log axis, level growing downward, O right ear, X left ear.
import CSDL2
import Foundation
import GameCore
import Localization

/// Draws an audiogram into a rectangle of the window: octave grid lines labelled in Hz, a level grid every 10 dB
/// (better hearing at the top), the right ear as red circles and the left ear as blue crosses joined by lines,
/// and the tinnitus pitch as a yellow vertical line.
struct AudiogramPainter {
    let window: GameWindow
    let text: TextRenderer
    let labelPixels: Int32

    static let frequencies: [Double] = [125, 250, 500, 1000, 2000, 4000, 8000, 16_000]
    static let rightColor = SDL_Color(r: 235, g: 80, b: 70, a: 255)
    static let leftColor = SDL_Color(r: 90, g: 150, b: 255, a: 255)

    func draw(_ audiogram: Audiogram?, tinnitusHz: Double?, in frame: SDL_Rect) {
        let unit = audiogram?.unit ?? .hearingLevel
        let levels: ClosedRange<Double> = unit == .hearingLevel ? -10...120 : -120...0
        let plot = SDL_Rect(
            x: frame.x + labelPixels * 4, y: frame.y + labelPixels, w: frame.w - labelPixels * 5,
            h: frame.h - labelPixels * 3)
        window.fill(plot, Theme.panel)
        func x(_ frequency: Double) -> Int32 {
            plot.x + Int32(Double(plot.w) * log2(frequency / 125) / log2(16_000 / 125))
        }
        func y(_ level: Double) -> Int32 {
            plot.y + Int32(Double(plot.h) * (level - levels.lowerBound) / (levels.upperBound - levels.lowerBound))
        }
        window.setColor(Theme.disabledText)
        for frequency in Self.frequencies {
            SDL_RenderDrawLine(window.renderer, x(frequency), plot.y, x(frequency), plot.y + plot.h)
            // TRANSLATORS: a frequency in kilohertz on the audiogram's axis, e.g. "4k"; keep it short.
            let label =
                frequency >= 1000
                ? Translation.gettext("{kilohertz}k", ["kilohertz": String(Int(frequency / 1000))])
                : "\(Int(frequency))"
            // The first frequency starts at the plot's corner, clear of the lowest level's label left of it.
            let first = frequency == Self.frequencies.first
            text.draw(
                label, x: x(frequency), y: plot.y + plot.h + labelPixels / 3, pixels: labelPixels, color: Theme.dimText,
                align: first ? .left : .center)
        }
        // A label every 10 dB while they fit, else every 20 dB (grid lines stay at 10 dB).
        let labelStep = Double(y(10) - y(0)) >= Double(labelPixels) * 1.3 ? 10.0 : 20.0
        for level in stride(from: levels.lowerBound, through: levels.upperBound, by: 10) {
            window.setColor(Theme.disabledText)
            SDL_RenderDrawLine(window.renderer, plot.x, y(level), plot.x + plot.w, y(level))
            guard level.truncatingRemainder(dividingBy: labelStep) == 0 else { continue }
            text.draw(
                "\(Int(level))", x: plot.x - labelPixels / 2, y: y(level) - labelPixels / 2, pixels: labelPixels,
                color: Theme.dimText, align: .right)
        }
        // Above the first level label, not on it.
        text.draw(
            unit.rawValue, x: frame.x, y: plot.y - labelPixels * 2, pixels: labelPixels, color: Theme.dimText)
        text.draw(
            Translation.gettext("Hz"), x: plot.x + plot.w, y: plot.y + plot.h + labelPixels * 3 / 2,
            pixels: labelPixels,
            color: Theme.dimText, align: .right)
        if let tinnitusHz {
            let position = x(tinnitusHz)
            window.fill(SDL_Rect(x: position - 2, y: plot.y, w: 4, h: plot.h), Theme.focus)
            // Right of the line, or left of it in the plot's right half, so the label stays inside the plot.
            let right = position < plot.x + plot.w / 2
            text.draw(
                Translation.gettext("tinnitus {pitch} Hz", ["pitch": String(format: "%.0f", tinnitusHz)]),
                x: right ? position + 8 : position - 8,
                y: plot.y + plot.h - labelPixels * 3 / 2, pixels: labelPixels, color: Theme.focus,
                align: right ? .left : .right)
        }
        guard let audiogram else { return }
        for ear in Ear.allCases {
            let points = audiogram.thresholds(ear).sorted { $0.key < $1.key }.map { (x($0.key), y($0.value)) }
            let color = ear == .right ? Self.rightColor : Self.leftColor
            window.setColor(color)
            for (from, to) in zip(points, points.dropFirst()) {
                SDL_RenderDrawLine(window.renderer, from.0, from.1, to.0, to.1)
            }
            let size = labelPixels / 2
            for (px, py) in points {
                if ear == .right {
                    for angle in stride(from: 0.0, to: 2 * Double.pi, by: 0.05) {
                        SDL_RenderDrawPoint(
                            window.renderer, px + Int32(Double(size) * cos(angle)),
                            py + Int32(Double(size) * sin(angle)))
                    }
                } else {
                    SDL_RenderDrawLine(window.renderer, px - size, py - size, px + size, py + size)
                    SDL_RenderDrawLine(window.renderer, px - size, py + size, px + size, py - size)
                }
            }
        }
        text.draw(
            Translation.gettext("O right ear"), x: plot.x + labelPixels, y: plot.y + plot.h - labelPixels * 3,
            pixels: labelPixels,
            color: Self.rightColor)
        text.draw(
            Translation.gettext("X left ear"), x: plot.x + labelPixels, y: plot.y + plot.h - labelPixels * 3 / 2,
            pixels: labelPixels,
            color: Self.leftColor)
    }
}
