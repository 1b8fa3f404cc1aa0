// The thesis's result image: a 45° section centred on the aim, targets where they were, crosshair, deviation and time.
import CSDL2
import Foundation
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// The picture a result screen shows and the session saves as PNG (thesis section 4.4, figure 4.7):
/// the 45° the camera saw (a training photo: wide enough to hold its hit zone, drawn as two posts, so an
/// animal inside the zone is inside the picture and the caption's hit or miss is what the picture shows), centred on the heading of the photo; every target photographed so far drawn
/// where it was (one outside the section as an edge arrow with its angle); the crosshair; and the deviation
/// and time written underneath. A target not yet photographed is never drawn: after photo 1 of 2 its
/// position (or the edge arrow's angle) would give the second answer away. Drawn on SDL software surfaces, so it needs no window (simulate, tests).
struct ResultPicture {
    /// Degrees across the picture, as in the thesis.
    static let defaultSectionDegrees = 45.0
    static let width: Int32 = 960
    static let height: Int32 = 600
    /// Height of the photo part; the text strip is below it.
    static let photoHeight: Int32 = 440

    let result: RoundResult

    /// Lends the drawn picture to `body` (e.g. to make a texture of it); the surface is freed afterwards.
    func withSurface<R>(_ body: (UnsafeMutablePointer<SDL_Surface>) throws -> R) throws -> R {
        let surface = try makeSurface()
        return try withExtendedLifetime(surface) { try body(surface.pointer) }
    }

    /// Draws the picture on a new surface, freed when the returned object goes away.
    func makeSurface() throws -> SDLSurface {
        // Opaque: the scenery and the strip cover every pixel.
        let surface = try SDLSurface(width: Self.width, height: Self.height, opaque: true)
        let fonts = try PictureFonts(largePixels: 26, smallPixels: 20)
        drawScenery(on: surface)
        drawHitZone(on: surface, fonts: fonts)
        drawScale(on: surface, fonts: fonts)
        // Animals, then the crosshair over them (a viewfinder), then their names on top of both.
        for target in shownTargets { draw(target, on: surface, fonts: fonts, labels: false) }
        drawCrosshair(on: surface)
        for target in shownTargets { draw(target, on: surface, fonts: fonts, labels: true) }
        drawCaption(on: surface, fonts: fonts)
        return surface
    }

    /// The targets the picture may show: those photographed up to this result. A pause shows none, since the
    /// search goes on (the old picture of an interrupted search showed where the sought animal was).
    var shownTargets: [RoundResult.Target] {
        guard result.kind != .interrupted else { return [] }
        let photographed = Set(result.photos.map(\.targetIndex))
        return result.targets.filter { $0.photographed || photographed.contains($0.index) }
    }

    /// Renders the picture and writes it owner-only through StudyKit's checked writer (`pngBytes`).
    func save(to url: URL) throws {
        try SessionFileWriter.writeNew(try makeSurface().pngBytes(for: url.path), to: url)
    }

    /// Degrees across this picture: 45°, or the training photo's hit zone and a margin on each side.
    var sectionDegrees: Double {
        guard let zone = result.verdict?.hitZoneDeg else { return Self.defaultSectionDegrees }
        // 20° beyond each post: an animal just outside the zone is still drawn whole, with its name.
        return min(300, max(Self.defaultSectionDegrees, 2 * zone + 40))
    }

    /// Where a bearing lands horizontally: the aim at the centre, half the section at the edges. Nil outside.
    func x(of bearing: Bearing) -> Int32? {
        let relative = bearing.relative(to: aim)
        guard abs(relative) <= sectionDegrees / 2 else { return nil }
        return Int32((Double(Self.width) / 2 * (1 + relative / (sectionDegrees / 2))).rounded())
    }

    // MARK: Drawing

    private static let sky = SDL_Color(r: 150, g: 200, b: 235, a: 255)
    private static let horizonSky = SDL_Color(r: 215, g: 235, b: 245, a: 255)
    private static let grass = SDL_Color(r: 70, g: 120, b: 60, a: 255)
    private static let treeLine = SDL_Color(r: 40, g: 85, b: 50, a: 255)
    private static let strip = SDL_Color(r: 12, g: 16, b: 20, a: 255)
    private static let white = SDL_Color(r: 250, g: 250, b: 245, a: 255)
    private static let dim = SDL_Color(r: 175, g: 182, b: 190, a: 255)
    private static let highlight = SDL_Color(r: 255, g: 210, b: 63, a: 255)
    private static let zoneGrass = SDL_Color(r: 105, g: 160, b: 80, a: 255)
    private static let hitGreen = SDL_Color(r: 110, g: 220, b: 130, a: 255)
    private static let missOrange = SDL_Color(r: 255, g: 150, b: 90, a: 255)

