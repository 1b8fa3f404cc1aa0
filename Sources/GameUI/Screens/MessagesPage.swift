// "Messages to my study team" in the window as a pure state machine: the conversation, the draft, the menu rows.
import Foundation
import Localization
import StudyRecords

/// The patient's conversation with their study team (messages.csv): their own messages and the team's answers
/// (which `soundsafari sync` writes), newest at the bottom, and a message being written. The "Your message" row
/// takes typing (every printable key is text there, as on the diary's fields); "Send" stores it, "Earlier
/// messages" steps back through a long conversation, "Back to the menu" (or Esc, gamepad B) leaves. Every row
/// works with ↑ ↓ Enter, a click and a gamepad, as the other menus.
struct MessagesPage: Equatable, Sendable {
    /// What the app must do after a command.
    enum Outcome: Equatable, Sendable {
        case none
        /// Back to the main menu.
        case close
        /// Store this text as the patient's next message.
        case send(String)
    }

    private(set) var conversation: [MessageRow]
    private(set) var menu: MenuModel
    /// What is typed so far (at most `MessageRow.maximumCharacters`).
    private(set) var draft = ""
    /// How many of the conversation's messages show, counted from the first: the newest ones show unless the
    /// patient stepped back with "Earlier messages".
    private(set) var end: Int
    /// The last problem or confirmation, shown under the draft.
    private(set) var message: String?
    /// Whether `message` is a problem (said as a warning) rather than the confirmation of a message sent.
    private(set) var messageIsProblem = false

    init(conversation: [MessageRow]) {
        self.conversation = Conversation.ordered(conversation)
        end = self.conversation.count
        menu = Self.menu(canGoBack: self.conversation.count > 1, atNewest: true, focus: "write")
    }

    /// The conversation as it now stands (after a message was stored): the newest shows, the draft is empty.
    mutating func sent(_ rows: [MessageRow]) {
        conversation = Conversation.ordered(rows)
        end = conversation.count
        draft = ""
        messageIsProblem = false
        message = Translation.gettext(
            "Sent. Your study team reads it after the next sync; their answer appears here after a later one.")
        menu = Self.menu(canGoBack: conversation.count > 1, atNewest: true, focus: "write")
    }

    var title: String { Translation.gettext("Messages to my study team") }

    var subtitle: String {
        conversation.isEmpty
            ? Translation.gettext(
                "No messages yet. Write to your study team: a question, or how the training goes. They answer here.")
            : Translation.gettext("Your messages and your study team's answers, the newest at the bottom.")
    }

    var footer: String {
        Translation.gettext(
            "↑ ↓ choose · type on “Your message” · Enter or click: press it · Esc or gamepad B: back to the menu · Gamepad: d-pad, A"
        )
    }

    /// Whether typed text goes to the draft.
    var takesTyping: Bool { menu.focusedItem?.id == "write" }

    /// The draft's length against the most, as the box under it says: "12 / 2000".
    var count: String { "\(draft.count) / \(MessageRow.maximumCharacters)" }

    mutating func handle(_ command: UICommand) -> Outcome {
        if command == .back { return .close }
        if takesTyping {
            switch command {
            case .text(let typed):
                let room = MessageRow.maximumCharacters - draft.count
                if typed.count > room {
                    messageIsProblem = true
                    message = Translation.gettext(
                        "A message holds at most {count} characters: send this one, then write another.",
                        ["count": String(MessageRow.maximumCharacters)])
                }
                draft += typed.prefix(max(0, room))
                return .none
            case .backspace:
                if !draft.isEmpty { draft.removeLast() }
                message = nil
                return .none
            case .activate:
                menu.focus(on: "send")
                return .none
            default:
                break
            }
        }
        switch menu.handle(command) {
        case .activated("send"):
            if draft.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                messageIsProblem = true
                message = Translation.gettext("Write your message on “Your message” first, then choose “Send”.")
                menu.focus(on: "write")
                return .none
            }
            return .send(draft)
        case .activated("earlier"):
            // One message further back each time; from the first, back to the newest.
            end = end > 1 ? end - 1 : conversation.count
            menu = Self.menu(canGoBack: conversation.count > 1, atNewest: end == conversation.count, focus: "earlier")
        case .activated("back"):
            return .close
        default:
            break
        }
        return .none
    }

    /// A problem the log gave (a text it refuses), said under the draft; the draft stays.
    mutating func refused(_ problem: String) {
        messageIsProblem = true
        message = problem
    }

    /// Focuses the row the pointer is over (the menus' hover).
    mutating func focus(on id: String) { menu.focus(on: id) }

    /// The messages that may show, oldest first (the screen draws as many of the last ones as fit).
    var shown: ArraySlice<MessageRow> { conversation[..<end] }

    /// Who wrote a message and when, as its heading says: "You · 2026-11-28 14:03", "Study team (supervisor) · …".
    static func heading(_ row: MessageRow) -> String {
        let when = time(row.writtenAt)
        switch row.sender {
        case .patient: return Translation.gettext("You · {when}", ["when": when])
        case .team:
            return Translation.gettext(
                "Study team ({role}) · {when}", ["role": role(row.role), "when": when])
        }
    }

    /// An answerer's role in the patient's language (the file keeps the server's word).
    static func role(_ role: String) -> String {
        switch role {
        case "supervisor": Translation.gettext("supervisor")
        case "admin": Translation.gettext("administrator")
        default: role
        }
    }

    /// A day and time on the patient's clock, in their language's form.
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = .current
        switch Translation.language {
        case .german:
            formatter.locale = Locale(identifier: "de_DE")
            formatter.dateFormat = "dd.MM.yyyy HH:mm"
        default:
            formatter.locale = Locale(identifier: "en_GB")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
        }
        return formatter.string(from: date)
    }

    private static func menu(canGoBack: Bool, atNewest: Bool, focus: String) -> MenuModel {
        var menu = MenuModel(
            [
                .button("write", Translation.gettext("Your message (type here)")),
                .button("send", Translation.gettext("Send")),
                .button(
                    "earlier",
                    atNewest
                        ? Translation.gettext("Earlier messages")
                        : Translation.gettext("Earlier messages (or the newest again)")),
                .button("back", Translation.gettext("Back to the menu")),
            ], focus: focus)
        menu.setEnabled("earlier", canGoBack)
        return menu
    }
}
