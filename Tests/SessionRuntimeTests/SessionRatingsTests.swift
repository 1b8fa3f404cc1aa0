// The session's questionnaire in the runtime: the switch, the bot's answers and their order around the rounds.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import SessionRuntime
@testable import StudyKit

struct SessionRatingsTests {
    @Test("the session-level switch asks before and after; the bot's answers lie around the rounds")
    func switchOnAsksAroundTheRounds() throws {
        let store = MemoryStore()
        let request = SessionRequest(
            source: .mode(.oneTarget, rounds: 2), participant: "RB01", seed: 9, input: .bot("ideal"), ratings: true)
        let outcome = try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        #expect(outcome.completed)
        let rows = store.logs[0].answers.rows
        #expect(rows.filter { $0.moment == .before }.map(\.item) == RatingItem.asked(at: .before).map(\.id))
        #expect(rows.filter { $0.moment == .after }.map(\.item) == RatingItem.all.map(\.id))
        let firstOnset = try #require(outcome.trials.first?.onsetAt)
        let lastShot = try #require(outcome.trials.last?.shotAt)
        #expect(rows.filter { $0.moment == .before }.allSatisfy { $0.answeredAt <= firstOnset })
        #expect(rows.filter { $0.moment == .after }.allSatisfy { $0.answeredAt >= lastShot })
        #expect(rows.allSatisfy { row in row.value.map { RatingItem.named(row.item)!.accepts($0) } ?? true })
        #expect(rows.allSatisfy { $0.ambientLevel == nil }, "a simulated session has no microphone: no level")
    }

    @Test("without the switch or the protocol field nothing is asked")
    func switchOffAsksNothing() throws {
        let store = MemoryStore()
        let request = SessionRequest(
            source: .mode(.oneTarget, rounds: 1), participant: "RB02", seed: 9, input: .bot("ideal"))
        _ = try Simulation(request: request, store: store, bot: .ideal, pictures: RecordingPictures()).run()
        #expect(store.logs[0].answers.rows.isEmpty)
    }

    @Test("the bot is seeded per participant and session, and a value outside an item's range is refused")
    func botAndRangeCheck() throws {
        var a = QuestionnaireBot(ratingsOf: "P01", seed: 3)
        var b = QuestionnaireBot(ratingsOf: "P01", seed: 3)
        let first = a.answers(for: RatingItem.all, moment: .before).map(\.1)
        #expect(first == b.answers(for: RatingItem.all, moment: .before).map(\.1))
        var other = QuestionnaireBot(ratingsOf: "P01", seed: 4)
        #expect(first != other.answers(for: RatingItem.all, moment: .before).map(\.1))
        let sink = MemoryStore.MemoryRatings()
        let ratings = SessionRatings(
            sink: sink, context: RatingContext(participant: "P01", sessionID: "s1", sessionIndex: 1))
        #expect(throws: RatingValueError.self) {
            try ratings.record(RatingItem.named("mood")!, value: 10, moment: .before, at: Date())
        }
        try ratings.record(RatingItem.named("mood")!, value: nil, moment: .before, at: Date())
        #expect(sink.rows.count == 1 && sink.rows[0].skipped)
        #expect(
            try ratings.remaining(.before).map(\.id) == RatingItem.asked(at: .before).map(\.id).filter { $0 != "mood" })
    }
}