    private static func color(of sound: String) -> SDL_Color {
        switch sound {
        case "frog": return SDL_Color(r: 90, g: 190, b: 70, a: 255)
        case "bluejay": return SDL_Color(r: 60, g: 120, b: 230, a: 255)
        default: return SDL_Color(r: 240, g: 140, b: 30, a: 255)
        }
    }

    private var aim: Bearing { result.aim }

    private func drawScenery(on surface: SDLSurface) {
        // Sky fading towards the horizon, the scene's skyline, its ground: a place animals could be.
        let scenery = Scenery.of(result.scene)
        let horizon: Int32 = 300
        for band in 0..<Int32(15) {
            let t = Double(band) / 14
            let c = SDL_Color(
                r: Uint8(Double(Self.sky.r) + t * Double(Int(scenery.horizonSky.r) - Int(Self.sky.r))),
                g: Uint8(Double(Self.sky.g) + t * Double(Int(scenery.horizonSky.g) - Int(Self.sky.g))),
                b: Uint8(Double(Self.sky.b) + t * Double(Int(scenery.horizonSky.b) - Int(Self.sky.b))), a: 255)
            surface.fill(x: 0, y: band * horizon / 15, w: Self.width, h: horizon / 15 + 1, c)
        }
        surface.fill(x: 0, y: horizon - scenery.skylineHeight, w: Self.width, h: scenery.skylineHeight, scenery.skyline)
        // Crowns (trees, hills, dunes) tied to world bearings, so they shift with the aim like a real panorama.
        for degrees in stride(from: 0.0, to: 360, by: scenery.crownSpacingDeg) where scenery.crownSize > 0 {
            guard let x = x(of: Bearing(degrees: degrees)) else { continue }
            let size = Int32(scenery.crownSize + (Int(degrees) * 7919 % 17))
            surface.fillCircle(cx: x, cy: horizon - scenery.skylineHeight, radius: size, scenery.skyline)
        }
        surface.fill(x: 0, y: horizon, w: Self.width, h: Self.photoHeight - horizon, scenery.ground)
        surface.fill(x: 0, y: Self.photoHeight, w: Self.width, h: Self.height - Self.photoHeight, Self.strip)
    }

    /// Each safari scene's landscape behind the animals (`RoundResult.scene`); no scene is the pond's meadow.
    struct Scenery {
        let horizonSky: SDL_Color
        let skyline: SDL_Color
        let skylineHeight: Int32
        /// Radius of the skyline's crowns (0: a flat skyline, the sea) and how far apart they stand.
        let crownSize: Int
        let crownSpacingDeg: Double
        let ground: SDL_Color

        /// The hit zone's ground: the meadow's lighter grass, or the scene's ground made lighter.
        var zone: SDL_Color {
            let grass = ResultPicture.grass
            guard (ground.r, ground.g, ground.b) != (grass.r, grass.g, grass.b) else { return ResultPicture.zoneGrass }
            func lighter(_ value: Uint8) -> Uint8 { Uint8(min(255, Int(value) + 35)) }
            return SDL_Color(r: lighter(ground.r), g: lighter(ground.g), b: lighter(ground.b), a: 255)
        }

