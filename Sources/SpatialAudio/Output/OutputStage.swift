// The ordered chain of output processors the engine applies to every rendered block.

/// An immutable, ordered list of processors. Changing the chain builds a new stage on the game thread and
/// hands it to the audio thread, which swaps it in between two blocks (never half-way through one).
final class OutputStage: Sendable {
    let processors: [any OutputProcessor]

    init(_ processors: [any OutputProcessor]) { self.processors = processors }

    /// Audio thread: runs the block through every processor, first to last.
    func process(_ block: UnsafeMutableBufferPointer<Float>) {
        for processor in processors { processor.process(block) }
    }
}
