// A level: the entities of one round, which target is being searched for, and the instruction to show.

/// One round's world (the thesis's Level), reduced to data and its own sound transport: choosing
/// actions is the `ActionResolver`'s job, logging is the `GameSession`'s.
public protocol Level: AnyObject {
    var kind: LevelKind { get }
    /// The targets, in the order they are to be photographed.
    var targets: [CircleSoundEntity] { get }
    /// The background sound, if any (direction-less: it follows the player's ears).
    var background: AmbientSoundEntity? { get }
    /// 0-based index of the target being searched for, or nil once all are photographed.
    var currentTargetIndex: Int? { get }
    /// What the player is asked to do now, e.g. "Photograph the frog."
    var instruction: String { get }

    /// Starts the sounds of the round (all targets and the background sound together).
    func begin(at time: MonotonicTime)
    /// Skips targets already photographed in an earlier run of the session (resume): they stay silent.
    func skipTargets(_ count: Int)
    /// Called on every tick while the search runs, with the heading the listener faces in that tick.
    func update(at time: MonotonicTime, heading: Bearing)
    /// The current target was photographed: stop it (unless kept playing) and go to the next.
    func targetPhotographed()
    func pause()
    func resume()
    /// Restarts the current search: the sounds that should be audible start again from the beginning.
    func rewind()
    /// Stops every sound and releases the sources.
    func end()
}
