// The practice before a patient's first scored round: the animal in view, its sound moving as they turn.
import CSDL2
import GameCore
import Localization

/// The practice (a first training session, nothing logged): the practice animal sounds from `bearing`, heard from
/// where the player faces, and shows in the viewfinder; the footer's inputs start the training.
final class PracticeController: ScreenController {
    /// Where the practice animal sounds: 60° to the right of where the player faced, so the first thing they do
    /// is turn towards a sound they can also see.
    static let bearing = Bearing(degrees: 60)

    /// The practice animal's picture, drawn once.
    private var picture: SDLTexture?

    func footer(app: GameApp) -> ContinueFooter? { .practice }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if ContinueFooter.practice.answers(command) { try app.perform(app.flow.practiceFinished()) }
    }

    /// Keeps the animal sounding from its bearing as the player turns.
    func tick(now: MonotonicTime, app: GameApp) throws {
        try app.audio?.playPractice(at: Self.bearing, heading: app.input.heading)
    }

    func leave(app: GameApp) throws {
        try app.audio?.playPractice(at: nil, heading: app.input.heading)
    }

    func stimulusSounds(app: GameApp) -> Bool { true }

    func sentence(app: GameApp) -> String? { nil }

    func draw(app: GameApp) {
        let animal = self.animal(app)
        app.painter.drawRunning(
            instruction: instruction(animal), progress: Translation.gettext("Practice — not scored"),
            inputHint: RoundController.turnOnlyHint(app) + " · " + ContinueFooter.practice.text,
            compass: CompassStrip(heading: app.input.heading), animal: animal)
    }

    /// The practice animal relative to where the player faces, with its picture (made once).
    private func animal(_ app: GameApp) -> ScreenPainter.ViewfinderAnimal? {
        guard let sound = app.audio?.practiceSound else { return nil }
        if picture == nil, let surface = try? SDLSurface(width: 180, height: 150) {
            AnimalArt.draw(sound.name, on: surface, cx: 90, cy: 80)
            picture = SDLTexture(surface: surface.pointer, window: app.window)
        }
        return ScreenPainter.ViewfinderAnimal(
            relativeDeg: Self.bearing.relative(to: app.input.heading), texture: picture, name: sound.displayName)
    }

    /// "Practice: the frog is in view…", then praise once it is in the middle.
    private func instruction(_ animal: ScreenPainter.ViewfinderAnimal?) -> String {
        guard let animal else { return "" }
        if abs(animal.relativeDeg) <= 5 {
            return Translation.gettext("That's it! Straight ahead, it is equally loud in both ears. Space: start.")
        }
        return Translation.gettext(
            "Practice: turn until the {animal} is in the middle, and listen as you turn.", ["animal": animal.name])
    }
}
