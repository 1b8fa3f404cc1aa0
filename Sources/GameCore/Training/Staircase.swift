// A transformed up-down staircase (Levitt 1971) as a pure state machine: hits and misses in, the next value out.
import Foundation

/// Levitt's transformed up-down rule on one difficulty value. After `down` hits in a row the task gets
/// harder by one step, after `up` misses in a row it gets easier; 1-up/2-down converges on the value
/// where the listener hits 70.7 % of the time. A reversal is a change of direction; after each reversal
/// the next, smaller step of `stepSizes` is used (the last one stays). A run stops after
/// `stopAfterReversals` reversals; the value then stays at the run's threshold (the mean of the last
/// `thresholdReversals` reversal values) until `startRun` begins the next session's run from there, so
/// the state carries over from one session to the next. Values are clamped to `range`.
public struct Staircase: Sendable, Equatable, Codable {
    public struct Rule: Sendable, Equatable, Codable {
        /// Misses in a row that make the task easier (1 in 1-up/2-down).
        public var up: Int
        /// Hits in a row that make it harder (2 in 1-up/2-down).
        public var down: Int
        /// Step sizes in the value's unit, the first used until the first reversal, then the next, …
        public var stepSizes: [Double]
        /// Reversals after which a run (a session) stops adapting.
        public var stopAfterReversals: Int
        /// How many of the last reversals the threshold averages.
        public var thresholdReversals: Int
        /// Whether a larger value makes the task harder (background level) or easier (hit zone).
        public var largerIsHarder: Bool
        /// The values the staircase may take.
        public var range: ClosedRange<Double>

        public init(
            up: Int = 1, down: Int = 2, stepSizes: [Double], stopAfterReversals: Int = 8,
            thresholdReversals: Int = 6, largerIsHarder: Bool, range: ClosedRange<Double>
        ) {
            self.up = up
            self.down = down
            self.stepSizes = stepSizes
            self.stopAfterReversals = stopAfterReversals
            self.thresholdReversals = thresholdReversals
            self.largerIsHarder = largerIsHarder
            self.range = range
        }

        /// The proportion of hits the rule converges on: p^down = 0.5 for 1-up rules (Levitt 1971, table I).
        public var targetHitRate: Double? { up == 1 ? pow(0.5, 1 / Double(down)) : nil }
    }

    /// What one response did to the staircase.
    public struct Step: Sendable, Equatable {
        /// The value the response was given at.
        public let value: Double
        public let hit: Bool
        /// True when this response turned the staircase around.
        public let reversal: Bool

        public init(value: Double, hit: Bool, reversal: Bool) {
            self.value = value
            self.hit = hit
            self.reversal = reversal
        }
    }

    public let rule: Rule
    /// The value the next response is given at.
    public private(set) var value: Double
    /// Values at which the direction changed, in this run.
    public private(set) var runReversals: [Double] = []
    /// Every reversal value of every run, in order (the thresholds per session come from these).
    public private(set) var allReversals: [Double] = []
    /// Index into `rule.stepSizes` (never reset: the step sizes shrink once, over the whole plan).
    public private(set) var stepIndex = 0
    private var hitsInRow = 0
    private var missesInRow = 0
    /// +1 after the last move made it harder, −1 easier, 0 before any move in this run.
    private var lastDirection = 0

    public init(rule: Rule, start: Double) {
        self.rule = rule
        value = min(max(start, rule.range.lowerBound), rule.range.upperBound)
    }

    /// True once this run has had its `stopAfterReversals` reversals.
    public var runStopped: Bool { runReversals.count >= rule.stopAfterReversals }

    /// The mean of the last `thresholdReversals` reversals of this run (fewer when there are fewer); nil before the first.
    public var runThreshold: Double? {
        let last = runReversals.suffix(rule.thresholdReversals)
        return last.isEmpty ? nil : last.reduce(0, +) / Double(last.count)
    }

    /// The step in use now.
    public var stepSize: Double { rule.stepSizes[min(stepIndex, rule.stepSizes.count - 1)] }

    /// Begins the next session's run at the current value: reversal count and response streaks start
    /// afresh, the value and the step size carry over.
    public mutating func startRun() {
        runReversals = []
        hitsInRow = 0
        missesInRow = 0
        lastDirection = 0
    }

    /// Records one response at `value` and moves the value by the rule; returns what happened.
    @discardableResult
    public mutating func record(hit: Bool) -> Step {
        let at = value
        guard !runStopped else { return Step(value: at, hit: hit, reversal: false) }
        var direction = 0
        if hit {
            hitsInRow += 1
            missesInRow = 0
            if hitsInRow >= rule.down { direction = 1 }
        } else {
            missesInRow += 1
            hitsInRow = 0
            if missesInRow >= rule.up { direction = -1 }
        }
        guard direction != 0 else { return Step(value: at, hit: hit, reversal: false) }
        hitsInRow = 0
        missesInRow = 0
        let reversal = lastDirection != 0 && direction != lastDirection
        if reversal {
            runReversals.append(at)
            allReversals.append(at)
            stepIndex = min(stepIndex + 1, rule.stepSizes.count - 1)
        }
        lastDirection = direction
        if runStopped, let threshold = runThreshold {
            // The next run starts here. Kept to trials.csv's 3 decimals, so every value of later runs is logged
            // exactly and thresholds recomputed from the log equal the game's (6.333, not 6.3333…).
            value = (threshold * 1000).rounded() / 1000
        } else {
            let harder = rule.largerIsHarder ? stepSize : -stepSize
            value = min(max(at + Double(direction) * harder, rule.range.lowerBound), rule.range.upperBound)
        }
        return Step(value: at, hit: hit, reversal: reversal)
    }
}
