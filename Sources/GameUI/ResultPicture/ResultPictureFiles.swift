// The runtime's ResultPictureWriter: each photo's result picture drawn with SDL and saved as PNG.
import Foundation
import GameCore
import SessionRuntime

/// Saves `ResultPicture`s for the session driver (windowed sessions and `simulate` alike).
public final class ResultPictureFiles: ResultPictureWriter {
    public init() {}

    public func write(_ result: RoundResult, to url: URL) throws {
        try ResultPicture(result: result).save(to: url)
    }
}
