// The practice before a patient's first scored round: the animal in view, its sound moving as they turn.
import CSDL2
import Foundation
import GameCore

extension GameApp {
    /// Where the practice animal sounds: 60° to the right of where the player faced, so the first thing they do
    /// is turn towards a sound they can also see.
    static let practiceBearing = Bearing(degrees: 60)

    /// The first session of a plan, with nothing logged yet, begins with the practice.
    func adoptPracticeIfFirstSession(_ run: SessionRun) {
        guard training != nil, run.driver.log.loggedKeys.isEmpty,
            let start = try? training?.start(app: self, input: .keyboard), start.schedule.done == 0
        else { return }
        flow.adoptPractice()
    }

    /// Keeps the practice animal sounding (from its bearing, heard from where the player faces) while the
    /// practice shows, and silent otherwise.
    func syncPracticeSound() throws {
        guard let audio else { return }
        if flow.screen == .practice {
            try audio.playPractice(at: Self.practiceBearing, heading: input.heading)
            practiceSounding = true
        } else if practiceSounding {
            try audio.playPractice(at: nil, heading: input.heading)
            practiceSounding = false
        }
    }

    /// The practice animal relative to where the player faces, with its picture (made once).
    var practiceAnimal: ScreenPainter.ViewfinderAnimal? {
        guard let sound = audio?.practiceSound else { return nil }
        if practicePicture == nil, let surface = try? SDLSurface(width: 180, height: 150) {
            AnimalArt.draw(sound.name, on: surface, cx: 90, cy: 80)
            practicePicture = SDLTexture(surface: surface.pointer, window: window)
        }
        return ScreenPainter.ViewfinderAnimal(
            relativeDeg: Self.practiceBearing.relative(to: input.heading), texture: practicePicture,
            name: sound.displayName)
    }

    /// "Practice: the frog is in view…", then praise once it is in the middle.
    var practiceInstruction: String {
        guard let animal = practiceAnimal else { return "" }
        if abs(animal.relativeDeg) <= 5 {
            return "That's it! Straight ahead, it is equally loud in both ears. Space: start."
        }
        return "Practice: turn until the \(animal.name) is in the middle, and listen as you turn."
    }
}
