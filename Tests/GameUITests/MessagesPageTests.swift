// The Messages screen as a state machine: typing on "Your message", the 2,000-character limit, sending, stepping back.
import Foundation
import StudyRecords
import Testing

@testable import GameUI

@Suite struct MessagesPageTests {
    static func row(_ id: String, _ sender: MessageRow.Sender, minutes: Double) -> MessageRow {
        MessageRow(
            participant: "P07", messageID: id, sender: sender, role: sender == .team ? "supervisor" : "",
            text: "text of \(id)", writtenAt: Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60),
            recordedAt: Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60))
    }

    @Test func everyPrintableKeyIsTextOnYourMessageAndEnterGoesToSend() {
        var page = MessagesPage(conversation: [])
        #expect(page.takesTyping, "the screen opens ready for typing")
        for typed in ["H", "i", " ", "p", "r", "m", "?"] { #expect(page.handle(.text(typed)) == .none) }
        #expect(page.handle(.backspace) == .none)
        #expect(page.draft == "Hi prm" && page.count == "6 / 2000")
        #expect(page.handle(.activate) == .none && !page.takesTyping)
        #expect(page.handle(.activate) == .send("Hi prm"))
        page.sent([Self.row("M1", .patient, minutes: 0)])
        #expect(page.draft.isEmpty && page.shown.count == 1 && page.takesTyping)
        #expect(page.handle(.back) == .close)
    }

    @Test func aDraftStopsAt2000CharactersAndAnEmptyOneIsNotSent() {
        var page = MessagesPage(conversation: [])
        _ = page.handle(.text(String(repeating: "a", count: 1990)))
        _ = page.handle(.text(String(repeating: "b", count: 20)))
        #expect(page.draft.count == MessageRow.maximumCharacters && page.message != nil)
        var empty = MessagesPage(conversation: [])
        _ = empty.handle(.text("   "))
        _ = empty.handle(.activate)
        #expect(empty.handle(.activate) == .none && empty.takesTyping && empty.message != nil)
    }

    @Test func earlierMessagesStepBackOneAtATimeThenToTheNewestAgain() {
        var page = MessagesPage(conversation: [
            Self.row("T1", .team, minutes: 5), Self.row("M1", .patient, minutes: 0),
            Self.row("M2", .patient, minutes: 9),
        ])
        #expect(page.shown.map(\.messageID) == ["M1", "T1", "M2"], "by when each was written")
        _ = page.handle(.down)
        _ = page.handle(.down)
        #expect(page.handle(.activate) == .none)
        #expect(page.shown.map(\.messageID) == ["M1", "T1"])
        _ = page.handle(.activate)
        _ = page.handle(.activate)
        #expect(page.shown.count == 3, "from the first back to the newest")
    }
}
