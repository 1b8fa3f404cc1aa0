// What one frame of the window showed, as the autopilot reads it: the screen's name and the texts drawn.

/// Two frames are the same state when they show the same screen with the same texts; a question's next item,
/// a hint appearing or a volume overlay hiding each change the texts.
struct DrawnFrame: Equatable {
    var screen: String
    var texts: [String]

    /// Whether any drawn text contains `text`.
    func shows(_ text: String) -> Bool { texts.contains { $0.contains(text) } }
}
