// When a target's sound first became audible: the output frame and that frame on the game clock.

/// The onset reaction times are measured from (docs/LOG-FORMAT.md `onset_frame`): the output frame at which the
/// target's first audible sample was rendered, and the monotonic time the audio device's frame clock maps it to.
public struct AudibleOnset: Sendable, Equatable {
    /// Index of the frame in the engine's output stream.
    public let frame: Int64
    /// `frame` on the game's monotonic clock.
    public let time: MonotonicTime
    /// How far the frame-to-time mapping may be off (0 on the render frame clock of `simulate`).
    public let uncertaintySeconds: Double

    public init(frame: Int64, time: MonotonicTime, uncertaintySeconds: Double) {
        self.frame = frame
        self.time = time
        self.uncertaintySeconds = uncertaintySeconds
    }
}
