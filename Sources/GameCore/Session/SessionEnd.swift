// Why a session's run ended, as session.json's `ended_by` records it.

/// What ended a session (the raw value is session.json's `ended_by`).
public enum SessionEnd: String, Sendable, Equatable, Codable {
    /// Every target of the plan was photographed.
    case allTargets = "all_targets"
    /// The playing time reached the training plan's `minutes_per_session` (after the round that reached it).
    case time
    /// The player quit (Esc, closing the window) before the end.
    case player
    /// A signal (SIGINT, SIGTERM, SIGHUP) ended the run.
    case signal
}
