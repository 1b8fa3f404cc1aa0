// A session's result picture as the dashboard's session page shows it: a PNG, to accounts that see the session's site.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import StudyRecords

extension WebParticipantRoutes {
    /// `GET /sites/{site}/sessions/{session}/pictures/{name}`: the same 404 for a site the account does not see, a
    /// session not at that site and a picture not held, so nothing is learnt of other sites.
    @Sendable func sessionPicture(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let site = Self.parameter("site", context)
        let id = Self.parameter("session", context)
        let name = Self.parameter("name", context)
        guard account.sees(site: site),
            let (_, participant, _) = try await self.participantPages.participantSession(site: site, id: id),
            let png = try await self.pictures.sessionPicture(session: id, name: name)
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No result picture {name} of session {session} is held at a site of yours named {site}: open the session's page to see which are.",
                    ["name": name, "session": id, "site": site]))
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[.cacheControl] = "private, no-store"
        try await self.audit.auditView(
            "picture", by: account, site: site, participant: participant, detail: ["session": id, "picture": name],
            requestID: context.id)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }
}
