// What watches the frames drawn: the autopilot's script and the screenshots of the window tests (`AppHooks`).
import GameCore

/// The test hooks' view of the window: which screen the last frames drew and for how long it and its texts stayed
/// the same (the autopilot waits for a screen to settle; screenshots are taken a few frames after it appeared).
/// Without hooks it holds nothing and does nothing.
final class FrameWatch {
    let autopilot: Autopilot?
    let screenshots: ScreenshotRecorder?
    private var drawnScreen = ""
    private var framesOnScreen = 0
    /// The last frame as the autopilot reads it, and for how many frames it has not changed.
    private var drawnFrame = DrawnFrame(screen: "", texts: [])
    private var framesUnchanged = 0

    init(hooks: AppHooks) throws {
        autopilot = try hooks.autopilotScript.map { try Autopilot.load(path: $0.path) }
        screenshots = try hooks.screenshots.map { try ScreenshotRecorder(folder: $0) }
    }

    /// The drawn texts are recorded only for the hooks.
    var wantsTexts: Bool { screenshots != nil || autopilot != nil }

    /// Called after a frame was drawn and before it is presented (after that the buffer is undefined): the
    /// screenshot of a settled screen, then the autopilot's next steps.
    func frameDrawn(
        screen name: String, now: MonotonicTime, window: GameWindow, texts: [String],
        boxes: [TextRenderer.Box] = [], state: () -> AutopilotState
    ) throws {
        framesOnScreen = name == drawnScreen ? framesOnScreen + 1 : 1
        drawnScreen = name
        try screenshots?.frameDrawn(screen: name, window: window, texts: texts, boxes: boxes)
        let drawn = DrawnFrame(screen: name, texts: texts)
        framesUnchanged = drawn == drawnFrame ? framesUnchanged + 1 : 1
        drawnFrame = drawn
        try autopilot?.advance(
            now: now.seconds, drawn: drawn, screenSettled: framesOnScreen > ScreenshotRecorder.settleFrames,
            contentSettled: framesUnchanged > ScreenshotRecorder.settleFrames, boxes: boxes, state: state,
            screenshot: { [screenshots] name in
                try screenshots?.save(name: name, window: window, texts: texts, boxes: boxes)
            })
    }
}
