// The parent suite of every real-window test.
import Testing

/// Window tests run side by side, each game on an X server of its own (`WindowSession.run`, `WindowDisplay`), a few
/// at a time (`WindowSlots`). They once shared one display one after another (two windows on a display take the
/// keyboard focus from each other): that made them a third of the suite's time on one thread.
@Suite struct WindowTests {}
