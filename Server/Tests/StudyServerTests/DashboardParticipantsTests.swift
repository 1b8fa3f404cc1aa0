// A site's participants table on the dashboard: read from the projection tables, paginated and ordered in PostgreSQL.
import Foundation
import PostgresNIO
import Testing

@testable import StudyServer

@Suite struct DashboardParticipantsTests {
    @Test func aSitesParticipantsArePagedAndOrderedOnTheServer() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            for site in ["A", "B"] { try await server.database.sites.addSite(site) }
            let device = try await server.enrolDevice(site: "A").id
            // 120 registered participants of A; P007 trained twice (one session completed), P042 once, later.
            try await server.database.execute(
                """
                INSERT INTO participants (site_id, participant, registered_at, first_registered_at, gender,
                  device_id, item)
                SELECT s.id, 'P' || lpad(n::text, 3, '0'), now(), now(), 'na', \(device)::uuid, n
                FROM sites s, generate_series(1, 120) n WHERE s.name = 'A'
                """)
            for (session, participant, completed, trials, hoursAgo) in [
                ("s1", "P007", true, 48, 50), ("s2", "P007", false, 10, 30), ("s3", "P042", true, 48, 2),
            ] {
                try await server.database.execute(
                    """
                    INSERT INTO sessions (session_id, site_id, participant, device_id, machine_id, file, state_item,
                      started_at, completed, protocol, input, state, trial_count)
                    SELECT \(session), id, \(participant), \(device)::uuid, 'm', \(participant) || '/x/session.json', 1,
                      now() - \(hoursAgo) * interval '1 hour', \(completed), 'training', 'mouse', '{}'::jsonb, \(trials)
                    FROM sites WHERE name = 'A'
                    """)
            }
            let admin = FormClient(server)
            try await admin.signIn("root", testPassword)
            let first = try await admin.send(.get, "/sites/A")
            #expect(first.status == 200 && first.html.contains("Participants (120)"))
            #expect(first.html.contains("Page 1 of 3") && first.html.contains("/sites/A?page=2&amp;sort=participant"))
            #expect(Self.participants(first.html).count == 50)
            #expect(Self.participants(first.html).first == "P001")
            let last = try await admin.send(.get, "/sites/A?page=3&sort=participant")
            #expect(Self.participants(last.html) == (101...120).map { "P\($0)" })
            let latest = try await admin.send(.get, "/sites/A?sort=last")
            #expect(Array(Self.participants(latest.html).prefix(3)) == ["P042", "P007", "P001"])
            let most = try await admin.send(.get, "/sites/A?sort=sessions")
            #expect(Array(Self.participants(most.html).prefix(2)) == ["P007", "P042"])
            #expect(
                most.html.contains(
                    #"<td><a href="/sites/A/participants/P007">P007</a></td><td>1</td><td>2</td><td>58</td>"#))
            // The overview counts A's participants and the sessions started since Monday (UTC).
            let week = try await server.database.rows(
                """
                SELECT count(*)::int FROM sessions
                WHERE started_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                """
            ).first!.decode(Int.self)
            let overview = try await admin.send(.get, "/")
            #expect(overview.html.contains(#"<a href="/sites/A">A</a></td><td>120</td><td>\#(week)</td><td>1</td>"#))
            #expect(overview.html.contains(#"<a href="/sites/B">B</a></td><td>0</td><td>0</td><td>0</td>"#))
            let bad = try await admin.send(.get, "/sites/A?sort=name;DROP")
            #expect(bad.status == 400 && bad.html.contains("use participant, sessions or last"))
            #expect(try await admin.send(.get, "/sites/A?page=0").status == 400)
            let empty = try await admin.send(.get, "/sites/B")
            #expect(empty.html.contains("Participants (0)") && empty.html.contains("No participant of B has synced"))
        }
    }

    @Test func theExportDownloadsAsOneZIPOfTheSameFilesAsTheAPI() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "res", role: .researcher, sites: [], password: testPassword)
            for site in ["A", "B"] { try await server.database.sites.addSite(site) }
            let device = try await server.enrolDevice(site: "A").id
            try await server.database.execute(
                """
                INSERT INTO participants (site_id, participant, registered_at, first_registered_at, gender,
                  device_id, item)
                SELECT s.id, 'P' || n, now(), now(), 'na', \(device)::uuid, n
                FROM sites s, generate_series(1, 30) n WHERE s.name = 'A'
                """)
            let browser = FormClient(server)
            try await browser.signIn("res", testPassword)
            let zip = try await browser.send(.get, "/export.zip")
            #expect(zip.status == 200 && zip.headers[.contentType] == "application/zip")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(zip.bytes).write(to: file)
            // Python's zipfile checks every entry's CRC-32 and sizes, then prints each entry after "==NAME".
            let script = [
                "import sys, zipfile", "z = zipfile.ZipFile(sys.argv[1])", "assert z.testzip() is None",
                "for n in z.namelist(): sys.stdout.write('==' + n + chr(10) + z.read(n).decode('utf-8'))",
            ].joined(separator: "\n")
            let (status, output) = try Spawn.run(["/usr/bin/env", "python3", "-c", script, file.path])
            #expect(status == 0, "\(output)")
            let entries = output.components(separatedBy: "==").dropFirst()
            #expect(
                entries.map { String($0.prefix { $0 != "\n" }) }
                    == ExportFile.allCases.map(\.rawValue))
            let token = try await server.login("res", testPassword)
            for name in ["participants.csv", "trials.csv"] {
                let api = try await server.call(.get, "/api/v1/export?format=csv&file=\(name)", token: token)
                let fromZIP = entries.first { $0.hasPrefix(name + "\n") }.map { String($0.dropFirst(name.count + 1)) }
                #expect(fromZIP == api.text, "\(name) in the ZIP equals the API's")
            }
            #expect(try await server.database.auditTrail.auditRows(action: "export").count == 3)
        }
    }

    /// The participant IDs of the table's rows, in order.
    static func participants(_ html: String) -> [String] {
        html.components(separatedBy: "<tr><td>").dropFirst().compactMap { row in
            // Each ID links to its participant's page: the link's text.
            let text = row.hasPrefix("<a ") ? row.drop { $0 != ">" }.dropFirst() : Substring(row)
            let id = String(text.prefix { $0 != "<" })
            return id.hasPrefix("P") ? id : nil
        }
    }
}
