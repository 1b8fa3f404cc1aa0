// A protocol resolved for one session: the concrete seed, participant number and the list of rounds.
import Foundation
import GameCore

/// Everything needed to play (or replay, on resume) a session's rounds identically: stored whole in
/// session.json. Placement: `TargetPlacer.place(rounds: rounds, rule: placementRule, seed: seed)`.
public struct ResolvedProtocol: Sendable, Equatable, Codable {
    public var name: String
    public var description: String?
    public var order: StudyProtocol.Order
    public var blocked: Bool
    /// The session's seed: the protocol's, or one drawn when the session started.
    public var seed: UInt64
    /// The number that picked the Latin-square row (and, with the seed, nothing else).
    public var participantNumber: Int
    /// The participant's session number this session was started as (1 = first), and the placement seed
    /// derived from seed, participant and it (`PlacementSeed`). Nil in a session.json written before issue 16,
    /// whose targets were placed from `seed` itself.
    public var sessionNumber: Int?
    public var placementSeed: UInt64?
    public var minSeparationDeg: Double
    public var bearingsDeg: [Double]?
    public var backgroundGainDB: Double
    public var keepFirstTargetPlaying: Bool
    public var conditions: [StudyProtocol.Condition]
    /// The rounds in the order they are played, numbered from 1.
    public var rounds: [RoundPlan]
    /// What the participant was shown (the protocol's or plan's `feedback`); nil in a session.json written before
    /// the key existed (such a study session showed everything; resumed now, it shows a study's default, nothing).
    public var feedback: SessionFeedback?
    /// The safari scene whose animals the rounds' targets are (`SafariScene.id`, issue 42): chosen by a training
    /// plan's progress, or named by a protocol; nil for a session without one. session.json keeps it at its top
    /// level (`scene`), where a reader looks for the session's setting, so `SessionRecord` codes it.
    public var scene: String?
    /// Every target sound of the rounds as the session loaded it (trials.csv's stimulus columns), by catalog name;
    /// empty in a session.json written before it was logged.
    public var stimuli: [String: StimulusColumns] = [:]

    /// The seed the targets are placed from.
    public var seedOfPlacement: UInt64 { placementSeed ?? seed }

    public var placementRule: PlacementRule {
        PlacementRule(minSeparationDeg: minSeparationDeg, bearingList: bearingsDeg?.map { Bearing(degrees: $0) })
    }

    /// Every (round, target index) of a complete session, in playing order.
    public var allTrialKeys: [TrialKey] { RoundPlan.trialKeys(of: rounds) }

    enum CodingKeys: String, CodingKey {
        case name, description, order, blocked, seed, conditions, rounds
        case participantNumber = "participant_number"
        case sessionNumber = "session_number"
        case placementSeed = "placement_seed"
        case minSeparationDeg = "min_separation_deg"
        case bearingsDeg = "bearings_deg"
        case backgroundGainDB = "background_gain_db"
        case keepFirstTargetPlaying = "keep_first_target_playing"
        case feedback, stimuli
    }

    public init(
        name: String, description: String?, order: StudyProtocol.Order, blocked: Bool, seed: UInt64,
        participantNumber: Int, minSeparationDeg: Double, bearingsDeg: [Double]?, backgroundGainDB: Double,
        keepFirstTargetPlaying: Bool, conditions: [StudyProtocol.Condition], rounds: [RoundPlan],
        feedback: SessionFeedback? = nil
    ) {
        self.name = name
        self.description = description
        self.order = order
        self.blocked = blocked
        self.seed = seed
        self.participantNumber = participantNumber
        self.minSeparationDeg = minSeparationDeg
        self.bearingsDeg = bearingsDeg
        self.backgroundGainDB = backgroundGainDB
        self.keepFirstTargetPlaying = keepFirstTargetPlaying
        self.conditions = conditions
        self.rounds = rounds
        self.feedback = feedback
    }

    // Rounds go through `StoredRound` so session.json spells every key in snake_case, like the rest of the logs.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        order = try container.decode(StudyProtocol.Order.self, forKey: .order)
        blocked = try container.decode(Bool.self, forKey: .blocked)
        seed = try container.decode(UInt64.self, forKey: .seed)
        participantNumber = try container.decode(Int.self, forKey: .participantNumber)
        sessionNumber = try container.decodeIfPresent(Int.self, forKey: .sessionNumber)
        placementSeed = try container.decodeIfPresent(UInt64.self, forKey: .placementSeed)
        minSeparationDeg = try container.decode(Double.self, forKey: .minSeparationDeg)
        bearingsDeg = try container.decodeIfPresent([Double].self, forKey: .bearingsDeg)
        backgroundGainDB = try container.decode(Double.self, forKey: .backgroundGainDB)
        keepFirstTargetPlaying = try container.decode(Bool.self, forKey: .keepFirstTargetPlaying)
        conditions = try container.decode([StudyProtocol.Condition].self, forKey: .conditions)
        rounds = try container.decode([StoredRound].self, forKey: .rounds).map(\.plan)
        feedback = try container.decodeIfPresent(SessionFeedback.self, forKey: .feedback)
        stimuli = try container.decodeIfPresent([String: StimulusColumns].self, forKey: .stimuli) ?? [:]
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encode(order, forKey: .order)
        try container.encode(blocked, forKey: .blocked)
        try container.encode(seed, forKey: .seed)
        try container.encode(participantNumber, forKey: .participantNumber)
        try container.encodeIfPresent(sessionNumber, forKey: .sessionNumber)
        try container.encodeIfPresent(placementSeed, forKey: .placementSeed)
        try container.encode(minSeparationDeg, forKey: .minSeparationDeg)
        try container.encodeIfPresent(bearingsDeg, forKey: .bearingsDeg)
        try container.encode(backgroundGainDB, forKey: .backgroundGainDB)
        try container.encode(keepFirstTargetPlaying, forKey: .keepFirstTargetPlaying)
        try container.encode(conditions, forKey: .conditions)
        try container.encode(rounds.map(StoredRound.init), forKey: .rounds)
        try container.encodeIfPresent(feedback, forKey: .feedback)
        // Absent when nothing was measured, so sessions logged before it keep their exact bytes.
        if !stimuli.isEmpty { try container.encode(stimuli, forKey: .stimuli) }
    }
}

