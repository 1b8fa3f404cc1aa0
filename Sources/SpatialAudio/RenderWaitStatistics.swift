// How often `render` had to wait for the game thread, and for how long: the evidence that the audio thread never blocks.

/// Counted by the engine for every `render` call. "Acquiring" is everything `render` does to reach state the
/// game thread can hold: the non-blocking try-locks around its OpenAL source calls (the commands come through a
/// wait-free ring, `SPSCRing`, which has nothing to acquire).
public struct RenderWaitStatistics: Sendable, Equatable {
    /// `render` calls so far.
    public var renders: Int
    /// Calls whose acquiring took 50 µs or more: held up by a game thread, or descheduled half-way (a free or
    /// refused try-lock takes well under a microsecond; a lock held by a sound upload, milliseconds).
    public var waits: Int
    /// The longest time one call spent acquiring, in seconds (the try-lock attempts themselves).
    public var longestAcquireSeconds: Double
    /// Blocks whose commands were applied only from the next block: a game thread was inside its OpenAL source
    /// calls (`makeSource`) just then, or more than `commandRingCapacity` commands piled up between two blocks
    /// and the game side, holding the rest back, was busy. Never because of the ring: `render` takes every
    /// command published before it starts.
    public var deferredBlocks: Int
    /// Blocks that had to make the engine's context current on their thread: each such call takes OpenAL Soft's
    /// global list lock (which game threads take too), so a device thread binds once and keeps it.
    public var contextBinds: Int
}
