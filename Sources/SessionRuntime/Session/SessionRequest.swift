// What a session is asked to play, as `simulate`, `play` and `study` collect it from flags or the menu.
import Foundation
import GameCore
import StudyKit
import StudyRecords

/// Where a session's rounds come from: a built-in mode or a protocol file.
package enum SessionSource: Sendable, Equatable {
    /// `--mode one-target --rounds 5`
    case mode(LevelKind, rounds: Int)
    /// `--protocol FILE`
    case protocolFile(URL)
    /// Session `session` (1-based) of the participant's assigned training plan (`train`, `simulate --plan`).
    case trainingPlan(AssignedPlan, session: Int)
    /// A protocol the program makes itself (the check after an HRTF choice, `HRTFCheck`).
    case builtInProtocol(StudyProtocol)
}

/// Everything the session driver needs from the command line or the menu.
package struct SessionRequest: Sendable {
    var source: SessionSource
    /// The pseudonymous participant ID (checked by StudyKit's `ParticipantID`).
    var participant: String
    /// The session seed; nil draws one (recorded in session.json). A protocol's own seed wins.
    var seed: UInt64?
    /// Continue the participant's latest incomplete session instead of starting a new one.
    var resume: Bool
    /// The device logged in the `input` column.
    var input: InputDevice
    /// A training session's staircase, as the plan's logged sessions left it (`TrainingHistory`); required
    /// with a `.trainingPlan` source and when resuming a training session.
    var staircase: Staircase?
    /// A resumed training session's half-played round, when the staircase responds per round.
    var openRound: TrainingHistory.OpenRound?
    /// A resumed training session's logged photos and skips, in order: its points and run of hits go on from them.
    var earlierPhotos: [TrainingHistory.LoggedPhoto] = []
    /// The `session_index` the session was prepared for (a plan session: which session is due and the
    /// staircase were read from the sessions before it). Another session started meanwhile changes it, and the
    /// start is refused under the participant's start lock instead of playing one plan session twice.
    var expectedSessionIndex: Int?
    /// A new training session's safari scene (issue 42): its recorded animals become the rounds' targets. nil
    /// plays the protocol's own targets (a study, a built-in mode, a resumed session, which keeps its rounds).
    package var safari: SafariVisit?
    /// Ask the tinnitus questionnaire before and after the rounds even when the protocol does not
    /// (a session-level switch: `train` turns it on, `simulate --answer-ratings` too).
    package var ratings: Bool

    package init(
        source: SessionSource, participant: String, seed: UInt64? = nil, resume: Bool = false,
        input: InputDevice, staircase: Staircase? = nil, ratings: Bool = false
    ) {
        self.source = source
        self.participant = participant
        self.seed = seed
        self.resume = resume
        self.input = input
        self.staircase = staircase
        self.ratings = ratings
    }
}
