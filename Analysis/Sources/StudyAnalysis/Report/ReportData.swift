// Everything the report needs from the trials, collected in one streaming pass (`ReportData.Pass`), in memory bounded
// by groups, not rows.
import Foundation
import TidyFormats

struct ReportData {
    struct Measures {
        var deviation = GroupAccumulator()
        var time = GroupAccumulator()
    }
    struct PairKey: Hashable { let a: String, b: String }

    var conditions: [String: Measures] = [:]
    var cells: [PairKey: Measures] = [:]  // participant x condition
    var participants: [String: Measures] = [:]
    var rounds: [Int: GroupAccumulator] = [:]
    var sessions: [PairKey: GroupAccumulator] = [:]  // participant x session_id
    /// Whether every row named its session (`session_id`): then `sessions` is exactly the filtered sessions.
    var everyRowHasSession = true
    var circular: [String: (cos: CompensatedSum, sin: CompensatedSum, n: Int)] = [:]
    var confusion: [String: (count: Int, n: Int)] = [:]
    /// trials.csv's `front_back_reversal` (a mix-up of front and back outside the lateral zone), by condition and by
    /// participant x condition: reversals and the trials that logged the column (empty: a log older than it).
    var reversals: [String: (count: Int, n: Int)] = [:]
    var cellReversals: [PairKey: (count: Int, n: Int)] = [:]
    var polarPairs: [(target: Double, aim: Double)] = []
    var rows = 0
    var skipped = 0
    /// Rows of animals the patient skipped (`SkippedTargets`), left out of every figure and test.
    var skippedTargets = 0
    var files: [String] = []
    /// The report's `--filter`: every other part of the report reads the logs through the same filters.
    var filters: [RowFilter] = []
    /// Rows per `protocol` column value (a training plan's sessions carry the plan's session protocol); "" for
    /// logs written before the column existed. More than one means study and training data, or two studies.
    var protocols: [String: Int] = [:]
    /// The `plan` of each protocol's rows, when they came from a training plan.
    var plans: [String: String] = [:]
    /// Every value the filtered columns held (before filtering), to say what there is when nothing is left.
    var filterValues: [String: Set<String>] = [:]

    /// One stimulus: the `target` it was played as and its file's `stimulus_sha256` ("" in logs that did not
    /// measure their sounds: then the name alone tells the stimulus).
    struct StimulusKey: Hashable, Comparable {
        let target: String
        let sha256: String
        static func < (a: StimulusKey, b: StimulusKey) -> Bool { (a.target, a.sha256) < (b.target, b.sha256) }
    }
    /// A stimulus's trials: deviation and time per participant (a participant's trials are not independent, so the
    /// table's interval is over participant means), front-back reversals, and its measured bandwidth.
    struct StimulusMeasures {
        var byParticipant: [String: Measures] = [:]
        var reversals = 0
        var reversalRows = 0
        var bandwidthOctaves: Double?
    }
    /// By stimulus, for rows that name a `target` (trials.csv); empty for a tidy file without one.
    var stimuli: [StimulusKey: StimulusMeasures] = [:]

    static let maxPolarPairs = 600

    /// The report's reading of the trials alone (`--no-mixed-models`; with its models, `ReportMixedModels.read`
    /// shares this pass with theirs).
    static func load(files: [String], compare: String, skipInvalid: Bool, filters: [RowFilter] = []) throws
        -> ReportData
    {
        var pass = Pass(files: files, compare: compare, filters: filters)
        for file in files {
            let reader = CSVReader.forAnalysis(
                columns: pass.columns, optionalColumns: pass.optional, skipInvalid: skipInvalid)
            let domains = pass.domains
            try reader.read(path: file) { r in
                try domains.check(r)
                try pass.row(r, domains)
            }
            pass.refused(reader.skippedRows)
        }
        return pass.finish()
    }
}
