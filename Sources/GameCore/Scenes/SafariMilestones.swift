// When each safari scene opens over one training plan: sessions done and points, scaled to the plan's length.

/// The milestones of one plan. A scene opens after its share of the plan's sessions *and* its share of points:
///
/// - **Sessions**: the scenes are spread evenly over the plan, scene k (of n) after round(k · total / n) done
///   sessions, at least k (so two never open at once): a plan of 10 sessions three a week (the example plan,
///   about 3½ weeks) opens the farm after 2, forest after 4, coast after 6, savannah after 8, so the last scene
///   still has two sessions; a plan of 20 opens them after 4, 8, 12 and 16. A session counts when its minutes were
///   played or all its targets logged (`SessionRecord.countsAsDone`), so the calendar paces the opening (a plan
///   session cannot be started before its day), never a burst of sessions on one day.
/// - **Points**: 4 points for every photo of one pass of the plan's rounds, per session needed. 4 a photo is
///   what pressing at random earns at the widest hit zone (±45°, a hit one press in four: 0.25 · 10 + 0.75 · 2);
///   a patient near the staircase's 70.7 % hits earns about 7.7 a photo, and a session of repeated passes many
///   more. So the points hold back only a patient who skipped most animals (a skip earns nothing) or pressed
///   without listening, and then only until they take the photos; they never outrun the sessions (fixed thresholds could not: a 12-minute
///   session of repeated passes earns ~2,000 points, a 12-photo one under 200).
public struct SafariMilestones: Sendable, Equatable {
    /// The plan's sessions in all (`total_sessions`).
    public let totalSessions: Int
    /// Photos of one pass of the plan's rounds: Σ repetitions × targets over its conditions.
    public let photosPerPass: Int

    /// Points asked per photo of one pass per session (see above).
    public static let pointsPerPhoto = 4

    public init(totalSessions: Int, photosPerPass: Int) {
        self.totalSessions = max(1, totalSessions)
        self.photosPerPass = max(1, photosPerPass)
    }

    /// Plan sessions done before `scene` opens.
    public func sessions(for scene: SafariScene) -> Int {
        let step = scene.order
        guard step > 0 else { return 0 }
        let share = (Double(step * totalSessions) / Double(SafariScene.all.count)).rounded()
        return max(step, Int(share))
    }

    /// Points earned over the plan before `scene` opens.
    public func points(for scene: SafariScene) -> Int {
        sessions(for: scene) * photosPerPass * Self.pointsPerPhoto
    }

    /// Whether a patient with `sessionsDone` plan sessions and `points` has opened `scene`.
    public func isOpen(_ scene: SafariScene, sessionsDone: Int, points earned: Int) -> Bool {
        sessionsDone >= sessions(for: scene) && earned >= points(for: scene)
    }

    /// The scenes open for that progress, in order (the first is always open).
    public func open(sessionsDone: Int, points: Int) -> [SafariScene] {
        SafariScene.all.filter { isOpen($0, sessionsDone: sessionsDone, points: points) }
    }

    /// The next scene to reach, or nil once all are open.
    public func next(sessionsDone: Int, points: Int) -> SafariScene? {
        SafariScene.all.first { !isOpen($0, sessionsDone: sessionsDone, points: points) }
    }
}
