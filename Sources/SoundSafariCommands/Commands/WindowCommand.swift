// The commands that open the game window (`play`, `study`): run with no hooks, or with the test driver's.
import ArgumentParser
import GameUI
import SessionRuntime

/// A command whose work is a `GameApp`. `soundsafari` runs it plainly; `soundsafari-autopilot` (the
/// window tests' driver) parses the same command line and passes its `AppHooks`.
public protocol WindowCommand: ParsableCommand {
    func run(hooks: AppHooks) throws
}

extension WindowCommand {
    public func run() throws { try run(hooks: AppHooks()) }
}
