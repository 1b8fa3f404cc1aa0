// One item of a questionnaire on its own screen, as a pure state machine: choices, a scale, slider, number, date or text.
import Foundation
import Localization
import StudyRecords

/// The item being asked: an instrument's (`soundsafari questionnaire take`, a plan's questionnaires, a study's sheet)
/// or one of the session ratings (`RatingsController`: the same form, with the ratings' yes/no and SAM items laid
/// out as a `scale`). Nothing is preset: a choice has nothing chosen and a slider no knob until the patient
/// touches it (no anchoring). Keyboard, mouse and gamepad alike: ↑ ↓ (d-pad) move the focus over the options, the
/// answer row, Next and Skip — Next cannot take the focus before there is an answer (↓ goes on to Skip); Enter (A)
/// chooses the focused option (single choice: and goes to Next), ticks or unticks it (multiple choice), or presses
/// the focused button; number keys choose option 1–9; ← → step a slider or a scale (the first press one step either
/// side of the middle, so a first press already says which way the patient leans and is never the middle itself),
/// a number (from the middle of its range) or a date (by a month, from the first of this month), or move a single
/// choice. A number, date or text is typed while its answer row has the focus. "Next" stores the answer and says
/// what is missing when there is none; "Skip this question" stores an empty answer.
struct QuestionnaireForm: Equatable, Sendable {
    enum Focus: Equatable, Sendable {
        /// A choice item's option (index into its options).
        case option(Int)
        /// The slider, number, date or text row.
        case answer
        case next, skip
    }

    enum Outcome: Equatable, Sendable {
        case none
        /// `answer` nil: skipped.
        case stored(QuestionnaireAnswer?)
    }

    /// How a choice item's options are laid out.
    enum Layout: Equatable, Sendable {
        /// One option per row, each taking the focus.
        case list
        /// The options side by side as one answer row, stepped with ← → like a slider (the session ratings' yes/no
        /// and Self-Assessment Manikin scales); `manikin`: each option shows its figure, and the ends their anchors.
        case scale(manikin: RatingItem.ManikinDimension?, left: String, right: String)
    }

    static let sliderSteps = QuestionnaireAnswer.sliderSteps

    let item: Instrument.Item
    let layout: Layout
    /// "Question 3 of 11" (the count grows or shrinks as conditions show items).
    let progress: String
    private(set) var answer: QuestionnaireAnswer?
    /// What was typed into a number, date or text item.
    private(set) var typed = ""
    private(set) var focus: Focus
    /// Said when Next is pressed before there is an answer, or the typed one is not valid.
    private(set) var hint: String?
    private let today: Date

    init(item: Instrument.Item, position: Int, count: Int, layout: Layout = .list, today: Date = Date()) {
        self.item = item
        self.layout = layout
        self.today = today
        progress = Translation.gettext(
            "Question {position} of {count}", ["position": String(position), "count": String(count)])
        focus = Self.options(of: item).isEmpty || layout != .list ? .answer : .option(0)
    }

    /// True when the options stand side by side as one answer row.
    var isScale: Bool { layout != .list }

    static func options(of item: Instrument.Item) -> [Instrument.Option] {
        switch item.kind {
        case .singleChoice(let options), .multipleChoice(let options): options
        default: []
        }
    }

    var options: [Instrument.Option] { Self.options(of: item) }

    /// True while typing goes to this item (its answer row has the focus and it takes typed text).
    var takesTyping: Bool {
        guard focus == .answer else { return false }
        switch item.kind {
        case .number, .date, .text: return true
        default: return false
        }
    }

    /// Whether option `index` is chosen.
    func isChosen(_ index: Int) -> Bool {
        guard options.indices.contains(index) else { return false }
        return answer?.conditionValues.contains(options[index].value) ?? false
    }

    /// The rows the focus moves over, top to bottom; Next only once there is an answer.
    private var rows: [Focus] {
        (options.isEmpty || isScale ? [.answer] : options.indices.map { .option($0) })
            + (hasAnswer ? [.next, .skip] : [.skip])
    }

    /// An answer is chosen or typed: Next is active.
    var hasAnswer: Bool { answer != nil || !typed.isEmpty }

    mutating func handle(_ command: UICommand) -> Outcome {
        switch command {
        case .up, .down:
            let all = rows
            // From Next (made inactive by nothing) the focus moves on as if from Skip.
            let index = all.firstIndex(of: focus) ?? all.count - 1
            focus = all[max(0, min(all.count - 1, index + (command == .up ? -1 : 1)))]
        case .left, .right:
            step(by: command == .left ? -1 : 1)
        case .activate, .photoKey:
            switch focus {
            case .option(let index): choose(index)
            case .answer: if command == .activate { return confirm() }
            case .next: return confirm()
            case .skip: return store(nil)
            }
        case .text(let typed):
            if takesTyping {
                type(typed)
            } else if let digit = Int(typed), options.indices.contains(digit - 1) {
                focus = isScale ? .answer : .option(digit - 1)
                choose(digit - 1)
            }
        case .backspace:
            if takesTyping, !typed.isEmpty {
                typed.removeLast()
                answer = nil
                hint = nil
            }
        default:
            break
        }
        return .none
    }

