// The result picture shows only what has been photographed: the second animal of a round stays hidden.
import CSDL2
import Foundation
import Testing

@testable import GameCore
@testable import GameUI

@Suite struct ResultPictureTests {
    /// Round 1 of two-targets: the frog straight ahead (photographed, or not), the blue jay at `jayBearing`.
    private func result(kind: RoundResult.Kind, photos: Int, jayBearing: Double) -> RoundResult {
        let plan = RoundPlan(
            round: 1, condition: "two-targets", level: "two-targets", targetSounds: ["frog", "bluejay"])
        let bearings = [Bearing(degrees: 0), Bearing(degrees: jayBearing)]
        let trials = (0..<photos).map { index in
            TrialResult(
                condition: "two-targets", level: "two-targets", background: false, round: 1, targetsInRound: 2,
                targetIndex: index + 1, target: plan.targetSounds[index], targetBearing: bearings[index],
                aimBearing: Bearing(degrees: 3), roundStartHeading: Bearing(degrees: 0),
                onsetTime: MonotonicTime(seconds: 0), shotTime: MonotonicTime(seconds: 2),
                onsetAt: Date(timeIntervalSince1970: 0), shotAt: Date(timeIntervalSince1970: 2),
                input: InputDevice(name: "keyboard"))
        }
        let targets = plan.targetSounds.enumerated().map { offset, sound in
            RoundResult.Target(
                sound: sound, displayName: sound == "frog" ? "frog" : "blue jay", bearing: bearings[offset],
                index: offset + 1, photographed: offset < photos)
        }
        return RoundResult(
            kind: kind, plan: plan, targets: targets, photos: trials, aim: Bearing(degrees: 3),
            searchedSeconds: kind == .interrupted ? 4 : nil)
    }

    /// Pixels of exactly the blue jay's colour (its body, or its edge arrow when outside the picture).
    private func blueJayPixels(_ result: RoundResult) throws -> Int {
        let surface = try ResultPicture(result: result).makeSurface()
        let pointer = surface.pointer
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        guard let pixels = pointer.pointee.pixels else { return 0 }
        let pitch = Int(pointer.pointee.pitch)
        var count = 0
        for y in 0..<Int(pointer.pointee.h) {
            let row = pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(pointer.pointee.w) {
                var r: UInt8 = 0
                var g: UInt8 = 0
                var b: UInt8 = 0
                SDL_GetRGB(row[x], pointer.pointee.format, &r, &g, &b)
                if (r, g, b) == (60, 120, 230) { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: [10.0, 135.0])
    func afterPhotoOneOfTwoTheSecondAnimalIsNeitherDrawnNorPointedAt(jayBearing: Double) throws {
        let picture = ResultPicture(result: result(kind: .intermediate, photos: 1, jayBearing: jayBearing))
        #expect(picture.shownTargets.map(\.sound) == ["frog"])
        #expect(try blueJayPixels(result(kind: .intermediate, photos: 1, jayBearing: jayBearing)) == 0)
    }

    @Test func afterTheRoundsLastPhotoBothAnimalsAreShown() throws {
        let end = result(kind: .roundEnd, photos: 2, jayBearing: 10)
        #expect(ResultPicture(result: end).shownTargets.map(\.sound) == ["frog", "bluejay"])
        #expect(try blueJayPixels(end) > 500)
    }

    @Test func aPausedSearchShowsNoAnimal() throws {
        let paused = result(kind: .interrupted, photos: 0, jayBearing: 10)
        #expect(ResultPicture(result: paused).shownTargets.isEmpty)
        #expect(try blueJayPixels(paused) == 0)
    }

    /// The colour at (x, y) of the picture of `result`.
    private func color(_ result: RoundResult, x: Int, y: Int) throws -> [UInt8] {
        let surface = try ResultPicture(result: result).makeSurface()
        let pointer = surface.pointer
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        let pixels = try #require(pointer.pointee.pixels)
        let row = pixels.advanced(by: y * Int(pointer.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
        var (r, g, b): (UInt8, UInt8, UInt8) = (0, 0, 0)
        SDL_GetRGB(row[x], pointer.pointee.format, &r, &g, &b)
        return [r, g, b]
    }

    @Test func eachSceneHasItsOwnLandscapeAndThePondIsTheMeadowOfOldPictures() throws {
        var round = result(kind: .roundEnd, photos: 2, jayBearing: 10)
        // Ground outside the hit zone (there is none without a verdict) near the left edge, and the skyline.
        let meadow = try color(round, x: 20, y: 400)
        round.scene = "pond"
        #expect(try color(round, x: 20, y: 400) == meadow)
        var grounds: Set<[UInt8]> = [meadow]
        for scene in ["farm", "forest", "coast", "savannah"] {
            round.scene = scene
            grounds.insert(try color(round, x: 20, y: 400))
        }
        #expect(grounds.count == 5, "\(grounds)")
        round.scene = "coast"
        #expect(try color(round, x: 20, y: 280) == [40, 110, 170], "the sea's line at the horizon")
    }
}
