// A training session's trial sink: judges each photo at the staircase's value, moves the staircase, logs the row.
import GameCore
import StudyKit
import StudyRecords

/// Sits between the `GameSession` and the session's log. For each photo it decides hit or miss at the
/// staircase's current value, advances the staircase, and stores the row with the plan's columns through
/// the log (written and fsync'ed before `record` returns). The hit zone moves the staircase at every photo;
/// a parameter that changes the round (`prepare`) moves it once per round, at the round's last photo: a
/// hit when every photo of the round hit. The feedback of the latest photo is kept for the result screen.
package final class TrainingSink: TrialSink {
    package let planName: String
    package let parameter: DifficultyParameter
    package let adaptive: TrainingPlan.Adaptive
    package let feedbackMode: TrainingPlan.Feedback
    package private(set) var staircase: Staircase
    /// Feedback on the latest photo of this run.
    package private(set) var latest: TrainingFeedback?
    /// Points earned in this session, its photos logged before a resume included.
    package private(set) var points = 0
    private let log: any SessionLog
    /// The session's calls and their measured bandwidth (session.json `protocol.stimuli`), from which a plan
    /// adapting `stimulus_bandwidth_oct` draws each round's targets.
    package var bandwidths: [String: Double] = [:]

    init(log: any SessionLog, plan: TrainingPlan, staircase: Staircase) {
        self.log = log
        planName = plan.name
        parameter = plan.adaptive.parameter
        adaptive = plan.adaptive
        feedbackMode = plan.feedback
        self.staircase = staircase
    }

    /// The sink of a training request (nil for any other session).
    static func make(for request: SessionRequest, log: any SessionLog) throws -> TrainingSink? {
        guard case .trainingPlan(let assigned, _) = request.source else { return nil }
        guard let staircase = request.staircase else {
            throw TrainingSetupError.missingStaircase(plan: assigned.plan.name)
        }
        let sink = TrainingSink(log: log, plan: assigned.plan, staircase: staircase)
        sink.bandwidths = log.resolvedProtocol.stimuli.mapValues(\.bandwidthOctaves)
        if let open = request.openRound { sink.roundHit = (open.round, open.allHit) }
        for photo in request.earlierPhotos {
            sink.points += TrainingFeedback.points(
                hit: photo.hit, streak: sink.streak(after: photo.hit), skipped: photo.skipped)
        }
        return sink
    }

    /// The round as the staircase's current value makes it (`GameSession.prepareRound`).
    package func prepare(_ round: RoundPlan, bearings: [Bearing], seed: UInt64) -> (
        round: RoundPlan, bearings: [Bearing]
    ) {
        RoundDifficulty.apply(
            parameter, value: staircase.value, to: round, bearings: bearings, seed: seed, bandwidths: bandwidths)
    }

    /// Whether every photo of the round being played so far hit (for a per-round response).
    private var roundHit = (round: 0, allHit: true)

    package func record(_ trial: TrialResult) throws {
        var next = staircase
        // A skipped animal is a miss: the search was too hard, so the staircase makes the next one easier.
        let hit = !trial.skipped && adaptive.isHit(absDeviationDeg: trial.absDeviationDeg, value: next.value)
        let step: Staircase.Step
        if parameter.respondsPerPhoto {
            step = next.record(hit: hit)
        } else {
            let allHit = hit && (roundHit.round != trial.round || roundHit.allHit)
            if trial.targetIndex >= trial.targetsInRound {
                let response = next.record(hit: allHit)
                step = Staircase.Step(value: response.value, hit: hit, reversal: response.reversal)
            } else {
                step = Staircase.Step(value: next.value, hit: hit, reversal: false)
            }
            roundHit = (trial.round, allHit)
        }
        try log.record(
            trial,
            training: TrainingColumns(
                plan: planName, difficultyParameter: parameter.rawValue, difficultyValue: step.value, hit: hit,
                staircaseReversal: step.reversal))
        let zone = parameter == .hitToleranceDeg ? staircase.value : adaptive.fixedHitZoneDeg
        staircase = next
        let feedback = TrainingFeedback(
            trial: trial, step: step, parameter: parameter, streak: streak(after: hit), hitZoneDeg: zone)
        points += feedback.points
        latest = feedback
    }

    private var hitsInRow = 0
    private func streak(after hit: Bool) -> Int {
        hitsInRow = hit ? hitsInRow + 1 : 0
        return hitsInRow
    }
}

/// A training request the driver cannot carry out.
package enum TrainingSetupError: Error, CustomStringConvertible {
    case missingStaircase(plan: String)

    package var description: String {
        switch self {
        case .missingStaircase(let plan):
            return "The training session of plan '\(plan)' was started without its staircase; start it with train."
        }
    }
}
