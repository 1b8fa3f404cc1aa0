// What the game does in response to an event; chosen by the ActionResolver, carried out by the GameSession.

/// The response to an `Event` in a given session state (the thesis's Action, now a plain value:
/// choosing it is the `ActionResolver`'s job, carrying it out is `GameSession.perform`).
public enum Action: Sendable, Equatable {
    /// Photograph the target being searched for, aiming at the event's heading.
    case photograph
    /// Give up the target being searched for: its row is logged as skipped and the result shows where it was.
    case skip
    /// Interrupt the search; the partial result is shown.
    case pause
    /// Continue an interrupted search.
    case resume
    /// Leave a result: the next target, the next round, or the end.
    case proceed
    /// Reset the heading source's forward direction.
    case recentre
    /// End the session now.
    case stop
    /// The event means nothing in this state.
    case ignore
}
