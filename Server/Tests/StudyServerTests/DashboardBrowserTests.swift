// The dashboard in a real browser (headless Chromium through WebDriver) against a live server and a real PostgreSQL.
import Foundation
import Testing

@testable import StudyServer

/// A live server with an admin, sites A and B, a supervisor of A, a researcher of all sites and a machine at A.
private func withStudy(_ body: @Sendable (Harness, String) async throws -> Void) async throws {
    try await withServer(live: true) { server in
        _ = try await server.database.accounts.addUser(name: "root", role: .admin, sites: [], password: testPassword)
        for site in ["A", "B"] { try await server.database.sites.addSite(site) }
        _ = try await server.database.accounts.addUser(
            name: "sup-a", role: .supervisor, sites: ["A"], password: testPassword)
        _ = try await server.database.accounts.addUser(
            name: "res", role: .researcher, sites: [], password: testPassword)
        _ = try await server.enrolDevice(site: "A", name: "lab-1")
        let port = try #require(server.client.port)
        try await body(server, "http://127.0.0.1:\(port)")
    }
}

extension WebDriver {
    /// Signs in through the sign-in form, as a person does.
    func signIn(_ base: String, _ name: String) async throws {
        try await go(base + "/login")
        try await type("#name", name)
        try await type("#password", testPassword)
        try await clickAndLoad("main button[type=submit]")
    }

    /// The "What" column of the audit trail's table on the page.
    func auditActions() async throws -> [String] {
        try await execute(
            "return Array.from(document.querySelectorAll('tbody tr td:nth-child(4)')).map(e => e.textContent);")
            as? [String] ?? []
    }

