// Tick timing of a GameManager run: how many ticks, how late they woke, for benchmarks and diagnostics.

/// Lateness = how long after its deadline a tick started. Keeps every lateness of the last
/// `capacity` ticks for percentiles (10 minutes at 60 Hz by default).
public struct TickStatistics: Sendable, Equatable {
    /// A tick more than this late counts as late (a quarter of a 60 Hz step).
    public static let lateThreshold = 0.004

    public private(set) var count = 0
    public private(set) var lateCount = 0
    public private(set) var worstLateness = 0.0
    /// Times the loop gave up catching up after a long stall and re-anchored its deadlines.
    public private(set) var resyncCount = 0
    private var recent: [Double] = []
    private var nextSlot = 0
    public let capacity: Int

    public init(capacity: Int = 36_000) { self.capacity = max(1, capacity) }

    public mutating func record(lateness: Double) {
        let lateness = max(0, lateness)
        count += 1
        if lateness > Self.lateThreshold { lateCount += 1 }
        worstLateness = max(worstLateness, lateness)
        if recent.count < capacity {
            recent.append(lateness)
        } else {
            recent[nextSlot] = lateness
            nextSlot = (nextSlot + 1) % capacity
        }
    }

    public mutating func recordResync() { resyncCount += 1 }

    /// The `p`-th percentile (0...100) of lateness over the kept ticks, seconds (nearest rank).
    public func latenessPercentile(_ p: Double) -> Double {
        guard !recent.isEmpty else { return 0 }
        let sorted = recent.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
