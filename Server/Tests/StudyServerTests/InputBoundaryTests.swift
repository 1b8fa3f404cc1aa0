// Input that PostgreSQL cannot take is refused before it gets there: NULs, 32-bit overflows, names with a trailing line
// break, duplicate JSON members; each a 4xx naming the field (or the dashboard's error page), never a 500.
import Foundation
import HTTPTypes
import Testing
import TidyFormats

@testable import StudyRecords
@testable import StudyServer

@Suite struct InputBoundaryTests {
    /// JSON bodies of the API with a NUL (`\u0000`) in a field, or a field twice: 400 naming the field, nothing written.
    @Test(arguments: [
        ("/api/v1/login", #"{"name":"root\u0000","password":"x"}"#, "\"name\" holds a NUL"),
        ("/api/v1/login", #"{"name":"root","password":"a\u0000b"}"#, "\"password\" holds a NUL"),
        ("/api/v1/login", #"{"name":"root","name":"other","password":"x"}"#, "\"name\" appears twice"),
        ("/api/v1/login", #"{"na\u006de":"root","name":"other","password":"x"}"#, "\"name\" appears twice"),
        ("/api/v1/enrol", #"{"code":"abc\u0000","name":"lab"}"#, "\"code\" holds a NUL"),
        ("/api/v1/enrol", #"{"code":"abc","name":"lab","code":"def"}"#, "\"code\" appears twice"),
    ])
    func aBodyWithANULOrARepeatedFieldIsRefusedNamingIt(path: String, body: String, mentions: String) async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let reply = try await server.call(.post, path, json: body)
            ProblemTests.expectProblem(reply, 400, mentions: mentions)
            #expect(try await server.database.auditTrail.auditRows().filter { $0.action.hasPrefix("login") }.isEmpty)
        }
    }

    /// A sync batch: a NUL in its header or an item, a field twice, a session.json with a member twice or a NUL of its
    /// own, an item number past 32 bits, and a session.json whose numbers pass 32 bits.
    @Test func aSyncBatchThatPostgreSQLCouldNotHoldIsRefusedNamingTheField() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let session = try SyncBoundaryTests.session("20261126T014050Z-aa00", "P07")
            let header = SyncBoundaryTests.header
            let trials = "\(session.folder)/trials.csv"
            func post(_ json: String) async throws -> Reply {
                try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: json)
            }
            let state = try #require(try JSONSerialization.jsonObject(with: Data(session.state.utf8)) as? [String: Any])
            var planned = state
            planned["session_index"] = 2_147_483_648
            let cases: [(String, String)] = [
                (
                    try SyncTests.body(
                        file: trials, kind: "trials", header: String(header.dropLast()) + ",x\u{0}\n", first: 1,
                        items: session.trials), "\"header\" holds a NUL"
                ),
                (
                    try SyncTests.body(
                        file: trials, kind: "trials", header: header, first: 1,
                        items: [session.trials[0], session.trials[1].replacingOccurrences(of: "P07", with: "P0\u{0}7")]),
                    "\"items.1\" holds a NUL"
                ),
                (
                    #"{"file":"\#(trials)","kind":"trials","kind":"session","header":"h","first":1,"items":[]}"#,
                    "\"kind\" appears twice"
                ),
                (
                    try SyncTests.body(
                        file: trials, kind: "trials", header: header, first: 2_147_483_648, items: session.trials),
                    "\"first\" is 2147483648"
                ),
                (
                    try SyncTests.body(
                        file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil,
                        items: [
                            session.state.replacingOccurrences(
                                of: "{", with: #"{"completed":true,"#, options: .anchored)
                        ]),
                    "\"completed\" appears twice"
                ),
                (
                    try SyncTests.body(
                        file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil,
                        items: [
                            session.state.replacingOccurrences(of: "\"P07\"", with: #""P07\u0000""#)
                        ]), "holds a NUL"
                ),
                (
                    try SyncTests.body(
                        file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil,
                        items: [String(decoding: try JSONSerialization.data(withJSONObject: planned), as: UTF8.self)]),
                    "session_index"
                ),
            ]
            for (body, mentions) in cases {
                ProblemTests.expectProblem(try await post(body), 400, mentions: mentions)
            }
            #expect(try await SyncBoundaryTests.held(server) == 0)
        }
    }

    /// A NUL in a query parameter or a segment of an address: the API's 400 problem, the dashboard's error page (400),
    /// each naming the parameter or the part.
    @Test func aNULInAnAddressIsA400NamingWhere() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let token = try await server.login("root", testPassword)
            for (path, mentions) in [
                ("/api/v1/export?format=csv&file=trials.csv&site=nor%00th", "\"site\" holds a NUL"),
                ("/api/v1/sites/nor%00th/devices", "Part 4 of the address holds a NUL"),
                ("/api/v1/sync/prescriptions?after=1%00", "\"after\" holds a NUL"),
            ] {
                ProblemTests.expectProblem(try await server.call(.get, path, token: token), 400, mentions: mentions)
            }
            let browser = FormClient(server)
            try await browser.signIn("root", testPassword)
            for (path, mentions) in [
                ("/sites/north/sessions/20261126T014050Z-aa00%00", "Part 4 of the address holds a NUL"),
                ("/participants?site=north&plan=a%00b", "plan"),
                ("/sites/north/live.json?x=%00", "x"),
            ] {
                let page = try await browser.send(.get, path)
                #expect(page.status == 400, "\(path): \(page.status)")
                #expect(page.html.contains("holds a NUL") && page.html.contains(mentions.prefix(7)), "\(page.html)")
            }
            // The sign-in form before signing in, and a form after.
            let signIn = FormClient(server)
            let form = try await signIn.send(.get, "/login")
            let refused = try await signIn.send(
                .post, "/login", form: [("csrf", form.csrf ?? ""), ("name", "root\u{0}"), ("password", "x")])
            #expect(refused.status == 400 && refused.html.contains("The field name holds a NUL"), "\(refused.html)")
            #expect(try await server.database.auditTrail.auditRows().filter { $0.action == "login.failed" }.isEmpty)
        }
    }

    /// A page number past any page of a table: a number past 2^31 (which overflowed the offset's multiplication and
    /// trapped, killing the server for everyone) is the error page naming `page`; a page past the last within it
    /// shows the last; the server serves on.
    @Test func aPageNumberPastAnyPageIsRefusedNotATrap() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let browser = FormClient(server)
            try await browser.signIn("root", testPassword)
            for table in ["/participants?site=north&", "/sites/north?"] {
                for page in ["9223372036854775807", "184467440737095517", "2147483648", "0", "-1", "1e3"] {
                    let reply = try await browser.send(.get, "\(table)page=\(page)")
                    #expect(reply.status == 400, "\(table)page=\(page): \(reply.status)")
                    #expect(reply.html.contains("page="), "\(reply.html.prefix(400))")
                }
                for page in ["2147483647", "1000", "1"] {
                    let reply = try await browser.send(.get, "\(table)page=\(page)")
                    #expect(reply.status == 200, "\(table)page=\(page): \(reply.status) \(reply.html.prefix(300))")
                }
            }
            #expect(try await server.call(.get, "/api/v1/health").status == 200)
        }
    }

    /// A site or user name with a trailing line break (or another control character) is refused with the rule,
    /// through the API and the command line's store, and no look-alike account or site is made.
    @Test(arguments: ["north\n", "north\r\n", "north\u{0}", "\nnorth", "nor\tth", "north\u{2028}"])
    func aNameWithALineBreakIsRefusedNotALookAlike(name: String) async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let token = try await server.login("root", testPassword)
            let json = { (object: [String: Any]) in
                String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            }
            let site = try await server.call(.post, "/api/v1/sites", token: token, json: try json(["name": name]))
            #expect((400..<500).contains(site.status) && site.contentType == "application/problem+json", "\(site.text)")
            let user = try await server.call(
                .post, "/api/v1/users", token: token,
                json: try json(["name": "sup-" + name, "role": "researcher", "sites": [String]()]))
            #expect((400..<500).contains(user.status), "\(user.text)")
            await #expect(throws: StudyDatabase.Refusal.self) { try await server.database.sites.addSite(name) }
            #expect(try await server.database.sites.sites().isEmpty)
            #expect(try await server.database.accounts.users().map(\.name) == ["root"])
        }
    }

    /// A JSON text's duplicate members and NULs, found with their path; escapes and nesting read as JSON reads them.
    @Test func theTextCheckFindsDuplicatesAndNULsWhereJSONDecoderDoesNot() {
        #expect(JSONTextCheck.firstFinding(in: #"{"a":1,"b":{"a":2},"c":[{"a":1},{"a":2}]}"#) == nil)
        #expect(
            JSONTextCheck.firstFinding(in: #"{"a":1,"b":{"x":2,"x":3}}"#) == .init(path: "b.x", duplicate: true))
        #expect(
            JSONTextCheck.firstFinding(in: #"{"items":["ok","o\"k\u0000"]}"#)
                == .init(path: "items.1", duplicate: false))
        #expect(JSONTextCheck.firstFinding(in: #"{"a":"\\u0000"}"#) == nil, "an escaped backslash, then text")
        #expect(JSONTextCheck.firstFinding(in: #"{"\u00e9":1,"é":2}"#) == .init(path: "é", duplicate: true))
        #expect(JSONTextCheck.firstFinding(in: #"{"a":"unterminated"#) == nil, "left to the decoder")
    }
}