        static func of(_ scene: String?) -> Scenery {
            switch scene {
            case "farm":
                // Low green hills over a field of ripe wheat.
                Scenery(
                    horizonSky: ResultPicture.horizonSky, skyline: SDL_Color(r: 95, g: 150, b: 70, a: 255),
                    skylineHeight: 20,
                    crownSize: 40, crownSpacingDeg: 15, ground: SDL_Color(r: 200, g: 175, b: 85, a: 255))
            case "forest":
                // A dense wall of dark trees over moss.
                Scenery(
                    horizonSky: ResultPicture.horizonSky, skyline: SDL_Color(r: 25, g: 60, b: 35, a: 255),
                    skylineHeight: 70,
                    crownSize: 30, crownSpacingDeg: 5, ground: SDL_Color(r: 55, g: 95, b: 45, a: 255))
            case "coast":
                // The sea's flat line over a beach.
                Scenery(
                    horizonSky: SDL_Color(r: 225, g: 240, b: 250, a: 255),
                    skyline: SDL_Color(r: 40, g: 110, b: 170, a: 255),
                    skylineHeight: 40, crownSize: 0, crownSpacingDeg: 360,
                    ground: SDL_Color(r: 225, g: 205, b: 150, a: 255))
            case "savannah":
                // A hazy horizon, a few flat-topped trees, dry grass.
                Scenery(
                    horizonSky: SDL_Color(r: 245, g: 225, b: 180, a: 255),
                    skyline: SDL_Color(r: 90, g: 95, b: 50, a: 255),
                    skylineHeight: 8, crownSize: 14, crownSpacingDeg: 40,
                    ground: SDL_Color(r: 195, g: 160, b: 85, a: 255))
            default:
                Scenery(
                    horizonSky: ResultPicture.horizonSky, skyline: ResultPicture.treeLine, skylineHeight: 30,
                    crownSize: 18, crownSpacingDeg: 7.5,
                    ground: ResultPicture.grass)
            }
        }
    }

    private func drawScale(on surface: SDLSurface, fonts: PictureFonts) {
        // Ticks every 5° relative to the aim, labelled every 10° (a wide training picture: 15° and 30°).
        let step = sectionDegrees > 90 ? 15 : 5
        let half = Int(sectionDegrees / 2) / step * step
        for relative in stride(from: -half, through: half, by: step) {
            guard let x = x(of: aim.rotated(by: Double(relative))) else { continue }
            let long = relative % (2 * step) == 0
            surface.fill(x: x - 1, y: 0, w: 2, h: long ? 16 : 9, Self.white)
            if long,
                let label = fonts.render(
                    relative == 0 ? "0°" : String(format: "%+d°", relative), font: fonts.small, color: Self.white)
            {
                surface.blit(label, x: x - label.width / 2, y: 18)
            }
        }
    }

    private func draw(_ target: RoundResult.Target, on surface: SDLSurface, fonts: PictureFonts, labels: Bool) {
        let y: Int32 = 250
        let isThisPhoto = result.latestPhoto?.targetIndex == target.index
        let color = Self.color(of: target.sound)
        let relative = target.bearing.relative(to: aim)
        if let x = x(of: target.bearing) {
            if labels {
                if let label = fonts.render(name(of: target), font: fonts.large, color: Self.white) {
                    // Kept inside the picture when the animal is near an edge.
                    let left = min(max(x - label.width / 2, 8), Self.width - label.width - 8)
                    surface.fill(x: left - 6, y: y + 108, w: label.width + 12, h: label.height, Self.strip)
                    surface.blit(label, x: left, y: y + 108)
                }
                return
            }
            if isThisPhoto { surface.strokeCircle(cx: x, cy: y, radius: 72, thickness: 5, Self.highlight) }
            AnimalArt.draw(target.sound, on: surface, cx: x, cy: y)
        } else if labels {
            // Outside the 45°: an arrow at the edge it lies beyond, with how far round it was.
            let right = relative > 0
            let text = "\(name(of: target)) \(Int(abs(relative).rounded()))°"
            let arrowY = y + Int32(target.index - 1) * 70
            let apex: Int32 = right ? Self.width - 12 : 12
            surface.fillArrowHead(tipX: apex, y: arrowY, length: 34, halfHeight: 24, pointsRight: right, color)
            if let label = fonts.render(text, font: fonts.large, color: Self.white) {
                let x = right ? apex - 44 - label.width : apex + 44
                surface.fill(x: x - 6, y: arrowY - label.height / 2, w: label.width + 12, h: label.height, Self.strip)
                surface.blit(label, x: x, y: arrowY - label.height / 2)
            }
        }
    }

