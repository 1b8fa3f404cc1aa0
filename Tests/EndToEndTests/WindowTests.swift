// The parent suite of every real-window test: they run one after another, never two windows at once.
import Testing

/// Window tests share one X display under `make test`; run side by side, their windows take the
/// keyboard focus from each other and SDL then drops or repeats controller input. One at a time they
/// are deterministic (and the 2-core CI machine is not overloaded).
@Suite(.serialized) struct WindowTests {}
