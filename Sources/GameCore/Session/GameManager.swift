// The 60 Hz fixed-step game loop: heading to the listener, level update, then queued events to actions.

/// Ticks the game at a fixed rate (the thesis's GameManager, 16.67 ms). Each tick:
/// 1. reads the heading from the `HeadingSource` and turns the scene's listener,
/// 2. updates the level while a search runs,
/// 3. resolves queued `Event`s to `Action`s (`ActionResolver`) and has the `GameSession` perform them.
/// `run` sleeps until absolute deadlines `start + n × step` (no drift, no busy-wait) on the injected
/// clock, so with a `ManualClock` a whole session runs in milliseconds.
public final class GameManager {
    public static let defaultTickRate = 60.0

    public let session: GameSession
    public let clock: GameClock
    public let scene: AudioScene
    public let headingSource: HeadingSource
    public let resolver: ActionResolver
    /// Seconds per tick.
    public let step: Double
    public private(set) var statistics = TickStatistics()
    /// Ticks done since creation.
    public private(set) var tickCount = 0
    private var queue: [Event] = []

    /// If the loop falls this far behind (a stalled machine, a debugger), it re-anchors instead of
    /// running a burst of catch-up ticks.
    public var maxCatchUpSeconds = 0.25

    public init(
        session: GameSession, clock: GameClock, scene: AudioScene, headingSource: HeadingSource,
        resolver: ActionResolver = ActionResolver(), tickRate: Double = GameManager.defaultTickRate
    ) {
        self.session = session
        self.clock = clock
        self.scene = scene
        self.headingSource = headingSource
        self.resolver = resolver
        self.step = 1 / tickRate
    }

    /// Queues an event for the next tick (events are never acted on between ticks, so a tick is reproducible).
    public func enqueue(_ event: Event) { queue.append(event) }

    /// One tick at `time` (the clock's now by default).
    public func tick(at time: MonotonicTime? = nil) throws {
        let now = time ?? clock.now()
        tickCount += 1
        let heading = headingSource.heading
        if !headingSource.publishesHeading { scene.setListenerHeading(heading) }
        if case .searching = session.state { session.level?.update(at: now, heading: heading) }
        let events = queue
        queue.removeAll()
        for event in events {
            let action = resolver.action(for: event, in: session.state)
            if action == .recentre { headingSource.recentre() }
            try session.perform(action, for: event)
        }
    }

    /// Ticks until `shouldContinue` returns false (checked before each tick). `beforeTick` runs right
    /// before each tick with its time: the UI polls input and draws there, a bot decides there.
    public func run(while shouldContinue: () -> Bool, beforeTick: (MonotonicTime) throws -> Void = { _ in }) throws {
        var anchor = clock.now()
        var n = 0
        while shouldContinue() {
            let deadline = anchor + Double(n) * step
            clock.sleep(until: deadline)
            let woke = clock.now()
            statistics.record(lateness: woke - deadline)
            try beforeTick(woke)
            try tick(at: woke)
            n += 1
            if clock.now() - (anchor + Double(n) * step) > maxCatchUpSeconds {
                anchor = clock.now()
                n = 0
                statistics.recordResync()
            }
        }
    }
}
