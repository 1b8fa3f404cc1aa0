// A page's values in the forms swift-mustache reads with the fewest dynamic casts; what it renders is unchanged.
import Mustache

/// swift-mustache looks up every `{{name}}` through `Any`: each object on its stack is cast to two protocols, and a
/// String value to five more (template, renderable, lambda, optional, then `String(describing:)`). Those casts were a
/// seventh of the server's time on a participant's page (perf, 32 clients). `WebPages.render` therefore hands the
/// templates each page's values once rewritten here: a `[String: Any]` as a `PageNode` (a struct: as a class, its
/// lookups' casts took 1.6 times the struct's samples in perf), a String or an Int as `MustacheText` (found
/// renderable at the second cast). Bools, nils and everything else stay as they are, so sections and inverted
/// sections open as before.
enum PageValues {
    static func prepared(_ value: Any) -> Any {
        // Casts to concrete types, cheap; the cells already given as MustacheText (the participants table's 550)
        // first.
        switch value {
        case let text as MustacheText: text
        case let flag as Bool: flag
        case let text as String: MustacheText(text)
        case let number as Int: MustacheText(String(number))
        case let cells as [String: MustacheText]: PageNode(prepared: cells)
        case let values as [String: Any]: PageNode(values)
        case let list as [Any]: list.map(prepared)
        default: value
        }
    }
}

/// A template's object: its keys' values, prepared in turn.
struct PageNode: MustacheParent {
    private let values: [String: Any]

    init(_ values: [String: Any]) { self.values = values.mapValues(PageValues.prepared) }

    /// A table's row of cells, prepared already.
    init(prepared cells: [String: MustacheText]) { values = cells }

    func child(named name: String) -> Any? { values[name] }
}

/// Text that renders as itself. A plain String value is tried by swift-mustache as a lambda and as an optional and
/// printed with `String(describing:)`, several dynamic casts a value. In a section it counts as a value (not null),
/// as a String does, the empty one too.
struct MustacheText: MustacheCustomRenderable {
    let renderText: String
    var isNull: Bool { false }

    init(_ text: String) { renderText = text }
}
