// The practice plays one of the session's scene animals, or the catalog's first target when the scene fell back.
import GameCore
import Testing

@testable import GameUI

struct PracticeAnimalTests {
    @Test func thePracticePlaysTheFirstSceneAnimalTheRoundsCast() {
        let cast = [
            RoundPlan(round: 1, condition: "c", level: "one-target", targetSounds: ["duck"]),
            RoundPlan(round: 2, condition: "c", level: "two-targets", targetSounds: ["mosquito", "duck"]),
        ]
        #expect(AppAudio.practiceAnimal(from: cast, scene: "pond") == "duck")
        // A scene that fell back to the plan's synthesised animals, a study without a scene: the catalog's first.
        let own = [RoundPlan(round: 1, condition: "c", level: "two-targets", targetSounds: ["frog", "bluejay"])]
        #expect(AppAudio.practiceAnimal(from: own, scene: "pond") == nil)
        #expect(AppAudio.practiceAnimal(from: cast, scene: nil) == nil)
    }
}
