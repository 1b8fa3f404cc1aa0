// Where a session's result pictures come from: the runtime has no drawing of its own (GameUI draws with SDL).
import Foundation
import GameCore

/// Draws the picture of a photo's result and writes it as a PNG file. GameUI implements it; the
/// session driver calls it for every photo, after the row is logged, so `play`, `study` and `simulate`
/// leave the same files.
public protocol ResultPictureWriter: AnyObject {
    func write(_ result: RoundResult, to url: URL) throws
}
