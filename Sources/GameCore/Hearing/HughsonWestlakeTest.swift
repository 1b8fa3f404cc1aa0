// The pure-tone hearing test (Hughson-Westlake) as a state machine: it says what to play, the listener says if heard.
import Foundation

/// One tone to present: ear, frequency, level (in the test's unit), how long it sounds and the silence before it.
public struct TonePresentation: Sendable, Equatable {
    public var ear: Ear
    public var frequencyHz: Double
    public var levelDB: Double
    public var toneSeconds: Double
    public var gapBeforeSeconds: Double
}

/// Whoever answers the tones: a person at the window (the screen presents the tone and waits for the key) or a
/// simulated listener in tests and `--bot simulated`.
public protocol HearingTestListener {
    mutating func hears(_ tone: TonePresentation) -> Bool
}

/// Hughson-Westlake (ASHA 2005 manual pure-tone threshold audiometry): per ear, 1 kHz first, then upwards, then
/// the frequencies below 1 kHz. Each frequency starts at `startLevel`; a response lowers the next tone by 10 dB,
/// a miss raises it by 5 dB; the threshold is the lowest level heard on 2 of (at most) 3 ascending presentations.
/// Tones last 1–2 s with gaps of 1.5–4 s, drawn from the seed so a person cannot learn the rhythm.
public struct HughsonWestlakeTest: Sendable {
    public let frequencies: [Double]
    public let ears: [Ear]
    public let startLevel: Double
    public let minimumLevel: Double
    public let maximumLevel: Double
    /// More presentations than this at one frequency end it without a threshold (a listener answering at random).
    public static let maximumPresentationsPerFrequency = 40

    /// Thresholds found; a frequency never heard up to `maximumLevel` is missing from `noResponse`'s complement.
    public private(set) var thresholds: [Ear: [Double: Double]] = [:]
    /// Frequencies not heard even at `maximumLevel` (an audiogram marks them "no response").
    public private(set) var noResponse: [Ear: [Double]] = [:]
    /// Every tone presented and the answer, in order.
    public private(set) var log: [(tone: TonePresentation, heard: Bool)] = []

    private var order: [(Ear, Double)]
    private var position = 0
    private var level: Double
    private var lastHeard: Bool?
    private var ascending: [Double: (presented: Int, heard: Int)] = [:]
    private var presentedHere = 0
    private var random: SeededRandom
    public private(set) var current: TonePresentation?

    /// The test order: 1 kHz, the frequencies above it ascending, then those below it descending; left ear first.
    public init(
        frequencies: [Double] = Audiogram.standardFrequencies, ears: [Ear] = [.left, .right],
        startLevel: Double, minimumLevel: Double, maximumLevel: Double, seed: UInt64
    ) {
        let sorted = Set(frequencies).sorted()
        let above = sorted.filter { $0 >= 1000 }
        let below = sorted.filter { $0 < 1000 }.reversed()
        self.frequencies = sorted
        self.ears = ears
        self.startLevel = startLevel
        self.minimumLevel = minimumLevel
        self.maximumLevel = maximumLevel
        order = ears.flatMap { ear in (above + below).map { (ear, $0) } }
        level = startLevel
        random = SeededRandom(seed: seed)
        current = nil
        current = makeTone()
    }

    public var isFinished: Bool { current == nil }

    /// Progress for the screen: tones of this frequency so far, and which of the ear × frequency steps this is.
    public var step: (index: Int, count: Int) { (min(position + 1, order.count), order.count) }

    /// The answer to `current`; moves to the next tone (or finishes).
    public mutating func record(heard: Bool) {
        guard let tone = current else { return }
        log.append((tone, heard))
        presentedHere += 1
        let wasAscending = lastHeard == false
        if wasAscending {
            var counts = ascending[level] ?? (0, 0)
            counts.presented += 1
            if heard { counts.heard += 1 }
            ascending[level] = counts
            if counts.heard >= 2 {
                finishFrequency(threshold: level)
                return
            }
        }
        if heard && level <= minimumLevel {
            finishFrequency(threshold: minimumLevel)
            return
        }
        if !heard && level >= maximumLevel {
            finishFrequency(threshold: nil)
            return
        }
        if presentedHere >= Self.maximumPresentationsPerFrequency {
            finishFrequency(threshold: nil)
            return
        }
        lastHeard = heard
        level = heard ? max(minimumLevel, level - 10) : min(maximumLevel, level + 5)
        current = makeTone()
    }

    /// Runs the whole test against `listener`.
    public mutating func run<L: HearingTestListener>(with listener: inout L) {
        while let tone = current { record(heard: listener.hears(tone)) }
    }

    private mutating func finishFrequency(threshold: Double?) {
        let (ear, frequency) = order[position]
        if let threshold {
            thresholds[ear, default: [:]][frequency] = threshold
        } else {
            noResponse[ear, default: []].append(frequency)
        }
        position += 1
        level = startLevel
        lastHeard = nil
        ascending = [:]
        presentedHere = 0
        current = position < order.count ? makeTone() : nil
    }

    private mutating func makeTone() -> TonePresentation {
        let (ear, frequency) = order[position]
        return TonePresentation(
            ear: ear, frequencyHz: frequency, levelDB: level, toneSeconds: random.uniform(1...2),
            gapBeforeSeconds: random.uniform(1.5...4))
    }
}