    /// Opens `path` and checks it with axe-core: no serious or critical violation.
    func expectAccessible(_ base: String, _ path: String) async throws {
        let axe = try #require(Axe.script, "axe-core is missing: run scripts/browser-test-deps.sh (make test does)")
        try await go(base + path)
        let violations = try await Axe.seriousViolations(in: self, axe: axe)
        #expect(violations.isEmpty, "axe-core on \(path): \(violations)")
    }
}

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct DashboardBrowserTests {
    @Test(arguments: [(1280, 800), (390, 844)])
    func eachRoleSignsInSeesItsPagesWithoutSeriousAccessibilityViolations(width: Int, height: Int) async throws {
        try await withStudy { server, base in
            let pages: [(String, Role, [String])] = [
                ("root", .admin, ["/", "/admin/users", "/admin/sites", "/admin/audit", "/sites/A"]),
                ("sup-a", .supervisor, ["/", "/sites/A", "/account/password"]),
                ("res", .researcher, ["/"]),
            ]
            try await WebDriver.with(width: width, height: height) { browser in
                try await browser.go(base + "/login")
                try await browser.screenshot("login-\(width)x\(height)")
                try await browser.expectAccessible(base, "/login")
                for (name, role, paths) in pages {
                    try await browser.signIn(base, name)
                    #expect(try await browser.title().hasPrefix("Study overview"), "\(name) lands on the overview")
                    let text = try await browser.text()
                    #expect(text.contains("\(name) · \(role.rawValue)"))
                    #expect(text.contains("Audit trail") == (role == .admin), "only an admin sees the admin pages")
                    // Enrolled minutes ago: not quiet yet (the alert counts 7 days from enrolment, issue 39).
                    #expect(!text.contains("The machine lab-1 has not synced"), "no alert for a new machine")
                    for path in paths {
                        try await browser.expectAccessible(base, path)
                        let file = path == "/" ? "overview" : path.split(separator: "/").joined(separator: "-")
                        try await browser.screenshot("\(role.rawValue)-\(file)-\(width)x\(height)")
                    }
                    try await browser.go(base + "/")
                    try await browser.clickAndLoad("form.signout button")
                    #expect(try await browser.currentURL() == base + "/login")
                    try await browser.go(base + "/")
                    #expect(try await browser.currentURL() == base + "/login", "signed out, pages ask to sign in")
                }
            }
        }
    }

    @Test func aSupervisorOfSiteACannotReachSiteBByURL() async throws {
        try await withStudy { server, base in
            try await WebDriver.with { browser in
                try await browser.signIn(base, "sup-a")
                try await browser.go(base + "/sites/A")
                #expect(try await browser.text().contains("lab-1"))
                try await browser.go(base + "/sites/B")
                let b = try await browser.text()
                #expect(b.contains("No site named B is visible to you") && !b.contains("Machines"))
                try await browser.go(base + "/sites/C")
                #expect(try await browser.text().contains("No site named C is visible to you"), "as if B did not exist")
                try await browser.go(base + "/admin/users")
                #expect(try await browser.text().contains("A supervisor may not open this page"))
                try await browser.go(base + "/")
                let listed = try await browser.execute(
                    "return Array.from(document.querySelectorAll('tbody td:first-child')).map(e => e.textContent);")
                #expect(listed as? [String] == ["A"], "only A is on the overview")
            }
            // A form posted by hand to B's pages is refused too, and writes nothing.
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let page = try await sup.send(.get, "/sites/A")
            let code = try await sup.send(.post, "/sites/B/enrolment-code", form: [("csrf", page.csrf ?? "")])
            #expect(code.status == 404)
            #expect(try await server.database.auditTrail.auditRows(action: "device.code").isEmpty == false)
            #expect(try await server.database.auditTrail.auditRows(action: "device.code").allSatisfy { $0.site == "A" })
        }
    }

    @Test func aFormWhoseCSRFTokenWasRemovedIsRefused() async throws {
        try await withStudy { server, base in
            try await WebDriver.with { browser in
                try await browser.signIn(base, "root")
                try await browser.go(base + "/admin/sites")
                try await browser.execute(
                    "document.querySelector('main form[action=\"/admin/sites\"] input[name=csrf]').remove();")
                try await browser.type("#site-name", "C")
                try await browser.clickAndLoad("main form button[type=submit]")
                #expect(try await browser.text().contains("did not carry this page's security token"))
                #expect(try await server.database.sites.sites() == ["A", "B"])
                // The same form with its token works.
                try await browser.go(base + "/admin/sites")
                try await browser.type("#site-name", "C")
                try await browser.clickAndLoad("main form button[type=submit]")
                #expect(try await browser.text().contains("Added the site C."))
                #expect(try await server.database.sites.sites() == ["A", "B", "C"])
            }
        }
    }

    @Test func aScriptInANameShowsAsText() async throws {
        try await withStudy { server, base in
            let script = "<script>alert(1)</script>"
            _ = try await server.enrolDevice(site: "A", name: script)
            try await WebDriver.with { browser in
                try await browser.signIn(base, "sup-a")
                try await browser.go(base + "/sites/A")
                #expect(try await browser.text().contains(script))
                #expect(await browser.alertIsOpen() == false)
                #expect(try await browser.execute("return document.querySelectorAll('script').length;") as? Int == 0)
                // A participant ID typed into the prescription form comes back, refused, as text.
                try await browser.type("#participant", script)
                try await browser.type("#plan", "{}")
                try await browser.clickAndLoad("form[action$='/plans'] button")
                #expect(try await browser.text().contains("'\(script)' cannot be a participant ID"))
                #expect(await browser.alertIsOpen() == false)
                #expect(
                    try await browser.execute("return document.getElementById('participant').value;") as? String
                        == script)
                try await browser.screenshot("escaped-script-1280x800")
            }
        }
    }

    @Test func theKeyboardReachesEverythingWithAVisibleFocus() async throws {
        try await withStudy { server, base in
            try await WebDriver.with { browser in
                // Sign in by keyboard alone: the name has the focus, Tab to the password, Enter sends.
                try await browser.go(base + "/login")
                try await browser.pressAndLoad("sup-a\u{E004}\(testPassword)\u{E007}")
                #expect(try await browser.title().hasPrefix("Study overview"))
                try await browser.press("\u{E004}")
                #expect(try await browser.execute("return document.activeElement.className;") as? String == "skip")
                #expect(
                    try await browser.execute("return getComputedStyle(document.activeElement).outlineStyle;")
                        as? String == "solid")
                try await browser.press("\u{E004}")
                let focused = try await browser.execute("return document.activeElement.textContent;") as? String
                #expect(focused == "Overview", "after the skip link, the navigation")
                #expect(
                    try await browser.execute("return getComputedStyle(document.activeElement).outlineWidth;")
                        as? String == "3px")
                try await browser.screenshot("keyboard-focus-1280x800")
                // The skip link jumps over the navigation: the next Tab is in the page's content.
                try await browser.execute("document.querySelector('a.skip').focus();")
                try await browser.press("\u{E007}\u{E004}")
                #expect(
                    try await browser.execute("return document.activeElement.closest('main') !== null;") as? Bool
                        == true)
            }
        }
    }

    @Test func anAdminEnrolsAMachineRevokesItPrescribesAPlanAndFindsAllInTheAuditTrail() async throws {
        try await withStudy { server, base in
            try await WebDriver.with { browser in
                try await browser.signIn(base, "root")
                try await browser.go(base + "/sites/A")
                try await browser.clickAndLoad("form[action$='/enrolment-code'] button")
                let text = try await browser.text()
                #expect(text.contains("Enrolment code for a new machine of A"))
                try await browser.screenshot("site-enrolment-code-1280x800")
                // A code for one participant's own machine (a home PC): the card says whose, and that it gets nothing
                // of anyone else.
                try await browser.type("#code-participant", "P07")
                try await browser.clickAndLoad("form[action$='/enrolment-code'] button")
                let bound = try await browser.text()
                #expect(bound.contains("Enrolment code for the own machine of P07 at A"), "\(bound)")
                #expect(bound.contains("nobody else's"))
                try await browser.screenshot("site-enrolment-code-participant-1280x800")
                try await browser.clickAndLoad("button[aria-label='Revoke lab-1']")
                #expect(try await browser.text().contains("Revoke the machine lab-1"))
                try await browser.screenshot("site-revoke-confirm-1280x800")
                try await browser.clickAndLoad("#confirm-revoke")
                #expect(try await browser.text().contains("The machine lab-1 is revoked"))
                try await browser.type("#participant", "P07")
                try await browser.execute(
                    "document.getElementById('plan').value = arguments[0];", [try RoleMatrixTests.trainingPlan()])
                try await browser.clickAndLoad("form[action$='/plans'] button")
                // No machine of A has sent P07: refused until the form says P07 is new; the plan stays typed.
                #expect(try await browser.text().contains("Nothing of P07 is held at A"))
                try await browser.execute("document.getElementById('new-participant').click();")
                try await browser.clickAndLoad("form[action$='/plans'] button")
                #expect(try await browser.text().contains("the plan reaches P07's machines of A at their next sync"))
                #expect(try await browser.currentURL().hasSuffix("/sites/A?prescription=1"))
                let stored = try await server.database.prescriptions.prescriptions(site: "A", after: 0)
                #expect(stored.map(\.participant) == ["P07"])
                #expect(stored.first?.content == (try RoleMatrixTests.trainingPlan()))

                try await browser.go(base + "/admin/audit")
                try await browser.type("#f-participant", "P07")
                try await browser.clickAndLoad("main form button[type=submit]")
                // The code made for P07's machine is P07's too.
                #expect(try await browser.auditActions().sorted() == ["device.code", "prescription.plan"])
                try await browser.go(base + "/admin/audit")
                try await browser.type("#f-action", "device")
                try await browser.clickAndLoad("main form button[type=submit]")
                let devices = try await browser.auditActions()
                #expect(
                    devices.contains("device.code") && devices.contains("device.revoke")
                        && devices.contains("device.enrol"))
                #expect(devices.allSatisfy { $0.hasPrefix("device.") })
                try await browser.screenshot("admin-audit-filtered-1280x800")
            }
        }
    }
}
