// A session's result pictures as machines sent them (`sync --with-pictures`): their names, and one picture's PNG.
import Foundation
import PostgresNIO
import StudyRecords

public struct PostgresPictures: PicturesRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// The names of the result pictures the server holds of a session (files of kind `picture` that its machine sent
    /// from the session's folder), in name order: round-01.png, round-02-target-1.png, …
    public func sessionPictures(session id: String) async throws -> [String] {
        try await rows(
            """
            SELECT f.file FROM sessions x JOIN sync_files f ON f.device_id = x.device_id
            WHERE x.session_id = \(id) AND f.kind = \(ResultPictureItem.kind)
              AND f.file LIKE regexp_replace(x.file, '[^/]*$', '') || '%'
            ORDER BY f.file
            """
        ).map { row in
            let file = try row.decode(String.self)
            return String(file.split(separator: "/").last ?? "")
        }
    }

    /// One result picture of a session as PNG bytes, or nil when the server holds none by that name.
    public func sessionPicture(session id: String, name: String) async throws -> Data? {
        guard ResultPictureItem.isPictureName(name),
            let row = try await rows(
                """
                SELECT i.content FROM sessions x JOIN sync_items i ON i.device_id = x.device_id
                JOIN sync_files f ON f.device_id = i.device_id AND f.file = i.file
                WHERE x.session_id = \(id) AND f.kind = \(ResultPictureItem.kind)
                  AND i.file = regexp_replace(x.file, '[^/]*$', '') || \(name) AND i.item = 1
                """
            ).first
        else { return nil }
        // A deleted participant's pictures are redacted to nothing: no picture then.
        let content = try row.decode(String.self)
        return content.isEmpty ? nil : Data(base64Encoded: content)
    }
}
