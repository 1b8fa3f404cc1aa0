// What a session is asked to play, as `simulate`, `play` and `study` collect it from flags or the menu.
import Foundation
import GameCore

/// Where a session's rounds come from: a built-in mode or a protocol file.
package enum SessionSource: Sendable, Equatable {
    /// `--mode one-target --rounds 5`
    case mode(LevelKind, rounds: Int)
    /// `--protocol FILE`
    case protocolFile(URL)
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
    /// Ask the tinnitus questionnaire before and after the rounds even when the protocol does not
    /// (a session-level switch: `train` turns it on, `simulate --answer-ratings` too).
    package var ratings: Bool

    package init(
        source: SessionSource, participant: String, seed: UInt64? = nil, resume: Bool = false,
        input: InputDevice, ratings: Bool = false
    ) {
        self.source = source
        self.participant = participant
        self.seed = seed
        self.resume = resume
        self.input = input
        self.ratings = ratings
    }
}
