// One choice of an HRTF by ear: the tournament, its log (hrtf-choice.csv) and the winner as a profile version.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords

/// The choice both `soundsafari hrtf choose` and the window's "Find my sound" run: it asks the tournament's
/// current pair, records each answer as a row of the participant's owner-only `hrtf-choice.csv` the moment it is
/// given, and at the end appends the winner to `profile.json` as a new version (source `choice`), which every
/// session from the next one on uses unless `--hrtf` names another set.
package final class HRTFChoiceRun {
    package let participant: ParticipantID
    package let candidates: [ShippedHRTFs.Candidate]
    package let responder: String
    package private(set) var tournament: HRTFTournament
    /// When the choice started: every row of this choice carries it as `choice_id`.
    package let choiceID: String
    private let logs: URL
    private let log: RecordLog<HRTFChoiceRow>

    /// Throws `HRTFChoiceForbidden` for a participant of a study whose protocol fixes the set (`hrtf_choice`
    /// false), `HRTFTournamentError.tooFewCandidates` (nothing written) for fewer than two candidates, and the
    /// profile's own sentence when profile.json is broken (checked before any comparison is heard).
    package init(
        participant: ParticipantID, logs: URL, candidates: [ShippedHRTFs.Candidate], seed: UInt64,
        responder: String, startedAt: Date
    ) throws {
        if let study = PastSession.all(logs: logs, participant: participant).last(where: \.forbidsHRTFChoice) {
            throw HRTFChoiceForbidden(participant: participant.value, protocolName: study.protocolName)
        }
        tournament = try HRTFTournament(candidateCount: candidates.count, seed: seed)
        _ = try HearingProfile.load(logs: logs, participant: participant.value)
        self.participant = participant
        self.candidates = candidates
        self.responder = responder
        self.logs = logs
        choiceID = Timestamp.format(startedAt)
        log = RecordLog(logs: logs, participant: participant, name: LogFileNames.hrtfChoice)
    }

    package var location: URL { log.url }

    /// The pair to play now (A first, then B); nil once the choice is over.
    package var current: (a: ShippedHRTFs.Candidate, b: ShippedHRTFs.Candidate)? {
        tournament.current.map { (candidates[$0.a], candidates[$0.b]) }
    }

    /// Applies the listener's answer: "hear again" replays the pair; any other answer is written as a row
    /// first (so a crash never loses an answer the tournament already used), then moves on.
    package func answer(_ answer: TournamentAnswer, secondsToAnswer: Double?, at date: Date) throws {
        guard let pairing = tournament.current else { return }
        if answer != .hearAgain {
            let row = HRTFChoiceRow(
                participant: participant.value, choiceID: choiceID, comparison: pairing.number, round: pairing.round,
                set1: candidates[pairing.first].name, set2: candidates[pairing.second].name,
                set1SHA256: candidates[pairing.first].sha256, set2SHA256: candidates[pairing.second].sha256,
                order: pairing.firstPlaysA ? "1-2" : "2-1", directions: HRTFComparisonSequence.loggedDirections,
                answer: answer == .a ? .a : answer == .b ? .b : .noDifference,
                preferred: answer == .a
                    ? candidates[pairing.a].name : answer == .b ? candidates[pairing.b].name : "",
                hearAgain: tournament.hearAgainCount, answerSeconds: secondsToAnswer, answeredAt: date,
                responder: responder)
            try append(row)
        }
        tournament.answer(answer)
    }

    /// Appends `row` once it passes the check the study server makes of a synced row, so no file holds a row a
    /// sync would be refused for.
    private func append(_ row: HRTFChoiceRow) throws {
        if let (column, reason) = row.problem(inFileOf: participant.value) {
            throw HRTFChoiceRowError(column: column, reason: reason)
        }
        try log.append { _ in [row] }
    }

    /// The standings as a table a person reads: rank, set, points, wins/draws/losses.
    package var table: [String] {
        tournament.standings().enumerated().map { rank, standing in
            String(
                format: "%d. %@  %g points (%d preferred, %d no difference, %d not preferred)", rank + 1,
                candidates[standing.candidate].name, standing.score, standing.wins, standing.draws, standing.losses)
        }
    }

    /// After the last comparison: writes the `winner` row and appends the winner to profile.json as a new
    /// version (source `choice`, the rest of the newest version kept). Returns the winner and the version.
    package func finish(at date: Date) throws -> (winner: ShippedHRTFs.Candidate, profileVersion: Int) {
        guard let index = tournament.winner else { throw HRTFChoiceUnfinishedError() }
        let winner = candidates[index]
        let row = HRTFChoiceRow(
            participant: participant.value, choiceID: choiceID, comparison: tournament.outcomes.count + 1,
            round: tournament.round, set1: winner.name, set2: "", set1SHA256: winner.sha256, set2SHA256: "",
            order: "", directions: "", answer: .winner, preferred: winner.name, hearAgain: 0, answerSeconds: nil,
            answeredAt: date, responder: responder)
        try append(row)
        var next =
            try HearingProfile.load(logs: logs, participant: participant.value)
            ?? HearingProfile(participant: participant.value)
        next.source = "choice"
        next.hrtf = ChosenHRTF(name: winner.name, sha256: winner.sha256)
        let written = try HearingProfile.append(next, logs: logs, at: date)
        return (winner, written.version)
    }
}

/// `finish` before the tournament ended: a programming error reported as a sentence, never a crash.
package struct HRTFChoiceUnfinishedError: Error, CustomStringConvertible {
    package var description: String { "The HRTF choice was ended before a winner was clear; nothing was changed." }
}
