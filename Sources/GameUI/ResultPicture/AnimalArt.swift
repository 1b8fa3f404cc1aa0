// The animals of the result picture, drawn for each target sound of Sounds/sounds.json (a frog, a blue jay).
import CSDL2

/// Each target sound's animal, drawn with circles and rectangles on a software surface around (cx, cy) and about
/// 100 pixels across, so the photo shows the animal the patient heard, not a coloured dot with a label. A sound
/// added to `Sounds/sounds.json` gets its drawing here (`AnimalArtTests` checks that every target has one);
/// until then it is drawn as a round critter in its own colour.
enum AnimalArt {
    /// The target sounds that have a drawing of their own.
    static let drawn: Set<String> = ["frog", "bluejay"]

    static func draw(_ sound: String, on surface: SDLSurface, cx: Int32, cy: Int32) {
        switch sound {
        case "frog": frog(on: surface, cx: cx, cy: cy)
        case "bluejay": blueJay(on: surface, cx: cx, cy: cy)
        // A recorded call shows its stamp's own picture; a sound with neither is a round critter.
        default: if !StampPicture.draw(sound, on: surface, cx: cx, cy: cy) { critter(on: surface, cx: cx, cy: cy) }
        }
    }

    private static let ink = SDL_Color(r: 20, g: 24, b: 28, a: 255)
    private static let white = SDL_Color(r: 250, g: 250, b: 245, a: 255)

    /// A green frog sitting on the grass: a wide body, eyes on bumps, a smile, folded legs.
    private static func frog(on surface: SDLSurface, cx: Int32, cy: Int32) {
        let green = SDL_Color(r: 90, g: 190, b: 70, a: 255)
        let dark = SDL_Color(r: 50, g: 130, b: 45, a: 255)
        let belly = SDL_Color(r: 200, g: 230, b: 140, a: 255)
        // Back legs, then the body over them.
        surface.fillCircle(cx: cx - 40, cy: cy + 22, radius: 20, dark)
        surface.fillCircle(cx: cx + 40, cy: cy + 22, radius: 20, dark)
        surface.fill(x: cx - 62, y: cy + 34, w: 30, h: 9, dark)
        surface.fill(x: cx + 32, y: cy + 34, w: 30, h: 9, dark)
        for dx in stride(from: -30, through: 30, by: 10) {
            surface.fillCircle(cx: cx + Int32(dx), cy: cy + 8, radius: 26, green)
        }
        surface.fillCircle(cx: cx, cy: cy + 16, radius: 18, belly)
        // Eyes on bumps.
        for side: Int32 in [-1, 1] {
            surface.fillCircle(cx: cx + side * 22, cy: cy - 20, radius: 15, green)
            surface.fillCircle(cx: cx + side * 22, cy: cy - 22, radius: 9, white)
            surface.fillCircle(cx: cx + side * 22, cy: cy - 22, radius: 4, ink)
        }
        // The mouth: a dark smile across the face.
        for dx in stride(from: -18, through: 18, by: 2) {
            let dy = Int32(Double(dx * dx) / 40)
            surface.fill(x: cx + Int32(dx), y: cy + 4 - dy, w: 3, h: 3, ink)
        }
        // Front feet.
        surface.fill(x: cx - 22, y: cy + 32, w: 12, h: 6, dark)
        surface.fill(x: cx + 10, y: cy + 32, w: 12, h: 6, dark)
    }

    /// A blue jay perched side-on: blue back and crest, a white breast, a black necklace, a dark beak, a tail.
    private static func blueJay(on surface: SDLSurface, cx: Int32, cy: Int32) {
        let blue = SDL_Color(r: 60, g: 120, b: 230, a: 255)
        let deep = SDL_Color(r: 30, g: 70, b: 170, a: 255)
        // Tail, then the body and the breast.
        surface.fillArrowHead(tipX: cx - 62, y: cy + 14, length: 36, halfHeight: 14, pointsRight: false, deep)
        surface.fill(x: cx - 50, y: cy + 6, w: 30, h: 16, deep)
        surface.fillCircle(cx: cx - 6, cy: cy + 12, radius: 30, blue)
        surface.fillCircle(cx: cx + 4, cy: cy + 20, radius: 20, white)
        // Wing bars.
        for offset: Int32 in [0, 8, 16] { surface.fill(x: cx - 30, y: cy + offset, w: 26, h: 3, white) }
        // Head with a crest (three feathers rising backwards).
        surface.fillCircle(cx: cx + 22, cy: cy - 22, radius: 19, blue)
        surface.fillCircle(cx: cx + 12, cy: cy - 44, radius: 8, blue)
        surface.fillCircle(cx: cx + 4, cy: cy - 52, radius: 6, blue)
        surface.fillCircle(cx: cx - 3, cy: cy - 58, radius: 4, blue)
        surface.fillCircle(cx: cx + 30, cy: cy - 16, radius: 9, white)
        // Black necklace, eye and beak.
        for dx in stride(from: -4, through: 36, by: 3) { surface.fill(x: cx + Int32(dx), y: cy - 2, w: 3, h: 4, ink) }
        surface.fillCircle(cx: cx + 27, cy: cy - 26, radius: 4, ink)
        surface.fillArrowHead(tipX: cx + 60, y: cy - 20, length: 20, halfHeight: 5, pointsRight: true, ink)
        // Legs on a twig.
        surface.fill(x: cx - 6, y: cy + 40, w: 3, h: 14, ink)
        surface.fill(x: cx + 8, y: cy + 40, w: 3, h: 14, ink)
        surface.fill(x: cx - 40, y: cy + 52, w: 90, h: 5, SDL_Color(r: 110, g: 80, b: 50, a: 255))
    }

    /// A sound without a drawing yet: a round critter in orange with eyes.
    private static func critter(on surface: SDLSurface, cx: Int32, cy: Int32) {
        surface.fillCircle(cx: cx, cy: cy, radius: 38, SDL_Color(r: 240, g: 140, b: 30, a: 255))
        for side: Int32 in [-1, 1] {
            surface.fillCircle(cx: cx + side * 13, cy: cy - 10, radius: 7, white)
            surface.fillCircle(cx: cx + side * 13, cy: cy - 10, radius: 3, ink)
        }
    }
}
