// A study protocol as written by a supervisor: conditions × repetitions, order, seed and placement options.
import Foundation
import GameCore

/// What a protocol file (JSON, see Examples/README.md) says. `ProtocolFile.load` reads and checks
/// one; `StudyProtocol.builtIn` makes the same thing for `--mode X --rounds N`, so everything
/// downstream has one path. `resolve` turns it into the session's list of rounds.
public struct StudyProtocol: Sendable, Equatable {
    public enum Order: String, Sendable, Codable, CaseIterable {
        /// Conditions in the order listed.
        case fixed
        /// Conditions in an order drawn from the session's seed.
        case shuffled
        /// Conditions in the row of a balanced Latin square picked by the participant number.
        case latinSquare = "latin-square"
    }

    public struct Condition: Sendable, Equatable, Codable {
        /// The name logged in the `condition` column (the level's name unless the protocol says otherwise).
        public var name: String
        public var level: LevelKind
        /// Catalog names of the targets, in the order they are photographed.
        public var targets: [String]
        public var repetitions: Int
        /// Catalog name of the background sound (levels with background only).
        public var backgroundSound: String?
        /// The HRTF set this condition is heard through (its OpenAL Soft name, as `hrtf list` shows it): the set as
        /// a within-subject factor. nil: the session's own set (the participant's choice, or `--hrtf`).
        public var hrtf: String?
        /// SHA-256 of `hrtf`'s data file, filled in when a session starts (empty: built into OpenAL Soft), so
        /// every trials.csv row of the condition names the data it was heard through.
        public var hrtfSHA256: String?

        public init(
            name: String, level: LevelKind, targets: [String]? = nil, repetitions: Int,
            backgroundSound: String? = nil, hrtf: String? = nil, hrtfSHA256: String? = nil
        ) {
            self.name = name
            self.level = level
            self.targets = targets ?? level.defaultTargetSounds
            self.repetitions = repetitions
            self.backgroundSound =
                level.hasBackground ? (backgroundSound ?? level.defaultBackgroundSound) : nil
            self.hrtf = hrtf
            self.hrtfSHA256 = hrtfSHA256
        }

        enum CodingKeys: String, CodingKey {
            case name, level, targets, repetitions, hrtf
            case backgroundSound = "background_sound"
            case hrtfSHA256 = "hrtf_sha256"
        }
    }

    public var name: String
    public var description: String?
    /// nil: each session draws its own seed (recorded in session.json).
    public var seed: UInt64?
    public var order: Order
    /// true: a condition's repetitions run back to back (a block); false: conditions alternate.
    public var blocked: Bool
    public var minSeparationDeg: Double
    /// A balanced design's own bearings, used shuffled instead of uniform placement.
    public var bearingsDeg: [Double]?
    /// Level of the background sound relative to its catalog gain, dB.
    public var backgroundGainDB: Double
    public var keepFirstTargetPlaying: Bool
    public var conditions: [Condition]
    /// Ask the tinnitus questionnaire (RatingItem.all) before and after the rounds (`"ratings": true`).
    public var ratings: Bool
    /// What the participant is shown after each photo and at the end: a protocol file's `feedback` (all off when
    /// it has none: a study measures); everything for `play`'s built-in modes.
    public var feedback: SessionFeedback
    /// The protocol's own participant sheet (an instrument with a consent item); nil: the participants.csv sheet.
    public var participantSheet: ProtocolSheet?
    /// The safari scene the session is set in (`"scene": "farm"`, a `SafariScene.id`): logged in session.json, never
    /// changing the targets the protocol names; in a training plan it fixes the scene (no scene opens or changes).
    public var scene: String?
    /// false (`"hrtf_choice": false`): the study fixes which HRTF set its participants hear, so `hrtf choose` and the
    /// menu's "Find my sound" refuse for anyone who has a session of it.
    public var hrtfChoice: Bool
    /// false (`"scene_ambience": false`): a training plan's sessions open scenes and play their animals, but keep
    /// the plan's own background sounds: no scene ambience replaces them and no bed plays under the other rounds.
    public var sceneAmbience: Bool

