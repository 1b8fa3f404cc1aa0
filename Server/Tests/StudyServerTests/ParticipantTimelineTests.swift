// A participant's timeline from rows alone, no database: answerings grouped, newest first, links only where a page is.
import Foundation
import StudyRecords
import Testing

@testable import StudyServer

@Suite struct ParticipantTimelineTests {
    @Test func ratingsAnsweredTogetherAreOneEntryAndTheNewestComesFirst() {
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let rows = ParticipantPageRows(
            sessions: [],
            ratings: [
                .init(item: "tinnitus_loudness", value: 0.4, answeredAt: at, moment: "after", skipped: false),
                .init(
                    item: "tinnitus_distress", value: nil, answeredAt: at.addingTimeInterval(60), moment: "after",
                    skipped: true),
                // Eleven minutes after the first of the group: an answering of its own.
                .init(
                    item: "tinnitus_loudness", value: 0.5, answeredAt: at.addingTimeInterval(660), moment: "after",
                    skipped: false),
                .init(
                    item: "tinnitus_loudness", value: 0.25, answeredAt: at.addingTimeInterval(700), moment: "before",
                    skipped: false),
            ],
            profiles: [], prescriptions: [],
            plans: [(7, at.addingTimeInterval(-86_400), "sup-a", "not a plan")],
            record: (questionnaires: [], diary: []), plan: nil, entries: [], doses: [])
        let timeline = ParticipantTimeline(site: "A", rows: rows)
        #expect(
            timeline.entries == [
                .init(at.addingTimeInterval(700), "rating", "Ratings (before)", "tinnitus_loudness 0.25", ""),
                .init(at.addingTimeInterval(660), "rating", "Ratings (after)", "tinnitus_loudness 0.50", ""),
                .init(at, "rating", "Ratings (after)", "tinnitus_loudness 0.40, tinnitus_distress skipped", ""),
                .init(
                    at.addingTimeInterval(-86_400), "prescription",
                    "Training plan prescribed (prescription 7) by sup-a",
                    "plan", ""),
            ])
        #expect(ParticipantTimeline(site: "A", rows: rows) == timeline, "the same rows, the same timeline")
    }

    /// The ratings of a session are one entry per moment, linking the session, however far apart they were answered
    /// (they were grouped by time: one answered 30 minutes later was an entry of its own, and two sessions' ratings
    /// within ten minutes were one); ratings outside a session are still grouped by time.
    @Test func ratingsAreGroupedByTheSessionTheyBelongTo() {
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        func rating(_ item: String, _ minutes: Double, _ moment: String, _ session: String?, _ index: Int?)
            -> StudyDatabase.ParticipantRating
        {
            .init(
                item: item, value: 0.5, answeredAt: at.addingTimeInterval(minutes * 60), moment: moment,
                skipped: false, session: session, sessionIndex: index)
        }
        let (two, three) = ("20261126T014050Z-aa02", "20261126T015050Z-aa03")
        let rows = ParticipantPageRows(
            sessions: [],
            ratings: [
                rating("tinnitus_loudness", 0, "before", two, 2),
                rating("tinnitus_loudness", 20, "after", two, 2),
                // Half an hour after the first: still session 2's answering.
                rating("tinnitus_distress", 50, "after", two, 2),
                // Three minutes later, but session 3's (its session.json not synced yet: no number).
                rating("tinnitus_loudness", 53, "before", three, nil),
                rating("tinnitus_loudness", 55, "weekly", nil, nil),
                rating("tinnitus_distress", 56, "weekly", nil, nil),
            ],
            profiles: [], prescriptions: [], plans: [], record: (questionnaires: [], diary: []), plan: nil,
            entries: [], doses: [])
        let entries = ParticipantTimeline(site: "A", rows: rows).entries
        #expect(
            entries == [
                .init(
                    at.addingTimeInterval(55 * 60), "rating", "Ratings (weekly)",
                    "tinnitus_loudness 0.50, tinnitus_distress 0.50", ""),
                .init(
                    at.addingTimeInterval(53 * 60), "rating", "Ratings before session ?", "tinnitus_loudness 0.50",
                    "/sites/A/sessions/\(three)"),
                .init(
                    at.addingTimeInterval(20 * 60), "rating", "Ratings after session 2",
                    "tinnitus_loudness 0.50, tinnitus_distress 0.50", "/sites/A/sessions/\(two)"),
                .init(at, "rating", "Ratings before session 2", "tinnitus_loudness 0.50", "/sites/A/sessions/\(two)"),
            ], "\(entries)")
    }
}
