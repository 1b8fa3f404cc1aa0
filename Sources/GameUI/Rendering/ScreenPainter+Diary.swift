// Draws "My diary": its entries, the add form or the removal question, as menu rows that fit the window.
import CSDL2

extension ScreenPainter {
    func drawDiary(_ page: DiaryPage) {
        window.clear()
        let top = title(page.title, subtitle: page.subtitle)
        let messageHeight =
            page.message.map { text.wrappedHeight($0, width: width - scaled(120), pixels: px(.small)) + scaled(10) }
            ?? 0
        let y = drawMenu(page.menu, top: top, rowWidth: scaled(1000), bottom: footerTop(page.footer) - messageHeight)
        if let message = page.message {
            text.drawWrapped(
                message, x: width / 2, y: y + scaled(4), width: width - scaled(120), pixels: px(.small),
                color: Theme.warning, align: .center)
        }
        hint(page.footer)
    }
}
