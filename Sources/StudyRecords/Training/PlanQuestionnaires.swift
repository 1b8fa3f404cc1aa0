// The questionnaires a training plan names: before its first session, after its last, and after every n-th.
import Foundation

/// A plan's `"questionnaires": {"baseline": [ids], "follow_up": [ids], "every_n_sessions": {"n": 5, "ids": [ids]}}`
/// (Examples/README.md). Ids are instrument ids (docs/QUESTIONNAIRES.md); whether this machine offers each is checked
/// when the plan is assigned or trained, where the instruments are.
public struct PlanQuestionnaires: Sendable, Equatable {
    public var baseline: [String] = []
    public var followUp: [String] = []
    /// After every `n`-th session of the plan (n, 2n, …), except after the last, where the follow-up is asked.
    public var everyNSessions: (n: Int, ids: [String])? {
        get { periodicN.map { ($0, periodicIDs) } }
        set {
            periodicN = newValue?.n
            periodicIDs = newValue?.ids ?? []
        }
    }
    private var periodicN: Int?
    private var periodicIDs: [String] = []

    public init(baseline: [String] = [], followUp: [String] = [], everyNSessions: (n: Int, ids: [String])? = nil) {
        self.baseline = baseline
        self.followUp = followUp
        self.everyNSessions = everyNSessions
    }

    public var isEmpty: Bool { baseline.isEmpty && followUp.isEmpty && periodicIDs.isEmpty }

    /// Every id the plan names, each once, in the order first named.
    public var allIDs: [String] {
        var seen = Set<String>()
        return (baseline + periodicIDs + followUp).filter { seen.insert($0).inserted }
    }

    /// One administration a plan asks for: an instrument at a moment (and the plan session it belongs to).
    public struct Due: Sendable, Equatable {
        public var instrument: String
        public var moment: QuestionnaireMoment
        /// The `session_index` of the session it follows (periodic, follow-up); nil for the baseline.
        public var sessionIndex: Int?

        public init(instrument: String, moment: QuestionnaireMoment, sessionIndex: Int?) {
            self.instrument = instrument
            self.moment = moment
            self.sessionIndex = sessionIndex
        }
    }

    /// Before plan session `planSession` (1-based): the baseline, before the first session only.
    public func before(planSession: Int) -> [Due] {
        planSession == 1 ? baseline.map { Due(instrument: $0, moment: .baseline, sessionIndex: nil) } : []
    }

    /// After plan session `planSession` of `totalSessions` (its `session_index` given): the follow-up after the last,
    /// else the periodic ones after every n-th.
    public func after(planSession: Int, totalSessions: Int, sessionIndex: Int) -> [Due] {
        if planSession >= totalSessions {
            return followUp.map { Due(instrument: $0, moment: .followUp, sessionIndex: sessionIndex) }
        }
        guard let n = periodicN, planSession % n == 0 else { return [] }
        return periodicIDs.map { Due(instrument: $0, moment: .periodic, sessionIndex: sessionIndex) }
    }

    /// Everything due by now, for a reminder's prompt: the baseline, and after each plan session done (its number in
    /// the plan and its `session_index`) what that point asks. Less those finished (`notFinished`), it is what is
    /// still owed.
    public func dueBy(doneSessions: [(planSession: Int, sessionIndex: Int)], totalSessions: Int) -> [Due] {
        before(planSession: 1)
            + doneSessions.flatMap {
                after(planSession: $0.planSession, totalSessions: totalSessions, sessionIndex: $0.sessionIndex)
            }
    }

    /// `due` less those already finished in `rows` (a baseline by moment alone; the others by their session).
    public static func notFinished(_ due: [Due], in rows: [QuestionnaireRow]) -> [Due] {
        let finished = Administration.all(rows).filter(\.isFinished)
        return due.filter { item in
            !finished.contains {
                $0.instrument == item.instrument && $0.moment == item.moment
                    && (item.moment == .baseline || $0.sessionIndex == item.sessionIndex)
            }
        }
    }

    public static func == (lhs: PlanQuestionnaires, rhs: PlanQuestionnaires) -> Bool {
        lhs.baseline == rhs.baseline && lhs.followUp == rhs.followUp && lhs.periodicN == rhs.periodicN
            && lhs.periodicIDs == rhs.periodicIDs
    }
}
