// A questionnaire as data (docs/QUESTIONNAIRES.md): its items, when each is shown, and how it is scored.
import Foundation

/// One instrument file: `case-history`, `worst-symptom`, `session-ratings`, `mini-tq`, `thi` or one a clinic
/// adds. Ids are contracts: answers are stored under `id`, `version` and the item ids.
public struct Instrument: Sendable, Equatable {
    public var id: String
    public var version: Int
    public var language: String
    public var title: String
    public var instructions: String
    public var citation: String
    public var licence: String
    /// True for a validated scale whose wording is licensed: the file gives ids and scoring only, and a clinic
    /// adds its licensed wording with `soundsafari questionnaire add` before the instrument can be taken.
    public var wordingLicensed: Bool
    public var items: [Item]
    public var scoring: Scoring?

    public struct Option: Sendable, Equatable {
        public var value: Double
        public var label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    public enum Kind: Sendable, Equatable {
        case singleChoice([Option])
        case multipleChoice([Option])
        /// No initial value: the answer is where the patient puts it, `min`…`max`.
        case slider(min: Double, max: Double, left: String, right: String)
        case number(min: Double, max: Double, unit: String)
        case date
        case text(maxLength: Int)

        public var name: String {
            switch self {
            case .singleChoice: "single_choice"
            case .multipleChoice: "multiple_choice"
            case .slider: "slider"
            case .number: "number"
            case .date: "date"
            case .text: "text"
            }
        }

        /// The range a scored answer lies in (nil for kinds that cannot be scored).
        public var scoreRange: ClosedRange<Double>? {
            switch self {
            case .singleChoice(let options):
                let values = options.map(\.value)
                return values.min().flatMap { low in values.max().map { low...$0 } }
            case .slider(let min, let max, _, _), .number(let min, let max, _): return min...max
            case .multipleChoice, .date, .text: return nil
            }
        }
    }

    /// Shown only when an earlier item's answer is one of `values`.
    public struct Condition: Sendable, Equatable {
        public var item: String
        public var anyOf: [Double]
    }

    public struct Item: Sendable, Equatable {
        public var id: String
        /// nil only in an instrument whose wording is licensed and not yet added.
        public var text: String?
        public var kind: Kind
        public var showIf: Condition?

        public init(id: String, text: String?, kind: Kind, showIf: Condition? = nil) {
            self.id = id
            self.text = text
            self.kind = kind
            self.showIf = showIf
        }
    }

    public struct Subscale: Sendable, Equatable {
        public var id: String
        public var items: [String]
    }

    /// Interpretation: the band whose `min` is the highest at or below the total.
    public struct Band: Sendable, Equatable {
        public var min: Double
        public var label: String
    }

    public enum Total: String, Sendable, Equatable { case sum, mean }

    public struct Scoring: Sendable, Equatable {
        public var items: [String]
        /// Reverse-keyed items: scored as (lowest + highest − answer) of the item's own range.
        public var reverse: [String]
        public var total: Total
        public var subscales: [Subscale]
        /// The missing-item rule: at most this many unanswered scored items are prorated (sum × n / answered,
        /// or the mean of those answered); with more missing there is no score.
        public var prorateMaxMissing: Int
        public var bands: [Band]
        /// For the Jacobson–Truax reliable change index: the scale's reliability and the SD of its total in the
        /// reference sample the citation gives (both nil when the file does not declare them).
        public var reliability: Double?
        public var standardDeviation: Double?
    }

    public func item(_ id: String) -> Item? { items.first { $0.id == id } }
}

extension Instrument {
    /// The instrument without its wording (language, title, instructions, reference, item texts, option labels,
    /// slider ends, units): what a translation must keep unchanged to be the same measurement.
    public var wordless: Instrument {
        var copy = self
        (copy.language, copy.title, copy.instructions, copy.citation, copy.licence) = ("", "", "", "", "")
        copy.items = items.map { item in
            var item = item
            item.text = nil
            switch item.kind {
            case .singleChoice(let options):
                item.kind = .singleChoice(options.map { Option(value: $0.value, label: "") })
            case .multipleChoice(let options):
                item.kind = .multipleChoice(options.map { Option(value: $0.value, label: "") })
            case .slider(let min, let max, _, _): item.kind = .slider(min: min, max: max, left: "", right: "")
            case .number(let min, let max, _): item.kind = .number(min: min, max: max, unit: "")
            case .date, .text: break
            }
            return item
        }
        copy.scoring?.bands = scoring?.bands.map { Band(min: $0.min, label: "") } ?? []
        return copy
    }
}
