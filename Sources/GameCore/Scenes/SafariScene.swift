// The safari's scenes (pond, farm, forest, coast, savannah): their animals, and when each opens as a patient trains.

/// One place of the safari: which animals call there (catalog names of the recorded calls, `sounds import`),
/// and the training milestone that opens it. The first scene is open from the first session; each further one
/// opens once the patient has done enough plan sessions *and* earned enough points, so there is always a next
/// place to reach. Inside an open scene its animals appear a few at a time, one more with every session
/// played there.
public struct SafariScene: Sendable, Equatable {
    /// The name logged (session.json `scene`) and shown on the menu in the player's words (`title`).
    public let id: String
    public let title: String
    /// Catalog names of the scene's recorded animals, in the order they appear in it. Names the library did
    /// not accept (or that were not imported) are skipped when a session is made.
    public let animals: [String]
    /// Plan sessions done (session.json `completed` or `ended_by` time) before the scene opens.
    public let sessionsDone: Int
    /// Points earned over the plan before the scene opens (`TrainingFeedback.points`).
    public let points: Int

    /// Animals heard in a scene's first session; one more appears with each later session played there.
    public static let firstAnimals = 3

    /// The scenes in the order they open. The milestones are spaced so that a plan of 20 sessions opens the
    /// last one around its two-thirds (a patient who misses every photo still earns 2 points a photo, so the
    /// points never hold back someone who keeps training; they only speed nothing up on their own).
    public static let all: [SafariScene] = [
        SafariScene(
            id: "pond", title: "Pond",
            animals: [
                "frog_recorded", "duck", "drake", "gander", "heron_greatblue_flying", "beaver", "mosquito",
                "grasshopper",
            ],
            sessionsDone: 0, points: 0),
        SafariScene(
            id: "farm", title: "Farm",
            animals: [
                "rooster", "cow", "sheep", "pig", "hen", "goat", "horse", "donkey", "dog", "turkey", "bull",
                "sheep_lamb", "cow_white", "pig_golden", "pig_golden2",
            ],
            sessionsDone: 3, points: 40),
        SafariScene(
            id: "forest", title: "Forest",
            animals: [
                "owl", "blackbird", "crow", "cuckoo", "lark", "fox", "deer", "doe", "bear", "squirrel", "mouse",
                "rabbit", "badger", "bee", "hornet", "xanthia", "ferret", "wombat", "koala",
            ],
            sessionsDone: 6, points: 100),
        SafariScene(
            id: "coast", title: "Coast",
            animals: ["seagull", "sea_lion", "penguin", "dolphin", "whale", "orca"],
            sessionsDone: 10, points: 200),
        SafariScene(
            id: "savannah", title: "Savannah",
            animals: [
                "lion", "elephant", "zebra", "giraffe", "hippopotamus", "vulture", "tiger", "chimp", "gorilla",
                "camel", "dromedary", "nandou", "bison", "caribou", "mountaingoat", "ram", "iguana", "tucan",
                "quetzal",
            ],
            sessionsDone: 14, points: 300),
    ]

    /// The scene named `id`, or nil.
    public static func named(_ id: String) -> SafariScene? { all.first { $0.id == id } }

    /// Whether a patient with `sessionsDone` plan sessions and `points` has opened this scene.
    public func isOpen(sessionsDone done: Int, points earned: Int) -> Bool {
        done >= sessionsDone && earned >= points
    }

    /// The scenes open for that progress, in order (the first is always open).
    public static func open(sessionsDone: Int, points: Int) -> [SafariScene] {
        all.filter { $0.isOpen(sessionsDone: sessionsDone, points: points) }
    }

    /// The next scene to reach, or nil once all are open.
    public static func next(sessionsDone: Int, points: Int) -> SafariScene? {
        all.first { !$0.isOpen(sessionsDone: sessionsDone, points: points) }
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