/// A `RoundPlan` as session.json stores it (snake_case keys).
private struct StoredRound: Codable {
    let plan: RoundPlan

    init(_ plan: RoundPlan) { self.plan = plan }

    enum CodingKeys: String, CodingKey {
        case round, condition, level
        case targetSounds = "target_sounds"
        case backgroundSound = "background_sound"
        case backgroundGainDB = "background_gain_db"
        case keepFirstTargetPlaying = "keep_first_target_playing"
        case repeatsRound = "repeats_round"
        case hrtf
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var plan = RoundPlan(
            round: try container.decode(Int.self, forKey: .round),
            condition: try container.decode(String.self, forKey: .condition),
            level: try container.decode(String.self, forKey: .level),
            targetSounds: try container.decode([String].self, forKey: .targetSounds),
            backgroundSound: try container.decodeIfPresent(String.self, forKey: .backgroundSound),
            backgroundGainDB: try container.decode(Double.self, forKey: .backgroundGainDB),
            keepFirstTargetPlaying: try container.decode(Bool.self, forKey: .keepFirstTargetPlaying),
            hrtf: try container.decodeIfPresent(String.self, forKey: .hrtf))
        plan.repeatsRound = try container.decodeIfPresent(Int.self, forKey: .repeatsRound)
        self.plan = plan
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plan.round, forKey: .round)
        try container.encode(plan.condition, forKey: .condition)
        try container.encode(plan.level, forKey: .level)
        try container.encode(plan.targetSounds, forKey: .targetSounds)
        try container.encodeIfPresent(plan.backgroundSound, forKey: .backgroundSound)
        try container.encode(plan.backgroundGainDB, forKey: .backgroundGainDB)
        try container.encode(plan.keepFirstTargetPlaying, forKey: .keepFirstTargetPlaying)
        try container.encodeIfPresent(plan.repeatsRound, forKey: .repeatsRound)
        try container.encodeIfPresent(plan.hrtf, forKey: .hrtf)
    }
}

extension StudyProtocol {
    /// The session's rounds. `participantNumber` picks the Latin-square row (1-based; see
    /// `ParticipantID.trailingNumber`); `seed` replaces the protocol's seed only when it has none.
    public func resolve(participantNumber: Int, sessionSeed: UInt64) -> ResolvedProtocol {
        let seed = self.seed ?? sessionSeed
        let conditionOrder: [Int]
        switch order {
        case .fixed: conditionOrder = Array(conditions.indices)
        case .shuffled:
            var generator = SeededRandom(seed: seed, stream: Self.orderStream)
            conditionOrder = Self.shuffled(Array(conditions.indices), using: &generator)
        case .latinSquare:
            conditionOrder = LatinSquare.order(count: conditions.count, participantNumber: participantNumber)
        }

        var sequence: [Int] = []
        if blocked {
            for index in conditionOrder { sequence += Array(repeating: index, count: conditions[index].repetitions) }
        } else if order == .shuffled {
            // Unblocked and shuffled: every round's condition drawn, not only the blocks' order.
            var generator = SeededRandom(seed: seed, stream: Self.orderStream)
            sequence = Self.shuffled(
                conditions.indices.flatMap { Array(repeating: $0, count: conditions[$0].repetitions) },
                using: &generator)
        } else {
            // Unblocked: the conditions alternate in their order (A B C A B C ...).
            let most = conditions.map(\.repetitions).max() ?? 0
            for repetition in 0..<most {
                sequence += conditionOrder.filter { conditions[$0].repetitions > repetition }
            }
        }

        let rounds = sequence.enumerated().map { offset, index in
            let condition = conditions[index]
            return RoundPlan(
                round: offset + 1, condition: condition.name, level: condition.level.rawValue,
                targetSounds: condition.targets, backgroundSound: condition.backgroundSound,
                backgroundGainDB: backgroundGainDB, keepFirstTargetPlaying: keepFirstTargetPlaying,
                hrtf: condition.hrtf)
        }
        var resolved = ResolvedProtocol(
            name: name, description: description, order: order, blocked: blocked, seed: seed,
            participantNumber: participantNumber, minSeparationDeg: minSeparationDeg,
            bearingsDeg: bearingsDeg, backgroundGainDB: backgroundGainDB,
            keepFirstTargetPlaying: keepFirstTargetPlaying, conditions: conditions, rounds: rounds,
            feedback: feedback)
        resolved.scene = scene
        return resolved
    }

    /// A stream of the seed kept for ordering, so placement (other streams) does not shift when the order changes.
    static let orderStream: UInt64 = 0x0DE5

    /// Fisher–Yates with our own generator, the same on every platform and Swift version.
    static func shuffled(_ items: [Int], using generator: inout SeededRandom) -> [Int] {
        var items = items
        generator.shuffle(&items)
        return items
    }
}
