// A4 pages as SVG documents: text wrapped to the page, tables, embedded figures; rsvg-convert makes them a PDF.
import Foundation

/// Lays out text, tables and figures top to bottom over as many A4 pages (595 × 842 pt) as they need.
struct SVGPages {
    static let width = 595.0
    static let height = 842.0
    static let margin = 48.0
    static let bottom = height - 56
    private(set) var pages: [[String]] = [[]]
    private(set) var y = margin
    /// DejaVu Sans' mean advance is about 0.55 em: enough to wrap lines well inside the margin.
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.56 }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func f(_ x: Double) -> String { String(format: "%.1f", x) }

    mutating func add(_ element: String) { pages[pages.count - 1].append(element) }

    mutating func newPage() {
        pages.append([])
        y = Self.margin
    }

    /// Starts a new page unless `height` fits below the cursor.
    mutating func keep(_ height: Double) {
        if y + height > Self.bottom { newPage() }
    }

    mutating func text(
        _ text: String, x: Double, y: Double, size: Double, weight: String = "normal", color: String = "#000",
        anchor: String = "start"
    ) {
        add(
            "<text x=\"\(Self.f(x))\" y=\"\(Self.f(y))\" font-size=\"\(Self.f(size))\" font-weight=\"\(weight)\" fill=\"\(color)\" text-anchor=\"\(anchor)\">\(Self.escape(text))</text>"
        )
    }

    /// The words of `text` in lines no wider than `width`.
    static func wrap(_ text: String, width: Double, size: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && textWidth(candidate, size: size) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    mutating func heading(_ text: String) {
        keep(60)
        y += 10
        self.text(text, x: Self.margin, y: y + 14, size: 14, weight: "bold", color: "#1b3a5c")
        add(
            "<line x1=\"\(Self.f(Self.margin))\" y1=\"\(Self.f(y + 19))\" x2=\"\(Self.f(Self.width - Self.margin))\" y2=\"\(Self.f(y + 19))\" stroke=\"#1b3a5c\" stroke-width=\"0.8\"/>"
        )
        y += 28
    }

    mutating func paragraph(
        _ text: String, size: Double = 10, weight: String = "normal", color: String = "#000", indent: Double = 0
    ) {
        // Bold letters are about a tenth wider than textWidth's estimate of regular ones.
        let lines = Self.wrap(
            text, width: Self.width - 2 * Self.margin - indent, size: weight == "bold" ? size * 1.1 : size)
        for line in lines {
            keep(size * 1.4)
            self.text(line, x: Self.margin + indent, y: y + size, size: size, weight: weight, color: color)
            y += size * 1.4
        }
        y += size * 0.4
    }

    /// A table: the header in bold, each cell cut to its column (a cut cell ends in …); a long table goes on over
    /// the next page with its header again. With `advance` false the cursor stays (a table beside a figure, which
    /// must fit where it is); returns the table's height.
    @discardableResult
    mutating func table(
        _ header: [String], _ rows: [[String]], columns: [Double], size: Double = 9, x: Double = margin,
        advance: Bool = true
    ) -> Double {
        let lineHeight = size * 1.5
        if advance { keep(lineHeight * Double(min(rows.count, 3) + 1)) }
        let top = y
        func draw(_ cells: [String], weight: String) {
            var left = x
            for (index, cell) in cells.enumerated() {
                let width = index < columns.count ? columns[index] : 60
                var shown = cell
                while shown.count > 1 && Self.textWidth(shown, size: size) > width - 6 {
                    shown = String(shown.dropLast(2)) + "…"
                }
                text(shown, x: left, y: y + size, size: size, weight: weight)
                left += width
            }
            y += lineHeight
        }
        draw(header, weight: "bold")
        for row in rows {
            if advance && y + lineHeight > Self.bottom {
                newPage()
                draw(header, weight: "bold")
            }
            draw(row, weight: "normal")
        }
        let height = y - top
        if advance { y += size * 0.6 } else { y = top }
        return height
    }

    /// Another SVG document (a figure of the analyzer's) placed at `x` and the cursor, `width` wide, scaled whole.
    mutating func figure(_ svg: String, x: Double = margin, width: Double, advance: Bool = true) -> Double {
        let size = Self.documentSize(svg)
        let height = width * size.height / max(size.width, 1)
        keep(height)
        // The figure's own root element becomes a nested <svg> at the place: its viewBox scales it into the box.
        var body = svg
        if let start = body.range(of: "<svg "), let end = body[start.upperBound...].range(of: ">") {
            let attributes = String(body[start.upperBound..<end.lowerBound])
            let kept = attributes.replacingOccurrences(
                of: #"\b(width|height|xmlns)="[^"]*""#, with: "", options: .regularExpression)
            body.replaceSubrange(
                start.lowerBound..<end.upperBound,
                with:
                    "<svg x=\"\(Self.f(x))\" y=\"\(Self.f(y))\" width=\"\(Self.f(width))\" height=\"\(Self.f(height))\" \(kept)>"
            )
        }
        add(body)
        if advance { y += height + 8 }
        return height
    }

    mutating func advance(_ height: Double) { y += height }

    /// Two figures (or one) side by side across the page, each half its width.
    mutating func sideBySide(_ figures: [String]) {
        guard !figures.isEmpty else { return }
        keep(200)
        var height = 0.0
        for (index, svg) in figures.enumerated() {
            height = max(height, figure(svg, x: Self.margin + Double(index) * 252, width: 245, advance: false))
        }
        advance(height + 8)
    }

    /// The width and height a figure declares on its root element.
    static func documentSize(_ svg: String) -> (width: Double, height: Double) {
        func attribute(_ name: String) -> Double? {
            guard let range = svg.range(of: "\(name)=\"") else { return nil }
            let rest = svg[range.upperBound...]
            return rest.firstIndex(of: "\"").flatMap { Double(rest[..<$0]) }
        }
        return (attribute("width") ?? 560, attribute("height") ?? 400)
    }

    /// Every page as a whole SVG document with its footer: `footer` left, the page label right.
    func documents(footer: String, pageLabel: (Int, Int) -> String) -> [String] {
        pages.enumerated().map { index, elements in
            let footerLine =
                "<text x=\"\(Self.f(Self.margin))\" y=\"\(Self.f(Self.height - 28))\" font-size=\"8\" fill=\"#555\">\(Self.escape(footer))</text>"
                + "<text x=\"\(Self.f(Self.width - Self.margin))\" y=\"\(Self.f(Self.height - 28))\" font-size=\"8\" fill=\"#555\" text-anchor=\"end\">\(Self.escape(pageLabel(index + 1, pages.count)))</text>"
            return
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.f(Self.width))pt\" height=\"\(Self.f(Self.height))pt\" viewBox=\"0 0 \(Self.f(Self.width)) \(Self.f(Self.height))\" font-family=\"DejaVu Sans, sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
                + elements.joined(separator: "\n") + "\n" + footerLine + "\n</svg>\n"
        }
    }
}