    /// A click on an option, on the slider at `fraction` (0: left end), on the answer row, or a button.
    mutating func click(_ target: QuestionnaireTarget) -> Outcome {
        switch target {
        case .option(let index):
            focus = isScale ? .answer : .option(index)
            choose(index)
        case .slider(let fraction):
            guard case .slider(let min, let max, _, _) = item.kind else { break }
            answer = .number(Self.rounded(min + (max - min) * Swift.min(1, Swift.max(0, fraction))))
            focus = .answer
            hint = nil
        case .field:
            focus = .answer
        case .next:
            focus = .next
            return confirm()
        case .skip:
            focus = .skip
            return store(nil)
        }
        return .none
    }

    private mutating func choose(_ index: Int) {
        hint = nil
        let value = options[index].value
        switch item.kind {
        case .singleChoice:
            answer = .number(value)
            if !isScale { focus = .next }
        case .multipleChoice:
            var chosen = answer?.conditionValues ?? []
            if let at = chosen.firstIndex(of: value) { chosen.remove(at: at) } else { chosen.append(value) }
            answer = chosen.isEmpty ? nil : .choices(chosen.sorted())
        default:
            break
        }
    }

    private mutating func step(by direction: Double) {
        hint = nil
        switch item.kind {
        case .singleChoice where isScale:
            // Untouched, the choice starts between the middle options: the first press lands one either side.
            let current = options.firstIndex { answer?.conditionValues.contains($0.value) ?? false }
            let middle = Double(options.count - 1) / 2
            let index =
                current.map { max(0, min(options.count - 1, $0 + Int(direction))) }
                ?? (direction < 0 ? Int(middle.rounded(.up)) - 1 : Int(middle.rounded(.down)) + 1)
            answer = .number(options[index].value)
            focus = .answer
        case .singleChoice:
            let current = options.firstIndex { answer?.conditionValues.contains($0.value) ?? false }
            let index =
                current.map { max(0, min(options.count - 1, $0 + Int(direction))) }
                ?? (direction < 0 ? options.count - 1 : 0)
            answer = .number(options[index].value)
            focus = .option(index)
        case .slider(let min, let max, _, _), .number(let min, let max, _):
            let step = Self.step(of: item.kind)
            let middle = Self.rounded((min + max) / 2)
            let current = answer?.number ?? middle
            let value = Swift.min(max, Swift.max(min, Self.rounded(current + direction * step)))
            answer = .number(value)
            if case .number = item.kind {
                typed = QuestionnaireAnswer.format(value).replacingOccurrences(of: ".000", with: "")
            }
            focus = .answer
        case .date:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let start: Date
            if case .day(let text) = answer, let day = DiaryRow.day(text) {
                start = calendar.date(byAdding: .month, value: Int(direction), to: day) ?? day
            } else {
                start = calendar.date(from: calendar.dateComponents([.year, .month], from: today)) ?? today
            }
            let parts = calendar.dateComponents([.year, .month, .day], from: start)
            typed = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
            answer = .day(typed)
            focus = .answer
        default:
            break
        }
    }

    /// A slider moves in twentieths of its range; a number by 1 (a range over 200: by a hundredth of it).
    static func step(of kind: Instrument.Kind) -> Double {
        switch kind {
        case .slider(let min, let max, _, _): return (max - min) / sliderSteps
        case .number(let min, let max, _): return max - min > 200 ? ((max - min) / 100).rounded() : 1
        default: return 1
        }
    }

    static func rounded(_ value: Double) -> Double { QuestionnaireAnswer.rounded(value) }

    private mutating func type(_ text: String) {
        hint = nil
        if case .text(let maxLength) = item.kind, typed.count + text.count > maxLength { return }
        typed += text
        answer = nil
    }

    private mutating func confirm() -> Outcome {
        let given: QuestionnaireAnswer?
        switch item.kind {
        case .number:
            given = Double(typed.replacingOccurrences(of: ",", with: ".")).map(QuestionnaireAnswer.number)
        case .date:
            given = typed.isEmpty ? nil : .day(typed)
        case .text:
            given = typed.trimmingCharacters(in: .whitespaces).isEmpty ? nil : .text(typed)
        default:
            given = answer
        }
        guard let given else {
            hint =
                typed.isEmpty
                ? Translation.gettext("Choose an answer first, or choose “Skip this question”.")
                : Translation.gettext(
                    "“{typed}” is not a number; type one, or choose “Skip this question”.", ["typed": typed])
            return .none
        }
        if let problem = given.problem(for: item) {
            hint = Self.sentence(problem, for: item)
            return .none
        }
        return store(given)
    }

    /// What the patient reads when a typed answer does not fit.
    private static func sentence(_ problem: String, for item: Instrument.Item) -> String {
        switch item.kind {
        case .number(let min, let max, let unit):
            let values = ["min": String(Int(min)), "max": String(Int(max)), "unit": unit]
            return unit.isEmpty
                ? Translation.gettext("Type a number from {min} to {max}, or skip.", values)
                : Translation.gettext("Type a number from {min} to {max} {unit}, or skip.", values)
        case .date:
            return Translation.gettext("Type a day as year-month-day, e.g. 2024-03-01 (or ← → by month), or skip.")
        default: return problem.prefix(1).uppercased() + problem.dropFirst() + "."
        }
    }

    private mutating func store(_ value: QuestionnaireAnswer?) -> Outcome {
        hint = nil
        return .stored(value)
    }
}

/// What a click on a question's screen hit (`ScreenPainter.questionnaireTarget`).
enum QuestionnaireTarget: Equatable, Sendable {
    case option(Int)
    /// The slider's track, and where along it (0: left end).
    case slider(Double)
    /// A number, date or text field.
    case field
    case next, skip
}
