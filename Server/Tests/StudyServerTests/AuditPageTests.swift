// The audit page past its first 200 rows: pages, a filter by days, and a CSV download that is itself audited.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct AuditPageTests {
    /// 450 rows by `sup-x`, one an hour from 2026-11-01 00:00 UTC (the 24 of 2026-11-02 among them), and one whose
    /// actor a spreadsheet would take for a formula.
    static func fill(_ database: StudyDatabase) async throws {
        try await database.execute(
            """
            INSERT INTO audit (at, actor, role, action, site, participant, after)
            SELECT timestamptz '2026-11-01 00:00:00+00' + n * interval '1 hour', 'sup-x', 'supervisor', 'participant.view',
              'north', 'P07', jsonb_build_object('n', n::text)
            FROM generate_series(0, 449) AS n
            """)
        try await database.execute(
            """
            INSERT INTO audit (at, actor, role, action) VALUES (timestamptz '2026-11-02 12:30:00+00', '=cmd()', 'admin', 'login')
            """)
    }

    /// Row n's `after` as the page shows it (escaped).
    static func n(_ n: Int) -> String { "{&quot;n&quot;: &quot;\(n)&quot;}" }

    static func form(_ page: FormClient.Page, _ fields: [(String, String)]) -> [(String, String)] {
        [("csrf", page.csrf ?? "")] + fields
    }

    @Test func theTrailIsPagedNewestFirstAndAPagePastTheLastShowsTheLast() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await Self.fill(server.database)
            let browser = FormClient(server)
            try await browser.signIn("root", testPassword)
            let first = try await browser.send(.get, "/admin/audit")
            #expect(first.status == 200)
            let rows = { (page: FormClient.Page) in page.html.components(separatedBy: "<tr><td>").count - 1 }
            // 450 + the odd one + root's account and sign-in: 453 rows, three pages.
            #expect(first.html.contains("page 1 of 3, 453 rows") && rows(first) == 200, "\(first.html.prefix(3000))")
            #expect(first.html.contains(#"name="page" value="2">Older rows"#) && !first.html.contains("Newer rows"))
            let filter = [("actor", "sup-x")]
            let one = try await browser.send(.post, "/admin/audit", form: Self.form(first, filter))
            #expect(one.html.contains("page 1 of 3, 450 rows") && one.html.contains(Self.n(449)), "newest first")
            let third = try await browser.send(.post, "/admin/audit", form: Self.form(one, filter + [("page", "3")]))
            #expect(rows(third) == 50 && third.html.contains(Self.n(0)) && !third.html.contains(Self.n(50)))
            #expect(third.html.contains(#"name="page" value="2">Newer rows"#) && !third.html.contains("Older rows"))
            // The pager carries the filter.
            #expect(third.html.contains(#"<input type="hidden" name="actor" value="sup-x">"#))
            let past = try await browser.send(
                .post, "/admin/audit", form: Self.form(third, filter + [("page", "2147483647")]))
            #expect(past.status == 200 && past.html.contains("page 3 of 3") && rows(past) == 50)
            for bad in ["0", "-1", "x", "2147483648", "99999999999999999999"] {
                let refused = try await browser.send(
                    .post, "/admin/audit", form: Self.form(past, filter + [("page", bad)]))
                #expect(refused.status == 400 && refused.html.contains("page=\(bad)"), "page \(bad)")
            }
        }
    }

    @Test func daysNarrowTheTrailAndOnesThatAreNoDaysAreRefusedNamingTheField() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await Self.fill(server.database)
            let browser = FormClient(server)
            try await browser.signIn("root", testPassword)
            let start = try await browser.send(.get, "/admin/audit")
            let day = try await browser.send(
                .post, "/admin/audit", form: Self.form(start, [("from", "2026-11-02"), ("to", "2026-11-02")]))
            // 24 hourly rows and the odd one of that day.
            #expect(day.status == 200 && day.html.contains("page 1 of 1, 25 rows"), "\(day.html.prefix(3000))")
            // The page writes times as every dashboard page does (its language's form; English here).
            #expect(day.html.contains("2026-11-02 23:00:00 UTC") && !day.html.contains("2026-11-03 00:00:00 UTC"))
            #expect(!day.html.contains("2026-11-01 23:00:00 UTC"))
            let from = try await browser.send(.post, "/admin/audit", form: Self.form(day, [("from", "2026-11-19")]))
            // Hours 432…449 of sup-x, and root's account and sign-in of today.
            #expect(from.html.contains("page 1 of 1, 20 rows"), "\(from.html.prefix(3000))")
            let to = try await browser.send(.post, "/admin/audit", form: Self.form(from, [("to", "2026-11-01")]))
            #expect(to.html.contains("page 1 of 1, 24 rows"))
            for (field, label, value) in [
                ("from", "From", "2026-02-30"), ("to", "To", "2026-11-2\u{0663}"), ("from", "From", "26-11-02"),
                ("to", "To", "2026-11-02\n"), ("from", "From", "2026-11-02T00:00:00Z"), ("to", "To", "yesterday"),
            ] {
                let refused = try await browser.send(.post, "/admin/audit", form: Self.form(to, [(field, value)]))
                #expect(
                    refused.status == 400 && refused.html.contains("The day in \(label)")
                        && !refused.html.contains("<tbody>"), "\(field)=\(value): \(refused.status)")
            }
            let reversed = try await browser.send(
                .post, "/admin/audit", form: Self.form(to, [("from", "2026-11-03"), ("to", "2026-11-02")]))
            #expect(reversed.status == 400 && reversed.html.contains("From is after To"))
        }
    }

    @Test func theCSVHoldsEveryRowTheFilterMatchesAndIsItselfAudited() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "res", role: .researcher, sites: ["north"], password: testPassword)
            try await Self.fill(server.database)
            let machine = try await server.enrolDevice(site: "north", name: "lab-1")
            let sent = try await server.call(
                .post, "/api/v1/sync/batch", token: machine.token,
                json: try SyncTests.participantsBatch(["P07"], first: 1))
            try #require(sent.status == 200)
            let browser = FormClient(server)
            try await browser.signIn("root", testPassword)
            let start = try await browser.send(.get, "/admin/audit")
            let csv = try await browser.send(
                .post, "/admin/audit",
                form: Self.form(start, [("actor", "sup-x"), ("from", "2026-11-02"), ("format", "csv")]))
            #expect(csv.status == 200 && csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == #"attachment; filename="audit.csv""#)
            let lines = csv.html.split(separator: "\n").map(String.init)
            #expect(lines.first == CSVWriter.headerLine(StudyDatabase.auditColumns).dropLast().description)
            // Every row from 2026-11-02 on, not a page of them: hours 24…449, oldest first.
            #expect(lines.count == 1 + 426, "\(lines.count)")
            #expect(lines[1].contains("2026-11-02T00:00:00.000Z,sup-x,,supervisor,participant.view,north,P07"))
            #expect(lines.last?.contains(#"{""n"": ""449""}"#) == true, "\(lines.last ?? "")")
            // The download is a row of the trail, with its filter.
            let exported = try await server.database.auditTrail.auditRows(action: "audit.export")
            #expect(exported.count == 1 && exported[0].actor == "root")
            #expect(exported[0].after?.contains(#""since": "2026-11-02T00:00:00.000Z""#) == true)
            #expect(exported[0].after?.contains(#""actor": "sup-x""#) == true, "\(exported[0].after ?? "")")

            // A formula is a text cell, and a machine's row names the machine.
            let all = try await browser.send(.post, "/admin/audit", form: Self.form(start, [("format", "csv")]))
            #expect(all.html.contains("'=cmd()") && !all.html.contains(",=cmd()"))
            #expect(
                all.html.contains(",device:\(machine.id.lowercased()),lab-1,device,sync.store,north,"),
                "\(all.html.suffix(800))")
            #expect(try await server.database.auditTrail.auditRows(action: "audit.export").count == 2)

            // Only an admin: no CSV, and no row, for anyone else; none without the form's token.
            let forged = try await browser.send(.post, "/admin/audit", form: [("format", "csv")])
            #expect(forged.status == 403)
            for name in ["sup", "res"] {
                let other = FormClient(server)
                try await other.signIn(name, testPassword)
                let page = try await other.send(.get, "/")
                let refused = try await other.send(.post, "/admin/audit", form: Self.form(page, [("format", "csv")]))
                #expect(refused.status == 403 && !refused.html.contains("sup-x"), "\(name): \(refused.status)")
                #expect(try await other.send(.get, "/admin/audit").status == 403)
            }
            #expect(try await server.database.auditTrail.auditRows(action: "audit.export").count == 2)
        }
    }
}
