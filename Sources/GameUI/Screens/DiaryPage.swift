// "My diary" in the window as a pure state machine: the list of entries, the add form, the removal question.
import Foundation
import Localization
import StudyRecords

/// The patient's diary of tinnitus events and therapies (diary.csv), readable and editable without a terminal:
/// a list with one row per entry, "Add an event or therapy" (a form of menu rows: kind, type, name, day, last day,
/// note), and a question before an entry is removed (a tombstone row; nothing is deleted). Every row works with
/// ↑ ↓ ← → Enter, a click and a gamepad, as the other menus; Esc (gamepad B) goes back one step.
struct DiaryPage: Equatable, Sendable {
    enum Mode: Equatable, Sendable {
        case list
        case adding
        /// Asking whether to remove this entry.
        case removing(DiaryRow)
        /// The month view of the diary and the sessions played (`DiaryCalendar`); its month is the menu's choice.
        case calendar
    }

    /// What the app must do after a command.
    enum Outcome: Equatable, Sendable {
        case none
        /// Back to the main menu.
        case close
        /// Append this new entry (its id and times are the log's).
        case add(Draft)
        /// Append a tombstone for this entry id.
        case remove(String)
    }

    /// An entry as the form has it.
    struct Draft: Equatable, Sendable {
        var kind: DiaryRow.Kind
        var type: String
        var name: String
        var date: String
        var endDate: String
        var note: String
    }

    private(set) var entries: [DiaryRow]
    /// The day (`YYYY-MM-DD`, the patient's own) of each session played, for the calendar.
    let sessionDays: [String]
    private(set) var mode: Mode = .list
    private(set) var menu: MenuModel
    /// The last problem (an entry the log refused, a missing name), shown under the rows.
    var message: String?
    private let today: Date

    init(entries: [DiaryRow], today: Date = Date(), sessionDays: [String] = []) {
        self.entries = entries
        self.today = today
        self.sessionDays = sessionDays
        menu = Self.listMenu(entries)
    }

    /// The diary as it now stands (after an add or a removal was stored): back to the list.
    mutating func reload(_ entries: [DiaryRow], focus: String? = nil) {
        self.entries = entries
        mode = .list
        message = nil
        menu = Self.listMenu(entries, focus: focus)
    }

    var title: String {
        switch mode {
        case .list: Translation.gettext("My diary")
        case .adding: Translation.gettext("Add to my diary")
        case .removing: Translation.gettext("Remove this entry?")
        case .calendar: Translation.gettext("My diary: calendar")
        }
    }

    var subtitle: String {
        switch mode {
        case .list:
            entries.isEmpty
                ? Translation.gettext(
                    "Nothing noted yet. Note what may matter for your tinnitus: an event, or a therapy you begin.")
                : Translation.gettext("What happened, and the therapies you had: they show on your progress chart.")
        case .adding:
            Translation.gettext("Choose with ← →, type the name and note; the day is written like 2026-11-26.")
        case .removing(let entry): Self.line(entry)
        case .calendar:
            Translation.gettext("● sessions played · ▲ events · ▬ therapies")
        }
    }

    var footer: String {
        switch mode {
        case .list:
            Translation.gettext(
                "↑ ↓ choose · Enter or click: press it (on an entry: remove it?) · Esc or gamepad B: back to the menu · Gamepad: d-pad, A"
            )
        case .adding:
            Translation.gettext(
                "↑ ↓ choose · ← → change · type on the name, day and note rows · Enter: next · Esc: cancel")
        case .removing: Translation.gettext("Enter or click: choose · Esc or gamepad B: keep it · Gamepad: d-pad, A")
        case .calendar:
            Translation.gettext(
                "← → or click ◀ ▶: another month · Enter or click: press it · Esc or gamepad B: back to the diary · Gamepad: d-pad, A"
            )
        }
    }

    /// Whether typed text goes to the focused row.
    var takesTyping: Bool {
        guard mode == .adding, let item = menu.focusedItem else { return false }
        if case .text = item.kind { return true }
        return false
    }

