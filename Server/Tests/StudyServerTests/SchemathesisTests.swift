// schemathesis (PyPI) against the served OpenAPI document on a live server: no server error, no answer outside it.
import Foundation
import Testing

@testable import StudyServer

/// schemathesis from the git-ignored venv that scripts/schemathesis-deps.sh makes (`make test` runs it first).
enum Schemathesis {
    static var program: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent(".schemathesis-venv/bin/schemathesis").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs schemathesis against `base` as the caller of `token`: every operation not excluded, a bounded number of
    /// generated requests each (positive and negative), a fixed seed so that a failure can be replayed. Path
    /// parameters `site` and `participant` are the ones given, so that requests get past the 404 to the checks.
    static func run(
        _ program: String, base: String, token: String, site: String, participant: String, excluding: [String]
    )
        throws -> (Int32, String)
    {
        // Its own working folder: schemathesis and Hypothesis leave folders of state there, never in the checkout.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schemathesis-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("schemathesis.toml")
        try "[parameters]\n\"path.site\" = \"\(site)\"\n\"path.participant\" = \"\(participant)\"\n".write(
            to: config, atomically: true, encoding: .utf8)
        var argv = [
            "/usr/bin/env", "-C", folder.path, program, "--config-file", config.path, "run",
            "\(base)/api/v1/openapi.json", "--url", base, "--header",
            "Authorization: Bearer \(token)",
            "--checks",
            "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
            "--max-examples", "12", "--seed", "24", "--workers", "1", "--phases", "examples,coverage,fuzzing",
            "--generation-database", "none", "--no-color", "--suppress-health-check", "all", "--request-timeout", "30",
        ]
        for path in excluding { argv += ["--exclude-path", path] }
        return try Spawn.run(argv)
    }
}

@Suite struct SchemathesisTests {
    /// A machine (the sync routes; everything else must answer 401/403 as documented), then an admin (every account
    /// route; logout left out: it would end the session mid-run) on a server holding a site and a participant.
    /// The machine goes first: schemathesis follows the admin's answers to the machine's id and revokes it.
    @Test func everyOperationAnswersWithinTheDocument() async throws {
        let program = try #require(
            Schemathesis.program, "schemathesis is missing: run scripts/schemathesis-deps.sh (make test does)")
        try await withServer(loginAttempts: 100_000, enrolmentAttempts: 100_000, live: true) { server in
            let base = "http://127.0.0.1:\(try #require(server.client.port))"
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let admin = try await server.login("root", testPassword)
            let device = try await server.enrolDevice(site: "north")
            let batch = try SyncTests.participantsBatch(["P01"], first: 1)
            #expect(try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: batch).status == 200)
            for (who, token, excluded) in [
                ("device", device.token, [String]()), ("admin", admin, ["/api/v1/logout"]),
            ] {
                // Waited for on a thread of its own: a blocked thread of Swift's pool (two on two cores) would starve
                // the in-process servers of this and other tests, which schemathesis and `soundsafari sync` wait on.
                let (status, output) = try await withCheckedThrowingContinuation { continuation in
                    Thread.detachNewThread {
                        continuation.resume(
                            with: Result {
                                try Schemathesis.run(
                                    program, base: base, token: token, site: "north", participant: "P01",
                                    excluding: excluded)
                            })
                    }
                }
                #expect(status == 0, "schemathesis as \(who) found problems:\n\(output.suffix(6000))")
                #expect(output.contains("passed"), "schemathesis as \(who) ran nothing:\n\(output.suffix(2000))")
            }
        }
    }
}
