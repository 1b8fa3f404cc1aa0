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

    private let state = Mutex<(question: Question?, answer: Answer?)>((nil, nil))
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

    mutating func judge(frequencyHz: Double) -> PitchJudgement {
        switch exchange.ask(.compare(frequencyHz: frequencyHz)) {
        case .higher: .tinnitusIsHigher
        case .lower: .tinnitusIsLower
        default: .matches
        }
    }

    mutating func prefersFirst(_ first: Double, over second: Double) -> Bool {
        exchange.ask(.octave(first: first, second: second)) != .second
    }

    mutating func tinnitusIsLouder(frequencyHz: Double, levelDB: Double) -> Bool? {
        switch exchange.ask(.loudness(frequencyHz: frequencyHz, levelDB: levelDB)) {
        case .higher: true
        case .lower: false
        default: nil
        }
    }
}