    /// The training photo's hit zone: lighter grass between two posts at ± the zone, labelled on the ground.
    private func drawHitZone(on surface: SDLSurface, fonts: PictureFonts) {
        guard let zone = result.verdict?.hitZoneDeg, let left = x(of: aim.rotated(by: -zone)),
            let right = x(of: aim.rotated(by: zone))
        else { return }
        let ground: Int32 = 300
        surface.fill(x: left, y: ground, w: right - left, h: Self.photoHeight - ground, Scenery.of(result.scene).zone)
        for post in [left, right] { surface.fill(x: post - 3, y: 60, w: 6, h: Self.photoHeight - 60, Self.highlight) }
        if let label = fonts.render(
            Translation.gettext("your hit zone ±{zone}°", ["zone": String(format: "%.0f", zone)]), font: fonts.small,
            color: Self.white)
        {
            surface.fill(
                x: Self.width / 2 - label.width / 2 - 6, y: Self.photoHeight - label.height - 8, w: label.width + 12,
                h: label.height, Self.strip)
            surface.blit(label, x: Self.width / 2 - label.width / 2, y: Self.photoHeight - label.height - 8)
        }
    }

    /// A target's name as the window says it (translated).
    private func name(of target: RoundResult.Target) -> String {
        GameWording.animal(target.sound, displayName: target.displayName)
    }

    private func drawCrosshair(on surface: SDLSurface) {
        let cx = Self.width / 2
        let cy: Int32 = 250
        surface.strokeCircle(cx: cx, cy: cy, radius: 70, thickness: 3, Self.white)
        surface.fill(x: cx - 100, y: cy - 1, w: 70, h: 3, Self.white)
        surface.fill(x: cx + 31, y: cy - 1, w: 70, h: 3, Self.white)
        surface.fill(x: cx - 1, y: cy - 100, w: 3, h: 70, Self.white)
        surface.fill(x: cx - 1, y: cy + 31, w: 3, h: 70, Self.white)
    }

    /// The text under the photo: this round's photos with deviation and time, or the interruption.
    var captionLines: [String] {
        switch result.kind {
        case .interrupted:
            let round = String(result.round)
            return [
                result.searchedSeconds.map {
                    Translation.gettext(
                        "Round {round} paused after {time}.", ["round": round, "time": ResultWording.seconds($0)])
                } ?? Translation.gettext("Round {round} paused.", ["round": round]),
                Translation.gettext("Your aim now is at the centre."),
            ]
        case .intermediate, .roundEnd:
            return result.photos.map { photo in
                let name = result.targets.first { $0.index == photo.targetIndex }.map(name(of:)) ?? photo.target
                let words = ResultWording.deviation(
                    photo.deviationDeg, target: name, tip: false, praise: result.verdict == nil && !photo.skipped)
                if photo.skipped { return Translation.gettext("Skipped: {words}", ["words": words]) }
                return Translation.gettext(
                    "{words} Time {time}.", ["words": words, "time": ResultWording.seconds(photo.timeSeconds)])
            }
        }
    }

    private func drawCaption(on surface: SDLSurface, fonts: PictureFonts) {
        var y = Self.photoHeight + 14
        var title =
            result.kind == .interrupted
            ? Translation.gettext("Paused")
            : Translation.gettext(
                "Round {round} — photo {photo} of {photos}",
                [
                    "round": String(result.round), "photo": String(result.latestPhoto?.targetIndex ?? 1),
                    "photos": String(result.plan.targetSounds.count),
                ])
        var color = Self.highlight
        if let photo = result.latestPhoto, photo.skipped {
            // No photo was taken: the picture only shows where the animal was.
            title = Translation.gettext(
                "Round {round} — animal {animal} skipped",
                ["round": String(result.round), "animal": String(photo.targetIndex)])
        } else if let verdict = result.verdict, result.kind != .interrupted {
            // The one verdict of a training photo, as the screen beside the picture says it.
            if let zone = verdict.hitZoneDeg.map({ ["zone": String(format: "%.0f", $0)] }) {
                title =
                    verdict.hit
                    ? Translation.gettext("Hit! Inside your ±{zone}° zone.", zone)
                    : Translation.gettext("Missed: outside your ±{zone}° zone.", zone)
            } else {
                title =
                    verdict.hit
                    ? Translation.gettext("Hit! Inside the zone.") : Translation.gettext("Missed: outside the zone.")
            }
            color = verdict.hit ? Self.hitGreen : Self.missOrange
        }
        if let line = fonts.render(title, font: fonts.large, color: color) {
            surface.blit(line, x: 24, y: y)
            y += line.height + 8
        }
        for text in captionLines {
            guard let line = fonts.render(text, font: fonts.small, color: Self.white) else { continue }
            surface.blit(line, x: 24, y: y)
            y += line.height + 6
        }
    }
}