    /// One line per entry: "2026-11-20 · concert (noise-exposure)", a therapy with its period.
    static func line(_ entry: DiaryRow) -> String {
        let values = [
            "day": entry.date, "last": entry.endDate, "name": entry.name, "type": DiaryWording.type(entry.type),
        ]
        guard entry.kind == .therapy else { return Translation.gettext("{day} · {name} ({type})", values) }
        return entry.endDate.isEmpty
            ? Translation.gettext("{day} to now · {name} ({type})", values)
            : Translation.gettext("{day} to {last} · {name} ({type})", values)
    }

    mutating func handle(_ command: UICommand) -> Outcome {
        switch mode {
        case .list:
            if command == .back { return .close }
            guard case .activated(let id) = menu.handle(command) else { return .none }
            if id == "back" { return .close }
            if id == "calendar" {
                openCalendar()
            } else if id == "add" {
                mode = .adding
                message = nil
                menu = addMenu(Draft(kind: .event, type: "", name: "", date: Self.day(today), endDate: "", note: ""))
            } else if let entry = entries.first(where: { $0.entryID == id }) {
                mode = .removing(entry)
                menu = MenuModel([
                    .button("keep", Translation.gettext("Keep it")),
                    .button("remove", Translation.gettext("Remove it from my diary")),
                ])
            }
            return .none
        case .adding:
            if command == .back {
                reload(entries, focus: "add")
                return .none
            }
            switch menu.handle(command) {
            case .changed("kind"):
                // The types differ between events and therapies; a last day belongs to a therapy only.
                var draft = self.draft
                draft.type = ""
                if draft.kind == .event { draft.endDate = "" }
                menu = addMenu(draft, focus: "kind")
            case .activated("cancel"):
                reload(entries, focus: "add")
            case .activated("save"):
                let draft = self.draft
                if draft.name.trimmingCharacters(in: .whitespaces).isEmpty {
                    message = Translation.gettext("Give the entry a name (a few words), then choose “Save”.")
                    menu.focus(on: "name")
                    return .none
                }
                return .add(draft)
            default:
                break
            }
            return .none
        case .calendar:
            if command == .back {
                reload(entries, focus: "calendar")
                return .none
            }
            // ← → change the month wherever the focus is: the footer says so.
            if command == .left || command == .right { menu.focus(on: "month") }
            if menu.handle(command) == .activated("back") { reload(entries, focus: "calendar") }
            return .none
        case .removing(let entry):
            if command == .back {
                reload(entries, focus: entry.entryID)
                return .none
            }
            switch menu.handle(command) {
            case .activated("keep"): reload(entries, focus: entry.entryID)
            case .activated("remove"): return .remove(entry.entryID)
            default: break
            }
            return .none
        }
    }

    /// The month the calendar shows (nil outside it).
    var calendarMonth: DiaryCalendar.Month? {
        guard mode == .calendar else { return nil }
        return DiaryCalendar.Month(text: menu.value("month"))
    }

    /// The calendar of `calendarMonth`, ongoing therapies running to today.
    var calendar: DiaryCalendar? {
        calendarMonth.map {
            DiaryCalendar(month: $0, entries: entries, sessionDays: sessionDays, today: Self.day(today))
        }
    }

    /// The calendar opens on this month; its choice runs from the month of the first entry or session, or a year back
    /// if that is later (at most ten years back), to two months after this one or a later entry's.
    private mutating func openCalendar() {
        let current = DiaryCalendar.Month(day: Self.day(today)) ?? DiaryCalendar.Month(year: 2026, month: 1)!
        let months = (entries.map(\.date) + entries.map(\.endDate) + sessionDays).compactMap {
            DiaryCalendar.Month(day: $0)
        }
        let tenYearsBack = DiaryCalendar.Month(year: max(1, current.year - 10), month: current.month) ?? current
        var yearBack = current
        for _ in 0..<11 { yearBack = yearBack.previous }
        var month = max(min(months.min() ?? current, yearBack), tenYearsBack)
        let last = max(months.max() ?? current, current.next.next)
        var options: [DiaryCalendar.Month] = []
        while month <= last && options.count < 240 {
            options.append(month)
            month = month.next
        }
        mode = .calendar
        message = nil
        menu = MenuModel(
            [
                .choice("month", Translation.gettext("Month"), options: options.map(\.text), selected: current.text)
                    .labelled(Dictionary(uniqueKeysWithValues: options.map { ($0.text, $0.title()) })),
                .button("back", Translation.gettext("Back to my diary")),
            ], focus: "month")
    }

