// What a result screen (and the result picture) shows: the round's targets, its photos so far, the aim.

/// A result to show: after a photo (intermediate or end of round) or when a search is interrupted.
public struct RoundResult: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// A target photographed, more to go in this round.
        case intermediate
        /// The last target of the round photographed.
        case roundEnd
        /// The search was paused; nothing new was photographed.
        case interrupted
    }

    /// One target as the picture draws it.
    public struct Target: Sendable, Equatable {
        public let sound: String
        public let displayName: String
        public let bearing: Bearing
        /// 1-based order of photographing.
        public let index: Int
        public let photographed: Bool
    }

    public let kind: Kind
    public let plan: RoundPlan
    public let targets: [Target]
    /// This round's photos in this run of the session (a resumed round lacks the ones from before).
    public let photos: [TrialResult]
    /// The heading the picture is centred on: the photo's aim, or the heading when paused.
    public let aim: Bearing
    /// Seconds searched for the current target when interrupted; nil otherwise.
    public let searchedSeconds: Double?

    /// A training photo's verdict, judged by the plan (nil outside training): the result picture draws the
    /// hit zone and says hit or missed, so the picture and the words beside it agree.
    public struct Verdict: Sendable, Equatable {
        public let hit: Bool
        /// The hit zone the photo was judged against (± degrees around the aim); nil when the plan adapts
        /// something else and the zone is fixed.
        public let hitZoneDeg: Double?

        public init(hit: Bool, hitZoneDeg: Double?) {
            self.hit = hit
            self.hitZoneDeg = hitZoneDeg
        }
    }

    /// Set by the session driver for training photos.
    public var verdict: Verdict?
    /// The safari scene the round was played in (`SafariScene.id`), set by the session driver; the result picture
    /// draws its landscape. nil: no scene (the pond's meadow is drawn).
    public var scene: String?

    public var round: Int { plan.round }
    /// The photo this result is about (the last one), if any.
    public var latestPhoto: TrialResult? { kind == .interrupted ? nil : photos.last }
}
