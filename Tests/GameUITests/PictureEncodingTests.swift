// The pictures' PNG (libpng's fast setting) is a valid PNG that decodes to exactly the pixels drawn.
import CSDL2
import Foundation
import Testing

@testable import GameCore
@testable import GameUI

@Suite struct PictureEncodingTests {
    /// The surface's pixels as R, G, B (, A) bytes, row after row.
    private func bytes(of surface: UnsafeMutablePointer<SDL_Surface>, alpha: Bool) throws -> [UInt8] {
        let format = alpha ? SDL_PIXELFORMAT_RGBA32 : SDL_PIXELFORMAT_RGB24
        let converted = try #require(SDL_ConvertSurfaceFormat(surface, format.rawValue, 0))
        defer { SDL_FreeSurface(converted) }
        let width = Int(converted.pointee.w) * (alpha ? 4 : 3)
        let pixels = try #require(converted.pointee.pixels).assumingMemoryBound(to: UInt8.self)
        return (0..<Int(converted.pointee.h)).flatMap { y in
            Array(UnsafeBufferPointer(start: pixels + y * Int(converted.pointee.pitch), count: width))
        }
    }

    /// `png` decoded by SDL_image, the game's own PNG reader.
    private func decoded(_ png: ArraySlice<UInt8>) throws -> UnsafeMutablePointer<SDL_Surface> {
        try png.withUnsafeBytes { raw in
            let stream = try #require(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)))
            return try #require(IMG_LoadPNG_RW(stream), "\(String(cString: SDL_GetError()))")
        }
    }

    @Test func aResultPicturesPNGHoldsExactlyItsPixels() throws {
        let plan = RoundPlan(round: 1, condition: "one-target", level: "one-target", targetSounds: ["frog"])
        let photo = TrialResult(
            condition: "one-target", level: "one-target", background: false, round: 1, targetsInRound: 1,
            targetIndex: 1, target: "frog", targetBearing: Bearing(degrees: 20), aimBearing: Bearing(degrees: 25),
            roundStartHeading: Bearing(degrees: 0), onsetTime: MonotonicTime(seconds: 0),
            shotTime: MonotonicTime(seconds: 2), onsetAt: Date(timeIntervalSince1970: 0),
            shotAt: Date(timeIntervalSince1970: 2), input: InputDevice(name: "keyboard"))
        let frog = RoundResult.Target(
            sound: "frog", displayName: "frog", bearing: Bearing(degrees: 20), index: 1, photographed: true)
        let result = RoundResult(
            kind: .roundEnd, plan: plan, targets: [frog], photos: [photo], aim: Bearing(degrees: 25),
            searchedSeconds: nil)
        let surface = try ResultPicture(result: result).makeSurface()
        let png = try surface.pngBytes(for: "picture.png")
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: 960 × 600, 8 bits, colour type 2 (RGB: the picture is opaque).
        #expect(Array(png.dropFirst(16).prefix(10)) == [0, 0, 3, 0xC0, 0, 0, 2, 0x58, 8, 2])
        let back = try decoded(png)
        defer { SDL_FreeSurface(back) }
        #expect(try bytes(of: back, alpha: false) == bytes(of: surface.pointer, alpha: false))
    }

    @Test func aPictureWithTransparencyKeepsEveryAlpha() throws {
        let surface = try SDLSurface(width: 37, height: 11)
        for x in 0..<37 {
            surface.fill(x: Int32(x), y: 0, w: 1, h: 11, SDL_Color(r: UInt8(x * 7), g: 200, b: 9, a: UInt8(x * 6)))
        }
        let png = try surface.pngBytes(for: "icon.png")
        #expect(png[png.startIndex + 25] == 6, "colour type 6: RGBA")
        let back = try decoded(png)
        defer { SDL_FreeSurface(back) }
        #expect(try bytes(of: back, alpha: true) == bytes(of: surface.pointer, alpha: true))
    }
}
