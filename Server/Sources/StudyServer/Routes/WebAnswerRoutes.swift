// The answers given on the web questionnaire (`/q/TOKEN`), fetched by the site's machines at their next sync and
// appended to the participant's questionnaires.csv there.
import Foundation
import Hummingbird
import StudyRecords

struct WebAnswerRoutes {
    let links: any QuestionnaireLinksRepository

    /// At most this many rows go to a machine per sync; the rest follow at the next.
    static let perFetch = 500

    struct Rows: Encodable, Sendable {
        struct Row: Encodable, Sendable {
            var id: Int
            var participant: String
            var line: String
        }
        /// The columns of each `line`: questionnaires.csv's (StudyRecords' `QuestionnaireRow.columns`).
        var columns: [String]
        var rows: [Row]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sync/web-answers", use: fetch)
    }

    /// `GET /api/v1/sync/web-answers?after=N` (device token): the web rows of the participants the machine serves that it has not received.
    @Sendable func fetch(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Rows> {
        let device = try context.device()
        let text = request.uri.queryParameters["after"].map(String.init) ?? "0"
        guard let after = Int(text), after >= 0 else {
            throw Problem.badRequest(
                "The parameter after=\(text) is not a web answer's id: give the last one received, or 0.")
        }
        let rows = try await links.forMachines(site: device.site, device: device.id, after: after, limit: Self.perFetch)
        return JSONReply(
            body: Rows(
                columns: QuestionnaireRow.columns,
                rows: rows.map { .init(id: $0.id, participant: $0.participant, line: $0.line) }))
    }
}
