// Colours and sizes of every screen: high contrast and large text, scaled with the window's height.
import CSDL2

/// The look of the game, chosen for older players: light text on a near-black background, a yellow
/// focus colour, and text sizes proportional to the window (readable at 1280×720 and 1920×1080).
/// A participant may ask for large text (everything 30 % larger) and high contrast (pure black and white, no grey
/// text): `apply`, from their display.json or F2 / F3. Only the window's thread reads and sets these.
enum Theme {
    nonisolated(unsafe) static var background = SDL_Color(r: 12, g: 16, b: 20, a: 255)
    nonisolated(unsafe) static var panel = SDL_Color(r: 32, g: 40, b: 48, a: 255)
    nonisolated(unsafe) static var text = SDL_Color(r: 245, g: 245, b: 240, a: 255)
    nonisolated(unsafe) static var dimText = SDL_Color(r: 170, g: 178, b: 186, a: 255)
    nonisolated(unsafe) static var disabledText = SDL_Color(r: 95, g: 102, b: 110, a: 255)
    /// 1, or 1.3 with large text.
    nonisolated(unsafe) static var textScale = 1.0
    /// The setting applied now.
    nonisolated(unsafe) private(set) static var applied = (largeText: false, highContrast: false)

    /// Switches the look for the next frame drawn.
    static func apply(largeText: Bool, highContrast: Bool) {
        applied = (largeText, highContrast)
        textScale = largeText ? 1.3 : 1
        background = highContrast ? SDL_Color(r: 0, g: 0, b: 0, a: 255) : SDL_Color(r: 12, g: 16, b: 20, a: 255)
        panel = highContrast ? SDL_Color(r: 28, g: 28, b: 28, a: 255) : SDL_Color(r: 32, g: 40, b: 48, a: 255)
        text = highContrast ? SDL_Color(r: 255, g: 255, b: 255, a: 255) : SDL_Color(r: 245, g: 245, b: 240, a: 255)
        dimText = highContrast ? SDL_Color(r: 255, g: 255, b: 255, a: 255) : SDL_Color(r: 170, g: 178, b: 186, a: 255)
        disabledText =
            highContrast ? SDL_Color(r: 150, g: 150, b: 150, a: 255) : SDL_Color(r: 95, g: 102, b: 110, a: 255)
    }
    static let focus = SDL_Color(r: 255, g: 210, b: 63, a: 255)
    static let focusText = SDL_Color(r: 12, g: 16, b: 20, a: 255)
    static let good = SDL_Color(r: 110, g: 220, b: 130, a: 255)
    static let warning = SDL_Color(r: 255, g: 120, b: 90, a: 255)
    static let viewfinder = SDL_Color(r: 245, g: 245, b: 240, a: 255)

    /// Feedback colour of a result: green only for a close aim, the focus yellow for a fair one, and the
    /// warning colour for a large miss (a 71° mean in green read as praise); plain text when nothing was shot.
    static func color(of grade: ResultWording.Grade?) -> SDL_Color {
        switch grade {
        case .excellent, .close: good
        case .fair: focus
        case .far: warning
        case nil: text
        }
    }

    /// Text sizes as fractions of the window height (720 px → title 48 px, body 32 px, small 24 px).
    enum TextSize: Hashable {
        case title, heading, body, small

        func pixels(windowHeight: Int) -> Int32 {
            let fraction: Double =
                switch self {
                case .title: 48.0 / 720
                case .heading: 38.0 / 720
                case .body: 30.0 / 720
                case .small: 23.0 / 720
                }
            // Never below 18 px, even in a small window.
            return Int32(max(18, (Double(windowHeight) * fraction * Theme.textScale).rounded()))
        }
    }

    /// The one place the fonts are looked up (screens and result pictures; fonts-dejavu-core).
    static let fontDirectory = "/usr/share/fonts/truetype/dejavu"
    static let regularFont = "DejaVuSans.ttf"
    static let boldFont = "DejaVuSans-Bold.ttf"
}
