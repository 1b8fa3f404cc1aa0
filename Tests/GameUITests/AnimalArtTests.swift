// Every target sound of Sounds/sounds.json has its animal drawn in the result picture.
import CSDL2
import Foundation
import SpatialAudio
import Testing

@testable import GameUI

// Serialized: the stamp pictures' cache is the game thread's, one test at a time here.
@Suite(.serialized) struct AnimalArtTests {
    static let soundsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sounds")

    @Test func everyTargetSoundHasADrawingOfItsOwn() throws {
        let catalog = try SoundCatalog.load(folder: Self.soundsFolder)
        let targets = catalog.entries.filter { $0.role == .target }.map(\.name)
        #expect(!targets.isEmpty)
        for name in targets { #expect(AnimalArt.drawn.contains(name), "\(name) has no drawing in AnimalArt") }
    }

    static func pixels(_ sound: String) throws -> [UInt32] {
        let surface = try SDLSurface(width: 200, height: 200)
        AnimalArt.draw(sound, on: surface, cx: 100, cy: 100)
        let pointer = surface.pointer
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        let pitch = Int(pointer.pointee.pitch) / 4
        let base = try #require(pointer.pointee.pixels).assumingMemoryBound(to: UInt32.self)
        return (0..<200).flatMap { y in (0..<200).map { base[y * pitch + $0] } }
    }

    /// The frog and the blue jay differ from each other and from the fallback critter.
    @Test func theDrawingsDiffer() throws {
        func pixels(_ sound: String) throws -> [UInt32] { try Self.pixels(sound) }
        let frog = try pixels("frog")
        let jay = try pixels("bluejay")
        let other = try pixels("unknown-sound")
        #expect(frog != jay && frog != other && jay != other)
    }
}

extension AnimalArtTests {
    /// A recorded call is drawn as its stamp's own picture (the duck's PNG where Debian installs it), scaled into
    /// the drawing's box:
    /// thousands of pixels in hundreds of colours (the duck covers 6,884), unlike the few-colour critter.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/share/tuxpaint/stamps/animals/birds/duck.png"),
            "needs Debian's tuxpaint-stamps-default"))
    func aRecordedCallIsDrawnAsItsStampsPicture() throws {
        let saved = (StampPicture.files, StampPicture.loaded)
        defer { (StampPicture.files, StampPicture.loaded) = saved }
        StampPicture.files = ["duck": URL(fileURLWithPath: "/usr/share/tuxpaint/stamps/animals/birds/duck.png")]
        StampPicture.loaded = [:]
        let duck = try Self.pixels("duck")
        let critter = try Self.pixels("no-picture")
        #expect(duck != critter)
        let covered = duck.filter { $0 >> 24 != 0 }
        #expect(covered.count > 4_000, "\(covered.count) pixels drawn")
        #expect(Set(covered).count > 500, "\(Set(covered).count) colours: a photo, not a drawing")
        #expect(Set(critter.filter { $0 >> 24 != 0 }).count < 50)
    }
}
