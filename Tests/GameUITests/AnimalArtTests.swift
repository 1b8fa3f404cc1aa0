// Every target sound of Sounds/sounds.json has its animal drawn in the result picture.
import CSDL2
import Foundation
import SpatialAudio
import Testing

@testable import GameUI

@Suite struct AnimalArtTests {
    static let soundsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sounds")

    @Test func everyTargetSoundHasADrawingOfItsOwn() throws {
        let catalog = try SoundCatalog.load(folder: Self.soundsFolder)
        let targets = catalog.entries.filter { $0.role == .target }.map(\.name)
        #expect(!targets.isEmpty)
        for name in targets { #expect(AnimalArt.drawn.contains(name), "\(name) has no drawing in AnimalArt") }
    }

    /// The frog and the blue jay differ from each other and from the fallback critter.
    @Test func theDrawingsDiffer() throws {
        func pixels(_ sound: String) throws -> [UInt32] {
            let surface = try SDLSurface(width: 200, height: 200)
            AnimalArt.draw(sound, on: surface, cx: 100, cy: 100)
            let pointer = surface.pointer
            SDL_LockSurface(pointer)
            defer { SDL_UnlockSurface(pointer) }
            let pitch = Int(pointer.pointee.pitch) / 4
            let base = try #require(pointer.pointee.pixels).assumingMemoryBound(to: UInt32.self)
            return (0..<200).flatMap { y in (0..<200).map { base[y * pitch + $0] } }
        }
        let frog = try pixels("frog")
        let jay = try pixels("bluejay")
        let other = try pixels("unknown-sound")
        #expect(frog != jay && frog != other && jay != other)
    }
}
