// The GameSession's explicit states (the thesis's start/pause/stop/restart, as a state machine).

/// Where a session is. Transitions are in `GameSession`; which input does what in each state is in
/// `ActionResolver`.
public enum GameSessionState: Sendable, Equatable, CustomStringConvertible {
    /// Created, not started.
    case ready
    /// The player is searching for the target `key`; the GameManager ticks the level.
    case searching(TrialKey)
    /// The search for `key` is interrupted; the partial result is shown, the sounds are paused.
    case paused(TrialKey)
    /// `key` was just photographed; its result is shown. `roundEnd` is false for an intermediate result.
    case showingResult(TrialKey, roundEnd: Bool)
    /// Every target of every round is logged.
    case finished
    /// Ended early by the player or by an error.
    case stopped

    /// True once the session has finished or stopped.
    public var isOver: Bool { self == .finished || self == .stopped }

    /// The target the state is about, if any.
    public var key: TrialKey? {
        switch self {
        case .searching(let key), .paused(let key), .showingResult(let key, _): return key
        case .ready, .finished, .stopped: return nil
        }
    }

    public var description: String {
        switch self {
        case .ready: return "ready"
        case .searching(let key): return "searching (\(key))"
        case .paused(let key): return "paused (\(key))"
        case .showingResult(let key, let roundEnd):
            return "showing \(roundEnd ? "end" : "intermediate") result (\(key))"
        case .finished: return "finished"
        case .stopped: return "stopped"
        }
    }
}
