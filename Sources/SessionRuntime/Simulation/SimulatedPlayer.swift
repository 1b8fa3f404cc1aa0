// The common behaviour of the simulated players: read results, search each target, shoot, never hang.
import GameCore

/// A bot playing a `GameSession` through the same `Event`s and heading a person produces. Subclasses
/// decide how to search (`beginSearch`, `search`); this class notices new searches, dismisses results
/// after a short read, and shoots anyway after `giveUpSeconds` so a confused bot cannot hang a session.
class SimulatedPlayer: HeadingSource {
    let device: InputDevice
    private(set) var heading: Bearing = .forward
    /// Seconds a bot looks at a result before going on.
    var readingSeconds = 0.4
    /// Longest search before the bot shoots wherever it faces.
    var giveUpSeconds = 60.0
    /// Faces the front again before each next target (as a check asks), so its bearings are relative to the head.
    var facesFrontBeforeEachTarget = false

    private var searchingKey: TrialKey?
    private var searchStart = MonotonicTime.zero
    private var resultSince: MonotonicTime?

    init(device: InputDevice) { self.device = device }

    func recentre() { heading = .forward }

    /// Turns clockwise by `degrees`.
    func turn(by degrees: Double) { heading = heading.rotated(by: degrees) }

    /// Faces `bearing`.
    func face(_ bearing: Bearing) { heading = bearing }

    /// Turns towards `bearing` by at most `maxDegrees`; true once facing it.
    func turn(towards bearing: Bearing, maxDegrees: Double) -> Bool {
        let remaining = bearing.relative(to: heading)
        if abs(remaining) <= maxDegrees {
            heading = bearing
            return true
        }
        turn(by: remaining > 0 ? maxDegrees : -maxDegrees)
        return false
    }

    /// The events the bot produces just before the tick at `time`.
    final func act(at time: MonotonicTime, session: GameSession) -> [Event] {
        switch session.state {
        case .searching(let key):
            resultSince = nil
            if key != searchingKey, let level = session.level, let index = level.currentTargetIndex {
                searchingKey = key
                searchStart = time
                beginSearch(target: level.targets[index], at: time)
            }
            let shoot = search(at: time, session: session) || time - searchStart > giveUpSeconds
            return shoot ? [Event(kind: .shoot, time: shotTime(at: time), heading: heading, device: device)] : []
        case .showingResult:
            searchingKey = nil
            guard let since = resultSince else {
                resultSince = time
                return []
            }
            if time - since >= readingSeconds {
                resultSince = nil
                if facesFrontBeforeEachTarget { recentre() }
                return [Event(kind: .proceed, time: time, heading: heading, device: device)]
            }
            return []
        case .paused:
            return [Event(kind: .pause, time: time, heading: heading, device: device)]
        case .ready, .finished, .stopped:
            return []
        }
    }

    /// A new target's search began at `time`.
    func beginSearch(target: CircleSoundEntity, at time: MonotonicTime) {}

    /// When the photo decided at tick `time` was taken (a device stamps its events between ticks).
    func shotTime(at time: MonotonicTime) -> MonotonicTime { time }

    /// One step of the search; returns true to take the photo now (at the current heading).
    func search(at time: MonotonicTime, session: GameSession) -> Bool { true }
}
