// The diary's month view in the window: a grid of days, Monday first, with the sessions, events and therapies of each.
import CSDL2
import Localization
import StudyRecords

/// Draws a `DiaryCalendar` into a rectangle: the weekdays' names, then one cell per day with its number and, a line
/// each (the first beside the number), the sessions as "● N", a band per therapy running that day (its name on its
/// first day and on Mondays) and each event's name after ▲. What does not fit a cell (large text, a busy day) ends in
/// "+N more" (the count stays true) and a long name in "…": nothing spills over the cell.
struct DiaryCalendarPainter {
    let painter: ScreenPainter

    static let sessionColor = Theme.good
    static let therapyColor = SDL_Color(r: 70, g: 82, b: 140, a: 255)

    func draw(_ calendar: DiaryCalendar, today: String, in area: SDL_Rect) {
        let text = painter.text
        let header = painter.px(.small)
        let small = max(14, painter.px(.small) * 3 / 4)
        let line = small * 13 / 10
        let columnWidth = area.w / 7
        let headerHeight = header * 13 / 10 + painter.scaled(4)
        let rowHeight = (area.h - headerHeight) / Int32(calendar.weeks.count)
        for (index, name) in DiaryCalendar.weekdayNames().enumerated() {
            text.draw(
                name, x: area.x + Int32(index) * columnWidth + columnWidth / 2, y: area.y, pixels: header,
                color: Theme.dimText, bold: true, align: .center)
        }
        for (week, days) in calendar.weeks.enumerated() {
            for (weekday, day) in days.enumerated() {
                let cell = SDL_Rect(
                    x: area.x + Int32(weekday) * columnWidth + 2,
                    y: area.y + headerHeight + Int32(week) * rowHeight + 2,
                    w: columnWidth - 4, h: rowHeight - 4)
                painter.window.fill(cell, day.inMonth ? Theme.panel : Theme.background)
                if day.date == today { painter.window.outline(cell, Theme.focus, thickness: painter.scaled(3)) }
                let inset = painter.scaled(6)
                let number = String(day.number)
                text.draw(
                    number, x: cell.x + inset, y: cell.y + painter.scaled(2), pixels: small,
                    color: day.inMonth ? Theme.text : Theme.disabledText, bold: true)
                // What the day holds, one line each: its sessions, the therapies running, the events; beside the
                // day's number too when the cell is short (large text), so it always shows the first of them.
                var lines: [(text: String, color: SDL_Color, band: Bool)] = []
                if day.sessions > 0 { lines.append(("● \(day.sessions)", Self.sessionColor, false)) }
                lines += day.therapies.map { therapy in
                    // Named on its first day and on Mondays; a band on every day it runs.
                    (therapy.date == day.date || weekday == 0 ? therapy.name : "", Theme.text, true)
                }
                lines += day.events.map { ("▲ " + $0.name, ProgressChart.eventColor, false) }
                let besideNumber = cell.x + inset + text.measure(number, pixels: small, bold: true).width + inset
                let below = Int(max(0, cell.h - painter.scaled(2) - line) / line)
                // The number's own line is used only when the lines below cannot hold them all.
                let first = lines.count > below ? 0 : 1
                let slots = below + 1 - first
                for (index, entry) in lines.enumerated() where index < slots {
                    let x = index + first == 0 ? besideNumber : cell.x + inset
                    let y = cell.y + painter.scaled(2) + Int32(index + first) * line
                    let width = cell.x + cell.w - inset - x
                    let hidden = lines.count - index
                    let more = index == slots - 1 && hidden > 1
                    if entry.band && !more {
                        painter.window.fill(
                            SDL_Rect(x: x - inset / 2, y: y + 1, w: width + inset, h: line - 2), Self.therapyColor)
                    }
                    let shown =
                        more
                        ? Self.more(hidden, width: width, pixels: small, text: text)
                        : Self.fitted(entry.text, width: width, pixels: small, text: text)
                    if !shown.isEmpty {
                        text.draw(shown, x: x, y: y, pixels: small, color: more ? Theme.dimText : entry.color)
                    }
                }
            }
        }
    }

    /// "+3 more", or "+3" where that does not fit.
    static func more(_ count: Int, width: Int32, pixels: Int32, text: TextRenderer) -> String {
        let words = Translation.gettext("+{count} more", ["count": String(count)])
        return text.measure(words, pixels: pixels).width <= width ? words : "+\(count)"
    }

    /// `value` cut with "…" to fit `width`.
    static func fitted(_ value: String, width: Int32, pixels: Int32, text: TextRenderer) -> String {
        guard text.measure(value, pixels: pixels).width > width else { return value }
        var cut = value
        while !cut.isEmpty && text.measure(cut + "…", pixels: pixels).width > width { cut.removeLast() }
        return cut + "…"
    }
}
