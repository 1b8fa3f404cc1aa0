// Draws the Self-Assessment Manikin figures of the questionnaire's SAM items (valence and arousal, 9 points).
import CSDL2
import Foundation
import StudyKit
import StudyRecords

/// A simple manikin in the manner of Bradley & Lang's SAM (1994): a head on a body. Valence bends the mouth from a
/// frown (1) to a smile (9); arousal opens the eyes and grows a burst on the chest from a dot (1, calm) to a
/// large star (9, excited). Drawn with lines, so it scales with the window and needs no image files; the figure
/// is what a patient points at, the number under it what is stored.
struct ManikinPainter {
    let window: GameWindow

    func draw(_ dimension: RatingItem.ManikinDimension, point: Int, in box: SDL_Rect, color: SDL_Color) {
        let t = Double(point - 1) / Double(RatingItem.manikinPoints - 1)  // 0 … 1
        let cx = Double(box.x) + Double(box.w) / 2
        let unit = Double(min(box.w, box.h)) / 10
        let headY = Double(box.y) + unit * 2.6
        let headRadius = unit * 2.0
        window.setColor(color)
        thickCircle(cx: cx, cy: headY, radius: headRadius)
        // Body: shoulders to hips, arms out.
        let neck = headY + headRadius
        let hip = neck + unit * 4.2
        line(cx - unit * 2.2, neck + unit * 0.6, cx + unit * 2.2, neck + unit * 0.6)
        line(cx - unit * 2.2, neck + unit * 0.6, cx - unit * 1.4, hip)
        line(cx + unit * 2.2, neck + unit * 0.6, cx + unit * 1.4, hip)
        line(cx - unit * 1.4, hip, cx + unit * 1.4, hip)
        line(cx - unit * 2.2, neck + unit * 0.6, cx - unit * 3.3, neck + unit * 2.4)
        line(cx + unit * 2.2, neck + unit * 0.6, cx + unit * 3.3, neck + unit * 2.4)
        switch dimension {
        case .valence:
            eyes(cx: cx, y: headY - unit * 0.5, size: unit * 0.45)
            // Mouth: a parabola whose bend goes from a frown (t = 0) to a smile (t = 1).
            let bend = (t - 0.5) * 2 * unit * 0.9
            let mouthY = headY + unit * 0.9
            var last: (Double, Double)?
            for step in 0...12 {
                let u = Double(step) / 12 * 2 - 1
                let point = (cx + u * unit * 1.1, mouthY + bend * (1 - u * u) - bend / 2)
                if let last { line(last.0, last.1, point.0, point.1) }
                last = point
            }
        case .arousal:
            eyes(cx: cx, y: headY - unit * 0.5, size: unit * (0.25 + 0.5 * t))
            line(cx - unit * 0.7, headY + unit * 0.9, cx + unit * 0.7, headY + unit * 0.9)
            // The burst on the chest: more and longer rays as arousal rises.
            let centre = (cx, neck + unit * 2.4)
            let radius = unit * (0.25 + 1.5 * t)
            let rays = 4 + point
            for ray in 0..<rays {
                let angle = Double(ray) / Double(rays) * 2 * Double.pi
                line(centre.0, centre.1, centre.0 + cos(angle) * radius, centre.1 + sin(angle) * radius)
            }
        }
    }

    private func eyes(cx: Double, y: Double, size: Double) {
        for side in [-1.0, 1.0] {
            let half = max(1, size / 2)
            var rect = SDL_Rect(
                x: Int32((cx + side * size * 1.6 - half).rounded()), y: Int32((y - half).rounded()),
                w: Int32(max(2, size.rounded())), h: Int32(max(2, size.rounded())))
            SDL_RenderFillRect(window.renderer, &rect)
        }
    }

    /// A line two pixels thick (SDL draws one-pixel lines).
    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        for offset in [0, 1] {
            SDL_RenderDrawLine(
                window.renderer, Int32(x1.rounded()) + Int32(offset), Int32(y1.rounded()),
                Int32(x2.rounded()) + Int32(offset), Int32(y2.rounded()))
        }
    }

    private func thickCircle(cx: Double, cy: Double, radius: Double) {
        var last: (Double, Double)?
        for step in 0...32 {
            let angle = Double(step) / 32 * 2 * Double.pi
            let point = (cx + cos(angle) * radius, cy + sin(angle) * radius)
            if let last { line(last.0, last.1, point.0, point.1) }
            last = point
        }
    }
}
