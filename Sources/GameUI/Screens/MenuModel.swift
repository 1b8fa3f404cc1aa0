// A list of menu rows with a focus, driven by device-independent `UICommand`s.

/// What a command did to a menu, so the owner can react (start the game, link two settings...).
enum MenuOutcome: Equatable, Sendable {
    case activated(String)
    case changed(String)
}

/// A vertical menu: up/down move the focus over enabled rows, left/right change the focused
/// choice (wrapping), typing edits the focused text field, activate presses a button.
struct MenuModel: Equatable, Sendable {
    private(set) var items: [MenuItem]
    private(set) var focus: Int

    init(_ items: [MenuItem], focus: String? = nil) {
        self.items = items
        self.focus = 0
        if let focus, let index = items.firstIndex(where: { $0.id == focus }) { self.focus = index }
        if !items.isEmpty, !items[self.focus].enabled { moveFocus(by: 1) }
    }

    var focusedItem: MenuItem? { items.indices.contains(focus) ? items[focus] : nil }

    func item(_ id: String) -> MenuItem? { items.first { $0.id == id } }

    func value(_ id: String) -> String { item(id)?.value ?? "" }

    /// Sets a choice to `option` (if it is one) or a text field to `option`.
    mutating func set(_ id: String, to option: String) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        switch items[index].kind {
        case .choice(let options, _):
            if let selected = options.firstIndex(of: option) {
                items[index].kind = .choice(options: options, index: selected)
            }
        case .text(_, let suggestions, let maxLength):
            items[index].kind = .text(
                value: String(option.prefix(maxLength)), suggestions: suggestions, maxLength: maxLength)
        case .button:
            break
        }
    }

    mutating func setEnabled(_ id: String, _ enabled: Bool) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        items[index].enabled = enabled
        if index == focus, !enabled { moveFocus(by: 1) }
    }

    mutating func focus(on id: String) {
        if let index = items.firstIndex(where: { $0.id == id }), items[index].enabled { focus = index }
    }

    /// Applies one command; returns what happened, or nil when nothing did.
    @discardableResult
    mutating func handle(_ command: UICommand) -> MenuOutcome? {
        if command == .photoKey { return handle(.activate) }
        guard let item = focusedItem else { return nil }
        switch command {
        case .up:
            moveFocus(by: -1)
            return nil
        case .down:
            moveFocus(by: 1)
            return nil
        case .left, .right:
            return cycle(item, by: command == .left ? -1 : 1)
        case .activate:
            if case .button = item.kind { return .activated(item.id) }
            // Enter on a field moves on, as in a paper form.
            moveFocus(by: 1)
            return nil
        case .text(let typed):
            return type(typed, into: item)
        case .backspace:
            guard case .text(let value, let suggestions, let maxLength) = item.kind, !value.isEmpty else { return nil }
            items[focus].kind = .text(value: String(value.dropLast()), suggestions: suggestions, maxLength: maxLength)
            return .changed(item.id)
        case .back, .pause, .recentre, .photoKey, .heardBoth, .heardNothing, .volumeUp, .volumeDown, .listenAgain,
            .skipAnimal,
            .tone, .album:
            return nil
        }
    }

    private mutating func cycle(_ item: MenuItem, by step: Int) -> MenuOutcome? {
        switch item.kind {
        case .choice(let options, let index):
            guard options.count > 1 else { return nil }
            let next = ((index + step) % options.count + options.count) % options.count
            items[focus].kind = .choice(options: options, index: next)
            return .changed(item.id)
        case .text(let value, let suggestions, let maxLength):
            guard !suggestions.isEmpty else { return nil }
            let current = suggestions.firstIndex(of: value) ?? (step > 0 ? -1 : suggestions.count)
            let next = ((current + step) % suggestions.count + suggestions.count) % suggestions.count
            items[focus].kind = .text(value: suggestions[next], suggestions: suggestions, maxLength: maxLength)
            return .changed(item.id)
        case .button:
            return nil
        }
    }

    private mutating func type(_ typed: String, into item: MenuItem) -> MenuOutcome? {
        switch item.kind {
        case .text(let value, let suggestions, let maxLength):
            let appended = String((value + typed).prefix(maxLength))
            guard appended != value else { return nil }
            items[focus].kind = .text(value: appended, suggestions: suggestions, maxLength: maxLength)
            return .changed(item.id)
        case .choice(let options, let index):
            // Typing a number picks that option (e.g. an age): the typed digits extend the current one
            // when that still names an option, else start over.
            let extended = options[index] + typed
            if let match = options.firstIndex(of: extended) ?? options.firstIndex(of: typed) {
                items[focus].kind = .choice(options: options, index: match)
                return .changed(item.id)
            }
            return nil
        case .button:
            return nil
        }
    }

    private mutating func moveFocus(by step: Int) {
        guard items.contains(where: { $0.enabled }) else { return }
        var index = focus
        repeat {
            index = ((index + step) % items.count + items.count) % items.count
        } while !items[index].enabled
        focus = index
    }
}
