// The commands that open the game window (`play`, `study`): run with no hooks, or with the test driver's.
import ArgumentParser
import Foundation
import GameUI
import SessionRuntime
import StudyKit

/// A command whose work is a `GameApp`. `soundsafari` runs it plainly; `soundsafari-autopilot` (the
/// window tests' driver) parses the same command line and passes its `AppHooks`.
public protocol WindowCommand: ParsableCommand {
    func run(hooks: AppHooks) throws
    /// The logs folder the command writes (synced in the background when the machine is enrolled).
    var logsFolder: URL? { get }
}

extension WindowCommand {
    public var logsFolder: URL? { nil }

    public func run() throws {
        // Whatever way the window ends (a signal too), what it logged goes up without the player waiting.
        defer { if let logsFolder { Self.syncInBackground(logs: logsFolder) } }
        try run(hooks: AppHooks())
    }

    /// Starts `soundsafari sync --background` (nothing when not enrolled); an earlier failure is one line.
    static func syncInBackground(logs: URL) {
        if let line = BackgroundSync.start(logs: logs) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// `AppOptions.logsChanged` for the commands: a background sync after each photo and each session (one
    /// process each time; while one syncs, the others only ask it to sync once more, so photos coalesce).
    func logsChanged() -> (@Sendable () -> Void)? {
        guard let logs = logsFolder else { return nil }
        return { Self.syncInBackground(logs: logs) }
    }
}
