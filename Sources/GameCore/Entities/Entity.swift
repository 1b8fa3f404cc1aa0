// Anything that lives in a level and is updated on every tick (the thesis's Entity interface, figure 4.2).

/// An object in a level: it has a position on the circle around the player and is updated once per tick.
public protocol Entity: AnyObject {
    /// Where the entity is, clockwise from the session-start forward direction.
    var bearing: Bearing { get set }

    /// Called once per `GameManager` tick with the tick's monotonic time.
    func update(at time: MonotonicTime)
}
