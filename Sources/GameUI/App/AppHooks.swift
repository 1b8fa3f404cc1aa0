// Test-only hooks into the window: scripted input, screenshots, window size. The shipped game sets none.
import Foundation

/// What the window tests' driver (`soundsafari-autopilot`) installs in `GameApp`; `soundsafari` itself
/// always runs with the empty value, so none of this is part of the shipped command surface.
public struct AppHooks: Sendable {
    /// An `Autopilot` script file: SDL input events pushed screen by screen.
    public var autopilotScript: URL?
    /// A folder for a PNG of every screen shown.
    public var screenshots: URL?
    /// A window size other than the default (screenshots at full HD; Xvfb has no window manager for F11).
    public var windowSize: (width: Int32, height: Int32)?

    public init(autopilotScript: URL? = nil, screenshots: URL? = nil, windowSize: (width: Int32, height: Int32)? = nil)
    {
        self.autopilotScript = autopilotScript
        self.screenshots = screenshots
        self.windowSize = windowSize
    }
}
