// The public /about page: readable signed out, every sound, HRTF set, C library and Swift package credited with its
// licence (held against the checkout's own files), a site's text set by its team only, audited and shown as text.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct AboutPageTests {
    /// The checkout's root (Server/Tests/StudyServerTests/ is three folders below it).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A new sound in the catalog, a new set in HRTF/, a new linked C library or Swift package without its credit,
    /// or a credit whose licence disagrees with the file that ships it, fails here.
    @Test func theCreditsListEverySoundHRTFSetLibraryAndPackageWithTheLicenceOfItsSource() throws {
        let catalog =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.root.appendingPathComponent("Sounds/sounds.json"))) as? [String: Any]
        let sounds = try #require(catalog?["sounds"] as? [[String: Any]])
        #expect(sounds.count == AboutCredits.sounds.count, "a sound credited that the catalog no longer has")
        for sound in sounds {
            let name = try #require(sound["name"] as? String)
            let credit = AboutCredits.sounds.first { $0.name == name }
            #expect(credit != nil, "Sounds/sounds.json's \(name) has no credit in AboutCredits.sounds")
            #expect(credit?.licence == sound["licence"] as? String, "\(name)'s licence")
            #expect(credit?.display == sound["display_name"] as? String, "\(name)'s name")
        }

        let own = try #require(
            DebianCopyright(
                package: "soundsafari",
                text: String(
                    contentsOf: Self.root.appendingPathComponent("packaging/soundsafari/copyright.in"), encoding: .utf8)
            ))
        let sets = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("HRTF").path)
            .filter { $0.hasSuffix(".sofa") }.sorted()
        #expect(sets == AboutCredits.hrtfSets.map(\.file).sorted(), "HRTF/ holds \(sets)")
        for set in sets {
            let stanza = own.stanzas.first { $0.files.contains("usr/share/soundsafari/HRTF/\(set)") }
            #expect(stanza != nil, "copyright.in has no stanza for HRTF/\(set)")
            let credit = AboutCredits.hrtfSets.first { $0.file == set }
            #expect(credit?.licence == stanza?.licence, "HRTF/\(set)'s licence")
            #expect(credit?.holders == stanza?.copyright.joined(separator: " "), "HRTF/\(set)'s holders")
        }

        // The recorded animals' licence as Debian's copyright file of the stamps says, where it is installed.
        if let stamps = DebianCopyright.installed("tuxpaint-stamps-default") {
            let credit = AboutCredits.groups(.english).flatMap(\.credits).first { $0.name.contains(stamps.package) }
            #expect(credit?.licence == stamps.licence, "tuxpaint-stamps-default's licence")
        }
        let names = AboutCredits.groups(.english).flatMap(\.credits).map { $0.name.lowercased() }
        let modules = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path
        ).filter { $0.hasPrefix("C") }
        var linked: [String] = []
        for module in modules {
            let map = Self.root.appendingPathComponent("Sources/\(module)/module.modulemap")
            guard let text = try? String(contentsOf: map, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("link ") {
                linked.append(line.split(separator: "\"")[1].lowercased())
            }
        }
        #expect(linked.count >= 10, "the modules' link lines were read: \(linked)")
        for library in linked {
            #expect(names.contains { $0.contains(library) }, "the linked library \(library) has no credit")
        }

        for file in ["Package.resolved", "Server/Package.resolved"] {
            let resolved =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: Self.root.appendingPathComponent(file))) as? [String: Any]
            let pins = try #require(resolved?["pins"] as? [[String: Any]])
            for pin in pins {
                let identity = try #require(pin["identity"] as? String)
                #expect(
                    AboutCredits.serverPackages.contains { $0.identity == identity },
                    "\(file)'s package \(identity) has no credit")
            }
        }
    }

    @Test func thePageIsPublicAndShowsASiteTextItsTeamWroteAsText() async throws {
        try await withServer { server in
            for site in ["A", "B"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "sup-a", role: .supervisor, sites: ["A"], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "res", role: .researcher, sites: [], password: testPassword)

            let visitor = FormClient(server)
            let empty = try await visitor.send(.get, "/about")
            #expect(empty.status == 200, "signed out, the page is shown: \(empty.html.prefix(300))")
            #expect(empty.html.contains("No site of this server has written who runs it yet"))
            for said in [
                "tuxpaint-stamps-default", "GPL-2", "Pond at dusk (Sounds/ambience.wav)", "HRTF/fhk-ku100.sofa",
                "CC-BY-SA-3.0", "IRCAM-LISTEN", "postgres-nio", "What is never sent", "never recorded",
                PrivacyNotice.sent(kind: "messages", .english)!,
            ] {
                #expect(empty.html.contains(DashboardHTML.escape(said)), "the page names \(said)")
            }
            #expect(!empty.html.contains("Sign out"), "no account's navigation signed out")
            #expect(empty.html.contains(#"<a href="/about">About and licences</a>"#), "the footer's link")
            #expect(try await visitor.send(.get, "/login").html.contains(#"href="/about""#), "on the sign-in page too")

            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let sitePage = try await sup.send(.get, "/sites/A")
            let csrf = try #require(sitePage.csrf)
            #expect(sitePage.html.contains(#"action="/sites/A/about""#))
            let forged = try await sup.send(.post, "/sites/A/about", form: [("about", "x")])
            #expect(forged.status == 403)
            let long = try await sup.send(
                .post, "/sites/A/about", form: [("csrf", csrf), ("about", String(repeating: "a", count: 4001))])
            #expect(long.status == 400 && long.html.contains("The text has 4001 characters, more than 4000"))
            #expect(long.html.contains(String(repeating: "a", count: 4001) + "</textarea>"), "the draft stays")
            let text = "Tinnitus clinic <b>Ulm</b> & \"friends\"\r\n<script>alert(1)</script> call 0731 500"
            let saved = try await sup.send(.post, "/sites/A/about", form: [("csrf", csrf), ("about", text)])
            #expect(saved.status == 200 && saved.html.contains("The text of A is saved"), "\(saved.html.prefix(200))")
            // Another site's is the same 404 as a site that does not exist; a researcher may not write.
            #expect(try await sup.send(.post, "/sites/B/about", form: [("csrf", csrf), ("about", "x")]).status == 404)
            let researcher = FormClient(server)
            try await researcher.signIn("res", testPassword)
            let researcherCSRF = try #require(try await researcher.send(.get, "/").csrf)
            #expect(
                try await researcher.send(.post, "/sites/A/about", form: [("csrf", researcherCSRF), ("about", "x")])
                    .status == 403)

            let page = try await FormClient(server).send(.get, "/about")
            #expect(page.status == 200)
            #expect(!page.html.contains("<script>alert") && !page.html.contains("<b>Ulm"), "markup is inert")
            #expect(
                page.html.contains(
                    "Tinnitus clinic &lt;b&gt;Ulm&lt;/b&gt; &amp; &quot;friends&quot;\n&lt;script&gt;alert(1)&lt;/script&gt;"
                ))
            #expect(page.html.contains(#"<h3 id="site-1">A</h3>"#) && !page.html.contains(#">B</h3>"#))
            let audit = try await server.database.auditTrail.auditRows(action: "site.about")
            #expect(audit.count == 1 && audit[0].actor == "sup-a" && audit[0].site == "A")
            #expect(audit[0].after?.contains("Tinnitus clinic") == true)
            // Sent again unchanged: nothing stored, nothing audited; emptied: the page no longer names the site.
            _ = try await sup.send(.post, "/sites/A/about", form: [("csrf", csrf), ("about", text)])
            #expect(try await server.database.auditTrail.auditRows(action: "site.about").count == 1)
            _ = try await sup.send(.post, "/sites/A/about", form: [("csrf", csrf), ("about", "  ")])
            #expect(try await FormClient(server).send(.get, "/about").html.contains("No site of this server"))
        }
    }
}
