// The three levels and the factory: which sounds play when, what the player is told, bad level names.
import Testing

@testable import GameCore

@Suite struct LevelTests {
    let factory = LevelFactory(displayNames: ["bluejay": "blue jay"])

    func twoTargetPlan(keepPlaying: Bool = false, background: String? = nil) -> RoundPlan {
        RoundPlan(
            round: 1, condition: "c", level: background == nil ? "two-targets" : "two-targets-background",
            targetSounds: ["frog", "bluejay"], backgroundSound: background, keepFirstTargetPlaying: keepPlaying)
    }

    @Test func bothTargetsSoundFromTheStartAndThePhotographedOneStops() throws {
        let scene = FakeAudioScene()
        let level = try factory.makeLevel(
            for: twoTargetPlan(), bearings: [Bearing(degrees: 10), Bearing(degrees: 200)], scene: scene)
        level.begin(at: .zero)
        #expect(scene.playingSounds == ["frog", "bluejay"])
        level.targetPhotographed()
        #expect(scene.playingSounds == ["bluejay"])
        #expect(level.currentTargetIndex == 1)
        level.targetPhotographed()
        #expect(level.currentTargetIndex == nil)
    }

    @Test func keepFirstTargetPlayingLeavesThePhotographedTargetSounding() throws {
        let scene = FakeAudioScene()
        let level = try factory.makeLevel(
            for: twoTargetPlan(keepPlaying: true), bearings: [Bearing(degrees: 10), Bearing(degrees: 200)], scene: scene
        )
        level.begin(at: .zero)
        level.targetPhotographed()
        #expect(scene.playingSounds == ["frog", "bluejay"])
    }

    @Test func theBackgroundLevelPlaysItsBackgroundWithTheTargets() throws {
        let scene = FakeAudioScene()
        let level = try factory.makeLevel(
            for: twoTargetPlan(background: "forest"), bearings: [Bearing(degrees: 10), Bearing(degrees: 200)],
            scene: scene)
        #expect(level is TwoTargetsBackgroundLevel)
        level.begin(at: .zero)
        #expect(scene.playingSounds == ["frog", "bluejay", "forest"])
        level.end()
        #expect(scene.playingSounds.isEmpty)
        #expect(scene.removed.count == 4, "two targets and the two ears of the background")
    }

    @Test func oneTargetOverTheBackgroundPlaysTheBackgroundWithTheOneTarget() throws {
        let scene = FakeAudioScene()
        let plan = RoundPlan.builtIn(.oneTargetBackground, round: 1)
        #expect(plan.backgroundSound == "ambience")
        let level = try factory.makeLevel(for: plan, bearings: [Bearing(degrees: 10)], scene: scene)
        #expect(level is OneTargetBackgroundLevel)
        level.begin(at: .zero)
        #expect(scene.playingSounds == ["frog", "ambience"])
        #expect(LevelKind.with(targets: 1, background: true) == .oneTargetBackground)
    }

    @Test func theBackgroundFollowsTheListenersEarsSoItGivesNoDirection() throws {
        let scene = FakeAudioScene()
        let level = try factory.makeLevel(
            for: twoTargetPlan(background: "forest"), bearings: [Bearing(degrees: 10), Bearing(degrees: 200)],
            scene: scene)
        level.update(at: .zero, heading: Bearing(degrees: 30))
        let ears = scene.live("forest").map(\.bearing.degrees).sorted()
        #expect(ears == [120, 300])
        #expect(scene.live("forest").allSatisfy { abs($0.gainDB + 3.0103) < 1e-9 }, "two ears at -3 dB make 0 dB")
        level.update(at: .zero, heading: Bearing(degrees: 200))
        #expect(scene.live("forest").map(\.bearing.degrees).sorted() == [110, 290])
    }

    @Test func targetsArePlacedAtTheirBearings() throws {
        let scene = FakeAudioScene()
        _ = try factory.makeLevel(
            for: twoTargetPlan(), bearings: [Bearing(degrees: 10), Bearing(degrees: 200)], scene: scene)
        #expect(scene.live("bluejay").first?.bearing == Bearing(degrees: 200))
    }

    @Test func instructionsNameTheAnimalToPhotographNext() throws {
        let level = try factory.makeLevel(
            for: twoTargetPlan(), bearings: [Bearing(degrees: 10), Bearing(degrees: 200)], scene: FakeAudioScene())
        #expect(level.instruction.contains("frog first"))
        level.targetPhotographed()
        #expect(level.instruction == "Now photograph the blue jay.")
        let one = try factory.makeLevel(
            for: .builtIn(.oneTarget, round: 1), bearings: [.forward], scene: FakeAudioScene())
        #expect(one is OneTargetLevel)
        #expect(one.instruction.contains("frog"))
    }

    @Test func pausingAndResumingOnlyTouchesTheSoundsThatShouldBeAudible() throws {
        let scene = FakeAudioScene()
        let level = try factory.makeLevel(
            for: twoTargetPlan(), bearings: [Bearing(degrees: 10), Bearing(degrees: 200)], scene: scene)
        level.begin(at: .zero)
        level.targetPhotographed()
        level.pause()
        #expect(scene.playingSounds.isEmpty)
        level.resume()
        #expect(scene.playingSounds == ["bluejay"])
    }

    @Test func anUnknownLevelNameIsAnErrorListingTheKnownOnes() {
        let plan = RoundPlan(round: 1, condition: "x", level: "three-targets", targetSounds: ["frog"])
        #expect(throws: LevelError.unknownLevel("three-targets")) {
            try factory.makeLevel(for: plan, bearings: [.forward], scene: FakeAudioScene())
        }
        #expect(
            LevelError.unknownLevel("three-targets").description.contains(
                "one-target, two-targets, two-targets-background"))
    }

    @Test func aLevelWithTheWrongNumberOfTargetSoundsIsRejected() {
        let plan = RoundPlan(round: 1, condition: "x", level: "one-target", targetSounds: ["frog", "bluejay"])
        #expect(throws: LevelError.self) { try factory.validate(plan) }
    }

    @Test func anUnknownSoundFailsTheLevelWithTheScenesError() {
        let scene = FakeAudioScene()
        scene.unknownSounds = ["owl"]
        let plan = RoundPlan(round: 1, condition: "x", level: "one-target", targetSounds: ["owl"])
        #expect(throws: FakeSceneError.self) { try factory.makeLevel(for: plan, bearings: [.forward], scene: scene) }
    }
}
