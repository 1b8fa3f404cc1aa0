// Draws the album: the best photo of each training session in a grid, each with its session and how close it was.
import CSDL2

/// One photo of the album as the screen shows it: its picture (nil when the file is gone) and its caption.
struct AlbumPage {
    let picture: SDLTexture?
    let caption: String
}

extension ScreenPainter {
    /// Up to `AlbumPage.perScreen` photos, newest first, three to a row; `note` under them (how many there are).
    func drawAlbum(_ pages: [AlbumPage], note: String, footer: ContinueFooter?, backLabel: String) {
        window.clear()
        let top = title("Your album")
        let columns: Int32 = 3
        let rows = Int32(max(1, (min(pages.count, AlbumPage.perScreen) + Int(columns) - 1) / Int(columns)))
        let gap = scaled(24)
        let captionPixels = px(.body)
        let noteHeight = text.wrappedHeight(note, width: width - scaled(120), pixels: captionPixels) + scaled(12)
        let areaHeight = height - top - scaled(160) - noteHeight
        let cellWidth = (width - scaled(80) - gap * (columns - 1)) / columns
        let cellHeight = areaHeight / rows - gap
        for (index, page) in pages.prefix(AlbumPage.perScreen).enumerated() {
            let column = Int32(index) % columns
            let row = Int32(index) / columns
            let x = scaled(40) + column * (cellWidth + gap)
            let y = top + row * (cellHeight + gap)
            let captionHeight = captionPixels * 13 / 10 * 2
            var pictureHeight = max(scaled(40), cellHeight - captionHeight - scaled(6))
            if let picture = page.picture, picture.width > 0, picture.height > 0 {
                // The picture keeps its aspect ratio inside its cell.
                let scale = min(
                    Double(cellWidth) / Double(picture.width), Double(pictureHeight) / Double(picture.height))
                let w = Int32(Double(picture.width) * scale)
                let h = Int32(Double(picture.height) * scale)
                let target = SDL_Rect(x: x + (cellWidth - w) / 2, y: y, w: w, h: h)
                picture.draw(into: target)
                window.outline(target, Theme.dimText)
                pictureHeight = h  // the caption right under the picture
            } else {
                window.outline(SDL_Rect(x: x, y: y, w: cellWidth, h: pictureHeight), Theme.dimText)
            }
            text.drawWrapped(
                page.caption, x: x + cellWidth / 2, y: y + pictureHeight + scaled(6), width: cellWidth,
                pixels: captionPixels, align: .center)
        }
        text.drawWrapped(
            note, x: width / 2, y: height - scaled(150) - noteHeight, width: width - scaled(120),
            pixels: captionPixels, color: Theme.dimText, align: .center)
        continueButton(backLabel, buttonID: "back")
        hint(footer?.text ?? "")
    }
}

extension AlbumPage {
    /// Six photos fit a 1280 × 720 window with their captions readable in large text.
    static let perScreen = 6
}
