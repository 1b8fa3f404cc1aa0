// What one frame of the window showed, as the autopilot reads it: the screen's name and the texts drawn.

/// Two frames are the same state when they show the same screen with the same texts; a question's next item,
/// a hint appearing or a volume overlay hiding each change the texts. The pitch match's octave check marks the
/// tone playing now with `playingMarker`, which moves between its two buttons every second by itself: frames
/// that differ only there are the same state (the question has not changed).
struct DrawnFrame: Equatable {
    var screen: String
    var texts: [String]

    /// Put before the label of the sound playing now (`ScreenPainter+Hearing`).
    static let playingMarker = "♪ "

    /// Whether any drawn text contains `text`.
    func shows(_ text: String) -> Bool { texts.contains { $0.contains(text) } }

    static func == (lhs: DrawnFrame, rhs: DrawnFrame) -> Bool {
        func unmarked(_ texts: [String]) -> [Substring] {
            texts.map { $0.hasPrefix(playingMarker) ? $0.dropFirst(playingMarker.count) : Substring($0) }
        }
        return lhs.screen == rhs.screen && unmarked(lhs.texts) == unmarked(rhs.texts)
    }
}
