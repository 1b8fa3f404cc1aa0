// One step of the per-ear output stage: processes a rendered binaural block in place on the audio thread.

/// A processor in the engine's output stage (`SpatialAudioEngine.setOutputChain`): after OpenAL's HRTF
/// rendering, each block of interleaved left/right float frames at 48 kHz passes through the chain in order.
///
/// A processor keeps its own per-ear state (filter memories, current gains) and belongs to one engine's chain
/// at a time. It is built and configured on the game thread, then handed to the audio thread whole, so
/// `process` runs on the audio thread only and must not lock, wait or allocate: a block lasts 10.7 ms.
public protocol OutputProcessor: AnyObject, Sendable {
    /// Processes `block` (interleaved left, right; `block.count / 2` frames) in place.
    func process(_ block: UnsafeMutableBufferPointer<Float>)
}