    public init(
        name: String, description: String? = nil, seed: UInt64? = nil, order: Order = .fixed,
        blocked: Bool = true, minSeparationDeg: Double = 60, bearingsDeg: [Double]? = nil,
        backgroundGainDB: Double = 0, keepFirstTargetPlaying: Bool = false, conditions: [Condition],
        ratings: Bool = false, feedback: SessionFeedback = .all, participantSheet: ProtocolSheet? = nil,
        scene: String? = nil, hrtfChoice: Bool = true, sceneAmbience: Bool = true
    ) {
        self.name = name
        self.description = description
        self.seed = seed
        self.order = order
        self.blocked = blocked
        self.minSeparationDeg = minSeparationDeg
        self.bearingsDeg = bearingsDeg
        self.backgroundGainDB = backgroundGainDB
        self.keepFirstTargetPlaying = keepFirstTargetPlaying
        self.conditions = conditions
        self.ratings = ratings
        self.feedback = feedback
        self.hrtfChoice = hrtfChoice
        self.sceneAmbience = sceneAmbience
        self.participantSheet = participantSheet
        self.scene = scene
    }

    /// How many rounds a built-in mode may have, in `play`, its menu and `simulate` alike (a longer session is a
    /// protocol file with repetitions).
    public static let builtInRounds = 1...30

    /// The built-in modes of `play`/`simulate` (`--mode one-target --rounds 5`): one condition.
    public static func builtIn(mode: LevelKind, rounds: Int, seed: UInt64? = nil) -> StudyProtocol {
        StudyProtocol(
            name: mode.rawValue, seed: seed,
            conditions: [Condition(name: mode.rawValue, level: mode, repetitions: max(1, rounds))])
    }

    /// Total rounds of a session.
    /// A beginner's session (a plan's first): its rounds go from the easiest level to the hardest (one animal
    /// before two, silence before background noise), each level's rounds together, never shuffled.
    public mutating func startEasy() {
        let difficulty = { (condition: Condition) -> Int in
            switch condition.level {
            case .oneTarget: 0
            case .oneTargetBackground: 1
            case .twoTargets: 2
            case .twoTargetsBackground: 3
            }
        }
        conditions = conditions.enumerated().sorted {
            (difficulty($0.element), $0.offset) < (difficulty($1.element), $1.offset)
        }.map(\.element)
        order = .fixed
        blocked = true
    }

    public var roundCount: Int { conditions.reduce(0) { $0 + $1.repetitions } }

    /// Total targets (trial rows) of a complete session.
    public var targetCount: Int { conditions.reduce(0) { $0 + $1.repetitions * $1.targets.count } }
}

extension StudyProtocol {
    /// Checks that every sound the protocol names is in the catalog (`Sounds/sounds.json`), so a typo
    /// is reported against the protocol's field — and its line, when `file` is the protocol file — before a
    /// session folder is made. `file` names the protocol in the error (e.g. the --protocol path, or "--mode"
    /// for a built-in mode).
    /// `fieldPrefix`: where the protocol sits in its file (`session.` in a training plan).
    public func checkSounds(available: Set<String>, file: String, fieldPrefix: String = "") throws {
        let known = available.sorted().joined(separator: ", ")
        // The lines of the file the protocol was read from (none for a built-in mode).
        let lines = (try? String(contentsOfFile: file, encoding: .utf8)).map { JSONLineLocator(text: $0) }
        func problem(_ field: String, _ sound: String, condition index: Int) -> ProtocolError {
            // A default target (the condition lists none) is pointed at by its condition's line.
            ProtocolError(
                file: file, field: fieldPrefix + field,
                line: lines?.line(of: fieldPrefix + field) ?? lines?.line(of: "\(fieldPrefix)conditions[\(index)]"),
                problem: "names the sound '\(sound)', which Sounds/sounds.json does not have; use one of \(known)")
        }
        for (index, condition) in conditions.enumerated() {
            for (position, sound) in condition.targets.enumerated() where !available.contains(sound) {
                throw problem("conditions[\(index)].targets[\(position)]", sound, condition: index)
            }
            if let sound = condition.backgroundSound, !available.contains(sound) {
                throw problem("conditions[\(index)].background_sound", sound, condition: index)
            }
        }
    }
}
