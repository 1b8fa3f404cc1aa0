// A safari session's rounds: the scene's animals and ambience cast into them, or the plan's background kept.
import GameCore
import SpatialAudio
import StudyRecords
import Testing

@testable import SessionRuntime

struct SafariCastTests {
    @Test func aSafariSessionPlaysItsScenesAmbienceUnlessThePlanSaysSceneAmbienceFalse() throws {
        let catalog = try SoundCatalog.locate(explicitFolder: nil)
        let study = StudyProtocol(
            name: "safari",
            conditions: [
                .init(name: "one", level: .oneTarget, targets: ["frog"], repetitions: 2),
                .init(
                    name: "noise", level: .twoTargetsBackground, targets: ["frog", "bluejay"], repetitions: 1,
                    backgroundSound: "ambience"),
            ])
        let visit = SafariVisit(scene: SafariScene.named("coast")!, sessionsHere: 0)
        var heard = study.resolve(participantNumber: 1, sessionSeed: 3)
        _ = SessionDriver.cast(visit, into: &heard, catalog: catalog)
        #expect(heard.scene == "coast")
        #expect(heard.rounds.allSatisfy { $0.backgroundSound == "ambience_coast" })
        #expect(heard.rounds.filter { $0.level == "one-target" }.allSatisfy { $0.backgroundGainDB == -20 })
        var own = study.resolve(participantNumber: 1, sessionSeed: 3)
        _ = SessionDriver.cast(visit, into: &own, catalog: catalog, ambience: false)
        #expect(own.scene == "coast")
        #expect(
            own.rounds.map(\.backgroundSound)
                == study.resolve(participantNumber: 1, sessionSeed: 3).rounds.map(\.backgroundSound))
    }
}
