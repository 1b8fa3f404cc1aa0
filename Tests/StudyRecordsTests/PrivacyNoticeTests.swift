// The privacy notice the game's About and the dashboard's /about share: true to what sync sends.
import Localization
import Testing

@testable import StudyRecords

struct PrivacyNoticeTests {
    /// Every kind of file a machine sends has its sentence in "What is sent", each once, and nothing else is listed:
    /// a new kind in `SyncPath.kinds` without a sentence fails here.
    @Test func whatIsSentNamesEveryKindOfFileSyncSendsAndNothingElse() throws {
        for kind in SyncPath.kinds {
            #expect(PrivacyNotice.sent(kind: kind, .english) != nil, "no sentence for the synced kind \(kind)")
        }
        #expect(PrivacyNotice.sent(kind: "display", .english) == nil)
        let sections = PrivacyNotice.sections(.english)
        #expect(
            sections.map(\.heading) == [
                "What is stored, and where", "What is sent to the study's server", "What is never sent",
            ])
        let sent = try #require(sections.first { $0.heading == "What is sent to the study's server" })
        #expect(sent.items == SyncPath.kinds.compactMap { PrivacyNotice.sent(kind: $0, .english) })
        #expect(sent.items.count == SyncPath.kinds.count && Set(sent.items).count == sent.items.count, "each once")
        // The files the never-sent section names are not synced kinds (display.json); the choice by ear is sent.
        #expect(!SyncPath.kinds.contains("display"))
        #expect(SyncPath.kinds.contains("hrtf-choice"))
        #expect(sections.flatMap(\.lines).contains { $0.contains("never recorded") })
    }
}
