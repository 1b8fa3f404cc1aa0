// Chooses the Action for an Event from the session's state: the thesis's getAction, moved out of the level.

/// Maps (session state, event) to an `Action`. It lives outside the levels (thesis chapter 7), so a
/// level is only data and the rules of input are in one readable table.
public struct ActionResolver: Sendable {
    public init() {}

    public func action(for event: Event, in state: GameSessionState) -> Action {
        switch (state, event.kind) {
        case (_, .stop):
            return state.isOver ? .ignore : .stop
        case (.searching, .shoot):
            return .photograph
        case (.searching, .skip):
            return .skip
        case (.searching, .pause), (.searching, .deviceLost):
            return .pause
        case (.paused, .pause), (.paused, .shoot), (.paused, .proceed):
            return .resume
        case (.showingResult, .shoot), (.showingResult, .proceed):
            return .proceed
        case (.searching, .recentre), (.paused, .recentre), (.showingResult, .recentre):
            return .recentre
        default:
            return .ignore
        }
    }
}
