// A session's result pictures as machines sent them (`sync --with-pictures`).
import Foundation

public protocol PicturesRepository: Sendable {
    /// The names of the result pictures the server holds of a session, in name order.
    func sessionPictures(session id: String) async throws -> [String]
    /// One result picture of a session as PNG bytes, or nil when the server holds none by that name.
    func sessionPicture(session id: String, name: String) async throws -> Data?
}
