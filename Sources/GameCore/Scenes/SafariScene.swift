// The safari's scenes (pond, farm, forest, coast, savannah): their animals, their ambience, and their order.

/// One place of the safari: which animals call there (catalog names of the recorded calls, `sounds import`),
/// the ambience heard there, and its place in the order the scenes open (`SafariMilestones` says when, over a
/// training plan). The first scene is open from the first session; inside an open scene its animals appear a
/// few at a time, one more with every session played there.
public struct SafariScene: Sendable, Equatable {
    /// The name logged (session.json `scene`) and shown on the menu in the player's words (`title`).
    public let id: String
    public let title: String
    /// Catalog names of the scene's recorded animals, in the order they appear in it. Names the library did
    /// not accept (or that were not imported) are skipped when a session is made.
    public let animals: [String]
    /// The catalog name of the scene's ambience (a background sound, `make-sounds`): it replaces the plan's
    /// background where a round plays one, and is the scene's quiet bed under the other rounds.
    public let ambience: String

    /// Animals heard in a scene's first session; one more appears with each later session played there.
    public static let firstAnimals = 3

    /// The scenes in the order they open.
    public static let all: [SafariScene] = [
        SafariScene(
            id: "pond", title: "Pond",
            animals: [
                "frog_recorded", "duck", "drake", "gander", "heron_greatblue_flying", "beaver", "mosquito",
                "grasshopper",
            ],
            ambience: "ambience"),
        SafariScene(
            id: "farm", title: "Farm",
            animals: [
                "rooster", "cow", "sheep", "pig", "hen", "goat", "horse", "donkey", "dog", "turkey", "bull",
                "sheep_lamb", "cow_white", "pig_golden", "pig_golden2",
            ],
            ambience: "ambience_farm"),
        SafariScene(
            id: "forest", title: "Forest",
            animals: [
                "owl", "blackbird", "crow", "cuckoo", "lark", "fox", "deer", "doe", "bear", "squirrel", "mouse",
                "rabbit", "badger", "bee", "hornet", "xanthia", "ferret", "wombat", "koala",
            ],
            ambience: "ambience_forest"),
        SafariScene(
            id: "coast", title: "Coast",
            animals: ["seagull", "sea_lion", "penguin", "dolphin", "whale", "orca"],
            ambience: "ambience_coast"),
        SafariScene(
            id: "savannah", title: "Savannah",
            animals: [
                "lion", "elephant", "zebra", "giraffe", "hippopotamus", "vulture", "tiger", "chimp", "gorilla",
                "camel", "dromedary", "nandou", "bison", "caribou", "mountaingoat", "ram", "iguana", "tucan",
                "quetzal",
            ],
            ambience: "ambience_savannah"),
    ]

    /// The scene named `id`, or nil.
    public static func named(_ id: String) -> SafariScene? { all.first { $0.id == id } }

    /// Its place in the order the scenes open: 0 for the pond, which is open from the start.
    public var order: Int { Self.all.firstIndex(of: self) ?? 0 }

    /// The ambience under a round without a background of its own, dB relative to the ambience's catalog gain
    /// (−10 dB): 30 dB below a target's level. Audible at ordinary listening levels (a target near 65 dB SPL puts
    /// it near 35 dB SPL, a quiet room), it masks nothing a listener localises with: in broadband noise, left-right
    /// judgements hold until the signal-to-noise ratio nears 0 dB and front-back ones degrade only some dB above
    /// that (Good & Gilkey 1996, JASA 99:1108), both far below +30 dB; and it stays 14 dB
    /// under the quietest background a shipped plan plays on purpose (−6 dB re catalog, 16 dB below the target),
    /// so a level with a background still sounds like one.
    public static let bedGainDB = -20.0

    /// `rounds` heard in this scene: where a round plays a background, the scene's ambience replaces it at the
    /// round's own gain (a plan's signal-to-noise ratio, and a staircase on it, stay the plan's); under every
    /// other round the ambience is a quiet bed at `bedGainDB`. Rounds are left as they are when the catalog
    /// (`available`, its background sounds) lacks the ambience.
    public func withAmbience(_ rounds: [RoundPlan], available: Set<String>) -> [RoundPlan] {
        guard available.contains(ambience) else { return rounds }
        return rounds.map { round in
            var heard = round
            if round.backgroundSound == nil { heard.backgroundGainDB = Self.bedGainDB }
            heard.backgroundSound = ambience
            return heard
        }
    }

    /// Of `available` (the catalog's targets), this scene's animals heard in the `sessionsHere`-th session
    /// played in it (0 for its first): `firstAnimals`, then one more each session, in the scene's order.
    public func animals(available: Set<String>, sessionsHere: Int) -> [String] {
        let present = animals.filter(available.contains)
        return Array(present.prefix(Self.firstAnimals + max(0, sessionsHere)))
    }

    /// `rounds` with their targets replaced by `animals`: each round draws its targets from `seed` and the
    /// round number (distinct within a round, so two animals of a round are two different calls), so a
    /// session's rounds are reproducible and a resumed session (which stores its rounds) keeps them. Rounds
    /// needing more animals than there are keep their own targets.
    public static func cast(_ animals: [String], into rounds: [RoundPlan], seed: UInt64) -> [RoundPlan] {
        rounds.map { round in
            guard !animals.isEmpty, round.targetSounds.count <= animals.count else { return round }
            var generator = SeededRandom(seed: seed, stream: 0x5CE7_E000 &+ UInt64(round.round))
            var pool = animals
            var cast = round
            cast.targetSounds = round.targetSounds.map { _ in
                pool.remove(at: Int(generator.next() % UInt64(pool.count)))
            }
            return cast
        }
    }
}
