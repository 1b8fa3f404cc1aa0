// The tinnitus questionnaire, one question per screen, as a pure state machine (keyboard, mouse and gamepad alike).
import StudyKit
import StudyRecords

/// The questions of one moment (before or after the rounds, or a reminder's prompt), one at a time. A slider
/// has no knob and a choice nothing selected until the patient touches it (no anchoring): the first ← or →
/// puts the knob one step left or right of the middle (0.45 or 0.55; a SAM scale 4 or 6), so a first press
/// already says which way the patient leans and is never stored as the middle itself (a click puts the knob
/// where clicked); further presses move it by 0.05 (a SAM scale by one point). Number keys choose a SAM point
/// (1–9) or Yes (1) and No (2). "Next" stores the answer and cannot take the focus before there is one (↓ goes
/// to "Skip this question"); "Skip this question" stores an empty answer. Nothing is preset.
struct Questionnaire: Equatable, Sendable {
    /// The rows that can take the focus (↑ ↓, d-pad up/down).
    enum Focus: Equatable, Sendable { case answer, next, skip }

    /// What the app must store after a command.
    enum Outcome: Equatable, Sendable {
        case none
        /// `value` nil: skipped.
        case stored(RatingItem, value: Double?)
    }

    static let sliderStep = 0.05

    let moment: RatingMoment
    let items: [RatingItem]
    private(set) var index = 0
    /// The answer being given; nil until touched.
    private(set) var answer: Double?
    private(set) var focus: Focus = .answer
    /// Said when Next is pressed before anything was chosen.
    private(set) var hint: String?

    init(moment: RatingMoment, items: [RatingItem]) {
        self.moment = moment
        self.items = items
    }

    var item: RatingItem? { items.indices.contains(index) ? items[index] : nil }
    var isFinished: Bool { index >= items.count }
    /// "Question 2 of 7".
    var progress: String { "Question \(min(index + 1, items.count)) of \(items.count)" }

    /// The labels of a choice item's options, left to right, with the value each stores.
    static func options(of item: RatingItem) -> [(label: String, value: Double)] {
        switch item.scale {
        case .yesNo: [("Yes", 1), ("No", 0)]
        case .manikin: (1...RatingItem.manikinPoints).map { ("\($0)", Double($0)) }
        case .slider: []
        }
    }

    mutating func handle(_ command: UICommand) -> Outcome {
        guard let item else { return .none }
        switch command {
        case .left, .right:
            step(item, by: command == .left ? -1 : 1)
            focus = .answer
        case .up:
            focus = focus == .skip && answer != nil ? .next : .answer
        case .down:
            // Next is inactive until there is an answer: ↓ does not land on it.
            focus = focus == .answer && answer != nil ? .next : .skip
        case .activate:
            return focus == .skip ? store(item, nil) : confirm(item)
        case .text(let typed):
            guard let digit = Int(typed), let value = Self.value(ofDigit: digit, for: item) else { break }
            set(value)
        default:
            break
        }
        return .none
    }

    /// The answer a number key gives: a SAM point 1–9, Yes (1) or No (2); nil for a slider or another digit.
    static func value(ofDigit digit: Int, for item: RatingItem) -> Double? {
        switch item.scale {
        case .manikin: (1...RatingItem.manikinPoints).contains(digit) ? Double(digit) : nil
        case .yesNo: digit == 1 ? 1 : digit == 2 ? 0 : nil
        case .slider: nil
        }
    }

    /// A click on the slider at `fraction` (0 = left end) or on option `value`.
    mutating func set(_ value: Double) {
        guard let item else { return }
        answer = min(item.validRange.upperBound, max(item.validRange.lowerBound, value))
        if case .slider = item.scale { answer = ((answer ?? 0) * 1000).rounded() / 1000 }
        focus = .answer
        hint = nil
    }

    /// A click on "Next" or "Skip this question".
    mutating func press(_ button: Focus) -> Outcome {
        guard let item else { return .none }
        focus = button
        return button == .skip ? store(item, nil) : confirm(item)
    }

    private mutating func confirm(_ item: RatingItem) -> Outcome {
        guard let answer else {
            hint = "Choose an answer first, or choose “Skip this question”."
            return .none
        }
        return store(item, answer)
    }

    private mutating func store(_ item: RatingItem, _ value: Double?) -> Outcome {
        index += 1
        answer = nil
        focus = .answer
        hint = nil
        return .stored(item, value: value)
    }

    private mutating func step(_ item: RatingItem, by direction: Double) {
        hint = nil
        switch item.scale {
        case .slider:
            // Untouched, the knob starts at the middle: the first press moves it from there.
            let current = answer ?? 0.5
            answer = min(1, max(0, ((current + direction * Self.sliderStep) * 100).rounded() / 100))
        case .yesNo:
            answer = direction < 0 ? 1 : 0  // Yes is on the left
        case .manikin:
            let current = answer ?? Double((RatingItem.manikinPoints + 1) / 2)
            answer = min(Double(RatingItem.manikinPoints), max(1, current + direction))
        }
    }
}