    /// Focuses the row the pointer is over (the menus' hover).
    mutating func focus(on id: String) { menu.focus(on: id) }

    /// The add form as it stands.
    var draft: Draft {
        let kind = DiaryRow.Kind(rawValue: menu.value("kind")) ?? .event
        return Draft(
            kind: kind, type: menu.value("type"), name: menu.value("name"),
            date: menu.value("date").trimmingCharacters(in: .whitespaces),
            endDate: kind == .therapy ? menu.value("end").trimmingCharacters(in: .whitespaces) : "",
            note: menu.value("note"))
    }

    /// A sentence for the window from a diary row's problem (which names the command line's flags).
    static func windowWording(_ problem: String) -> String {
        let fields = [
            ("--end-date", Translation.gettext("the last day")), ("--date", Translation.gettext("the day")),
            ("--name", Translation.gettext("the name")), ("--type", Translation.gettext("the type")),
            ("--note", Translation.gettext("the note")),
        ]
        var text = problem
        for (flag, words) in fields { text = text.replacingOccurrences(of: flag, with: words) }
        if let first = text.first { text = first.uppercased() + text.dropFirst() }
        return text.hasSuffix(".") ? text : text + "."
    }

    private static func listMenu(_ entries: [DiaryRow], focus: String? = nil) -> MenuModel {
        MenuModel(
            entries.map { MenuItem.button($0.entryID, line($0)) }
                + [
                    .button("add", Translation.gettext("Add an event or therapy")),
                    .button("calendar", Translation.gettext("Calendar: my diary and sessions by month")),
                    .button("back", Translation.gettext("Back to the menu")),
                ],
            focus: focus ?? "add")
    }

    private func addMenu(_ draft: Draft, focus: String = "kind") -> MenuModel {
        let types = DiaryRow.types(of: draft.kind)
        let days = (0..<31).map { Self.day(today.addingTimeInterval(-86_400 * Double($0))) }
        var menu = MenuModel(
            [
                .choice(
                    "kind", Translation.gettext("Kind"), options: DiaryRow.Kind.allCases.map(\.rawValue),
                    selected: draft.kind.rawValue
                ).labelled(
                    Dictionary(
                        uniqueKeysWithValues: DiaryRow.Kind.allCases.map { ($0.rawValue, DiaryWording.kind($0)) })),
                .choice(
                    "type", Translation.gettext("Type"), options: types,
                    selected: types.contains(draft.type) ? draft.type : nil
                ).labelled(DiaryWording.typeLabels(of: draft.kind)),
                placeholder(
                    .text("name", Translation.gettext("Name"), value: draft.name, maxLength: 60),
                    Translation.gettext("(type a few words)")),
                .text("date", Translation.gettext("Day"), value: draft.date, suggestions: days, maxLength: 10),
                placeholder(
                    .text(
                        "end", Translation.gettext("Last day (therapy)"), value: draft.endDate,
                        suggestions: [""] + days, maxLength: 10),
                    Translation.gettext("(still going on)")),
                placeholder(
                    .text("note", Translation.gettext("Note"), value: draft.note, maxLength: 120),
                    Translation.gettext("(optional)")),
                .button("save", Translation.gettext("Save")),
                .button("cancel", Translation.gettext("Cancel (nothing is saved)")),
            ], focus: focus)
        menu.setEnabled("end", draft.kind == .therapy)
        return menu
    }

    private func placeholder(_ item: MenuItem, _ text: String) -> MenuItem {
        var item = item
        item.placeholder = text
        return item
    }

    /// `YYYY-MM-DD` of `date` in the patient's own calendar (the day they lived it).
    static func day(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
