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
                ("tinnitus_loudness", 0.4, at, "after", false),
                ("tinnitus_distress", nil, at.addingTimeInterval(60), "after", true),
                // Eleven minutes after the first of the group: an answering of its own.
                ("tinnitus_loudness", 0.5, at.addingTimeInterval(660), "after", false),
                ("tinnitus_loudness", 0.25, at.addingTimeInterval(700), "before", false),
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
}
