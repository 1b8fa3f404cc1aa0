// A training plan: how many sessions at what pace, what each session plays, the staircase and the feedback.
import Foundation
import GameCore

/// A supervisor's prescription for a patient's localization training (`Examples/training-plan.json`,
/// format in `Examples/README.md`). Every session plays the same protocol (`session`, resolved with a new
/// seed each time so bearings differ); the staircase adapts `adaptive.parameter` from photo to photo (hit
/// zone) or round to round (the others) and carries its state from one session to the next.
public struct TrainingPlan: Sendable, Equatable {
    public struct Adaptive: Sendable, Equatable {
        public var parameter: DifficultyParameter
        /// The value of the first trial of the first session.
        public var start: Double
        public var rule: Staircase.Rule
        /// The hit zone photos are judged against when the staircase adapts another parameter (degrees).
        public var hitToleranceDeg: Double = 30

        /// Whether a photo `absDeviationDeg` off is a hit at the staircase's `value`.
        public func isHit(absDeviationDeg: Double, value: Double) -> Bool {
            parameter.isHit(absDeviationDeg: absDeviationDeg, value: value, toleranceDeg: fixedHitZoneDeg)
        }

        /// The fixed hit zone, within the bound (`DifficultyParameter.hitZoneBoundDeg`).
        public var fixedHitZoneDeg: Double { min(hitToleranceDeg, DifficultyParameter.hitZoneBoundDeg) }

        /// The staircase's rule, its range within the hit zone's bound when it adapts the zone.
        public var boundedRule: Staircase.Rule {
            guard parameter == .hitToleranceDeg else { return rule }
            var bounded = rule
            let upper = min(rule.range.upperBound, DifficultyParameter.hitZoneBoundDeg)
            bounded.range = min(rule.range.lowerBound, upper)...upper
            return bounded
        }
    }

    /// What the player sees and hears after each photo (the one feedback type, shared with protocol files).
    public typealias Feedback = SessionFeedback

    public var name: String
    public var description: String?
    public var sessionsPerWeek: Int
    /// The prescribed playing time of a session: it ends after the round that reaches it (`GameSession.timeLimitSeconds`).
    public var minutesPerSession: Double
    public var totalSessions: Int
    /// The protocol every session plays.
    public var session: StudyProtocol
    public var adaptive: Adaptive
    public var feedback: Feedback
    /// While a session's minutes remain after its rounds, its rounds are played again with new placements
    /// (`repeat_rounds`, default on: a session lasts its minutes); off, a session ends after its rounds or its
    /// minutes, whichever comes first.
    public var repeatRounds = true
    /// The tinnitus questionnaire before and after each session (`ratings`, default on: the plan is for patients).
    public var ratings: Bool = true
    /// The instruments asked before the first session, after the last and after every n-th (none by default).
    public var questionnaires = PlanQuestionnaires()

    /// A fresh staircase at the plan's start value.
    public func makeStaircase() -> Staircase { Staircase(rule: adaptive.boundedRule, start: adaptive.start) }

    /// A plan file given to the game (assign, `train --plan`) may not widen the hit zone past the bound; a plan
    /// assigned before the bound existed is read and played at it (`boundedRule`).
    public func checkHitZoneBound(file: String) throws {
        let bound = DifficultyParameter.hitZoneBoundDeg
        let why = "a wider zone lets a press at random score a hit (one in two at ±90°)"
        if adaptive.parameter == .hitToleranceDeg {
            for (field, value) in [
                ("adaptive.max", adaptive.rule.range.upperBound), ("adaptive.start", adaptive.start),
            ]
            where value > bound {
                throw ProtocolError(
                    file: file, field: field,
                    problem: "must be at most \(Int(bound))° for hit_tolerance_deg but is \(value): \(why)")
            }
        } else if adaptive.hitToleranceDeg > bound {
            throw ProtocolError(
                file: file, field: "adaptive.hit_tolerance_deg",
                problem: "must be at most \(Int(bound))° but is \(adaptive.hitToleranceDeg): \(why)")
        }
    }
}
