// Hands the pitch match's questions from its worker thread to the window, and the patient's answers back.
import Foundation
import GameCore
import Synchronization

/// The question on screen now, and the answer the patient gave (`PitchMatch.run` asks synchronously, so it runs
/// on a worker thread that waits here; the window thread never waits).
final class PitchMatchExchange: @unchecked Sendable {
    enum Question: Equatable {
        case compare(frequencyHz: Double)
        case octave(first: Double, second: Double)
        case loudness(frequencyHz: Double, levelDB: Double)
    }

    enum Answer: Equatable {
        case higher, lower, same, first, second
    }

    /// Where the match stands, for the screen: the run under way and the pitch each finished run matched.
    struct Progress: Equatable, Sendable {
        var run = 1
        var matchedHz: [Double] = []

        /// Two runs an octave or more apart (2828 and 5657 Hz): the median then rests on a guess between octaves.
        var octaveDisagreement: Bool { PitchMatchExchange.disagreeByAnOctave(matchedHz) }
    }

    /// True when two of `frequencies` are at least three quarters of an octave apart.
    static func disagreeByAnOctave(_ frequencies: [Double]) -> Bool {
        let octaves = frequencies.filter { $0 > 0 }.map(log2)
        guard let low = octaves.min(), let high = octaves.max() else { return false }
        return high - low >= 0.75
    }

    private let state = Mutex<(question: Question?, answer: Answer?)>((nil, nil))
    private let progressState = Mutex(Progress())

    /// Window thread: the run under way and the runs matched so far.
    var progress: Progress { progressState.withLock { $0 } }

    /// Worker thread: a run's octave check has ended with `matchedHz`; the next run (or the loudness) begins.
    func runMatched(_ matchedHz: Double) {
        progressState.withLock {
            $0.matchedHz.append(matchedHz)
            $0.run += 1
        }
    }
    private let answered = DispatchSemaphore(value: 0)

    /// Window thread: the question to show (nil between questions).
    var question: Question? { state.withLock { $0.question } }

    /// Window thread: the patient's answer to the current question.
    func answer(_ answer: Answer) {
        let accepted = state.withLock { slot -> Bool in
            guard slot.question != nil, slot.answer == nil else { return false }
            slot.answer = answer
            return true
        }
        if accepted { answered.signal() }
    }

    /// Worker thread: shows `question` and waits for the answer.
    func ask(_ question: Question) -> Answer {
        state.withLock { $0 = (question, nil) }
        answered.wait()
        return state.withLock { slot -> Answer in
            defer { slot = (nil, nil) }
            return slot.answer!
        }
    }
}

/// The patient at the window as a `PitchMatchListener`: every judgement is a question on screen.
struct WindowPitchListener: PitchMatchListener {
    let exchange: PitchMatchExchange
    /// The pitch the octave check under way keeps so far (its last answer decides the run's match).
    private var octaveWinner: Double?

    init(exchange: PitchMatchExchange) { self.exchange = exchange }

    /// A question after an octave check starts the next run (or the loudness): the check's winner is the run's.
    private mutating func closeOctaveCheck() {
        guard let winner = octaveWinner else { return }
        exchange.runMatched(winner)
        octaveWinner = nil
    }

    mutating func judge(frequencyHz: Double) -> PitchJudgement {
        closeOctaveCheck()
        return switch exchange.ask(.compare(frequencyHz: frequencyHz)) {
        case .higher: .tinnitusIsHigher
        case .lower: .tinnitusIsLower
        default: .matches
        }
    }

    mutating func prefersFirst(_ first: Double, over second: Double) -> Bool {
        let prefersFirst = exchange.ask(.octave(first: first, second: second)) != .second
        octaveWinner = prefersFirst ? first : second
        return prefersFirst
    }

    mutating func tinnitusIsLouder(frequencyHz: Double, levelDB: Double) -> Bool? {
        closeOctaveCheck()
        return switch exchange.ask(.loudness(frequencyHz: frequencyHz, levelDB: levelDB)) {
        case .higher: true
        case .lower: false
        default: nil
        }
    }
}
