// The study server's sync API over URLSession (FoundationNetworking: no SwiftNIO in the game's build).
import Foundation
import StudyRecords

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public struct SyncClient: Sendable {
    public var server: URL
    public var token: String?

    public init(server: URL, token: String?) {
        self.server = server
        self.token = token
    }

    /// The server's base address from what a person typed (`http://host:8080`, with or without a trailing slash).
    public static func serverURL(_ text: String) throws -> URL {
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text),
            ["http", "https"].contains(url.scheme ?? ""), url.host != nil
        else {
            throw SyncError(
                "--server \(text) is not an http:// or https:// address: give it as https://study.example.org.")
        }
        return url
    }

    public struct Enrolment: Decodable, Sendable {
        public struct Device: Decodable, Sendable {
            public var id: String
            public var site: String
        }
        public var device: Device
        public var token: String
    }

    /// Exchanges a one-time enrolment code for this machine's device token.
    public func enrol(code: String, name: String) throws -> SyncSettings {
        let body = try JSONSerialization.data(withJSONObject: ["code": code, "name": name])
        let enrolment = try JSONDecoder().decode(Enrolment.self, from: try call("POST", "api/v1/enrol", body: body))
        return SyncSettings(
            server: server.absoluteString, token: enrolment.token, device: enrolment.device.id,
            site: enrolment.device.site)
    }

    /// How far the server holds each file of this machine, and the site's participants an admin deleted.
    public func state() throws -> SyncState {
        try JSONDecoder().decode(SyncState.self, from: try call("GET", "api/v1/sync/state", body: nil))
    }

    public struct Stored: Decodable, Sendable {
        public var held: Int
        public var stored: Int
        public var unchanged: Int
    }

    public func send(_ batch: SyncBatch) throws -> Stored {
        try JSONDecoder().decode(
            Stored.self, from: try call("POST", "api/v1/sync/batch", body: JSONEncoder().encode(batch)))
    }

    public struct Prescription: Decodable, Sendable {
        public var id: Int
        public var participant: String
        public var kind: String
        public var content: String
        /// When the server stored it (ISO 8601); an assigned questionnaire's schedule counts from it.
        public var createdAt: String?

        enum CodingKeys: String, CodingKey {
            case id, participant, kind, content
            case createdAt = "created_at"
        }

        public init(id: Int, participant: String, kind: String, content: String, createdAt: String? = nil) {
            self.id = id
            self.participant = participant
            self.kind = kind
            self.content = content
            self.createdAt = createdAt
        }
    }

    struct Prescriptions: Decodable {
        var prescriptions: [Prescription]
    }

    /// The site's prescriptions of `kind` (`plan`, `profile` or `questionnaire`) after the last one of that kind this machine applied.
    public func prescriptions(after: Int, kind: String = "plan") throws -> [Prescription] {
        try JSONDecoder().decode(
            Prescriptions.self,
            from: try call("GET", "api/v1/sync/prescriptions", query: "after=\(after)&kind=\(kind)", body: nil)
        ).prescriptions
    }

    /// An answer of the study team to a participant of this machine's site, as `GET /api/v1/sync/messages` lists it.
    public struct Answer: Decodable, Sendable, Equatable {
        public var id: Int
        public var participant: String
        /// The answerer's role (`supervisor`, `admin`); the server never sends a name.
        public var role: String
        public var text: String
        public var writtenAt: String

        public init(id: Int, participant: String, role: String, text: String, writtenAt: String) {
            self.id = id
            self.participant = participant
            self.role = role
            self.text = text
            self.writtenAt = writtenAt
        }

        enum CodingKeys: String, CodingKey {
            case id, participant, role, text
            case writtenAt = "written_at"
        }
    }

    struct Answers: Decodable {
        var answers: [Answer]
    }

    /// The team's answers to the site's participants after the last one this machine received.
    public func answers(after: Int) throws -> [Answer] {
        try JSONDecoder().decode(
            Answers.self, from: try call("GET", "api/v1/sync/messages", query: "after=\(after)", body: nil)
        ).answers
    }

    /// An instrument a supervisor added on the server for this machine's site, as `GET /api/v1/sync/instruments`
    /// lists it: the file's bytes as uploaded, and the server's number of that version.
    public struct ServerInstrument: Decodable, Sendable, Equatable {
        public var id: Int
        public var instrument: String
        public var version: Int
        public var language: String
        public var content: String

        public init(id: Int, instrument: String, version: Int, language: String, content: String) {
            self.id = id
            self.instrument = instrument
            self.version = version
            self.language = language
            self.content = content
        }
    }

    struct ServerInstruments: Decodable {
        var instruments: [ServerInstrument]
    }

    /// The site's instruments added on the server after the last one this machine received.
    public func instruments(after: Int) throws -> [ServerInstrument] {
        try JSONDecoder().decode(
            ServerInstruments.self, from: try call("GET", "api/v1/sync/instruments", query: "after=\(after)", body: nil)
        ).instruments
    }

    /// The answers the site's participants gave on the server's web questionnaire, as `GET
    /// /api/v1/sync/web-answers` lists them: each a questionnaires.csv line under `columns`.
    public struct WebAnswers: Decodable, Sendable {
        public struct Row: Decodable, Sendable {
            public var id: Int
            public var participant: String
            public var line: String

            public init(id: Int, participant: String, line: String) {
                self.id = id
                self.participant = participant
                self.line = line
            }
        }
        public var columns: [String]
        public var rows: [Row]

        public init(columns: [String], rows: [Row]) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// The web answers after the last one this machine received.
    public func webAnswers(after: Int) throws -> WebAnswers {
        try JSONDecoder().decode(
            WebAnswers.self, from: try call("GET", "api/v1/sync/web-answers", query: "after=\(after)", body: nil))
    }

    /// One request, waited for; a refusal comes back as the problem's sentence, an unreachable server as one too.
    func call(_ method: String, _ path: String, query: String? = nil, body: Data?) throws -> Data {
        var url = server.appendingPathComponent(path)
        if let query, let withQuery = URL(string: url.absoluteString + "?" + query) { url = withQuery }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            outcome.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            done.signal()
        }.resume()
        done.wait()
        let (data, status, error) = outcome.get()
        guard let status else {
            throw SyncError(
                "The server \(server.absoluteString) cannot be reached (\(error?.localizedDescription ?? "no answer")): check the address and the network; everything stays queued for the next sync."
            )
        }
        guard (200..<300).contains(status) else {
            let problem = (try? JSONSerialization.jsonObject(with: data ?? Data())) as? [String: Any]
            let detail = problem?["detail"] as? String ?? "HTTP status \(status)."
            throw SyncError("The server refused \(method) /\(path) (\(status)): \(detail)")
        }
        return data ?? Data()
    }
}

/// The answer of one request, handed from URLSession's queue to the waiting thread.
// @unchecked: `value` is read and written only under `lock` (StudyKit may not import Synchronization's Mutex).
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Data?, Int?, (any Error)?) = (nil, nil, nil)

    func set(data: Data?, status: Int?, error: (any Error)?) {
        lock.withLock { value = (data, status, error) }
    }

    func get() -> (Data?, Int?, (any Error)?) { lock.withLock { value } }
}
