// The dashboard in the reader's language (issue 41): Accept-Language picks the catalog per request, the templates'
// marked texts and the page titles come from po/de.po, and `lang` follows.
import Foundation
import HTTPTypes
import Localization
import Testing

@testable import StudyServer

@Suite struct DashboardGermanTests {
    /// The pages an admin reaches from the navigation, with their template.
    static let pages: [(path: String, template: String)] = [
        ("/", "overview"), ("/participants", "participants"), ("/sites/north", "site"),
        ("/account/password", "password"), ("/report", "report"), ("/admin/users", "users"),
        ("/admin/sites", "sites"), ("/admin/audit", "audit"),
    ]

    /// The page's text as a person reads it: tags, `<code>` (commands and file names stay as they are) and the
    /// values the test put in (names, sites) left out.
    static func readable(_ html: String) -> String {
        html.replacing(/<code>.*?<\/code>/, with: " ").replacing(/<[^>]*>/, with: " ")
            .replacing(/&[a-z#0-9]+;/, with: " ")
    }

    @Test func aGermanBrowserGetsEveryPageInGermanAndAnEnglishOneInEnglish() async throws {
        let catalogs = try await TestCatalogs.folder.value
        let german = try MessageCatalog.load(.german, catalogs: catalogs)
        let marked = try TestCatalogs.markedTexts()
        try await withServer(catalogs: catalogs) { server in
            _ = try await server.database.addUser(name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.addSite("north")
            _ = try await server.enrolDevice(site: "north", name: "lab-1")

            let browser = FormClient(server)
            browser.headers[.acceptLanguage] = "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7"
            let login = try await browser.send(.get, "/login")
            #expect(login.html.contains(#"<html lang="de">"#))
            #expect(login.html.contains("<title>Anmelden · SoundSafari-Studie</title>"))
            #expect(Self.readable(login.html).contains("Noch kein Konto?"))
            _ = try await browser.signIn("root", testPassword)
            for (path, template) in Self.pages {
                let page = try await browser.send(.get, path)
                #expect(page.status == 200, "\(path)")
                #expect(page.html.contains(#"<html lang="de">"#), "\(path)")
                let text = Self.readable(page.html)
                // Every marked text of the page's template and the layout whose translation differs: the English
                // sentence is nowhere on the page (its static part, before any {{value}}).
                for english in (marked[template] ?? []) + (marked["layout"] ?? []) {
                    let translated = german.translate(english)
                    #expect(translated != english || !english.contains(" "), "\(english): untranslated")
                    let fixed = english.prefix { $0 != "{" && $0 != "<" }.trimmingCharacters(in: .whitespaces)
                    guard translated != english, fixed.count > 3,
                        !translated.contains(fixed)
                    else { continue }
                    #expect(
                        text.firstMatch(of: try Regex("\\b" + NSRegularExpression.escapedPattern(for: fixed) + "\\b"))
                            == nil, "\(path): '\(fixed)' left in English")
                }
            }
            let overview = Self.readable(try await browser.send(.get, "/").html)
            #expect(overview.contains("Studienübersicht") && overview.contains("Nichts braucht Ihre Aufmerksamkeit."))
            #expect(overview.contains("Sitzungen diese Woche") && overview.contains("Export für die Forschung"))

            // The same server, an English browser: the code's own strings.
            let english = FormClient(server)
            english.headers[.acceptLanguage] = "en-GB,en;q=0.9,de;q=0.5"
            _ = try await english.signIn("root", testPassword)
            let page = try await english.send(.get, "/")
            #expect(page.html.contains(#"<html lang="en">"#))
            #expect(Self.readable(page.html).contains("Nothing needs your attention."))
        }
    }

    @Test(arguments: [
        ("de", Language.german), ("de-AT, en;q=0.5", .german), ("en, de;q=0.9", .english),
        ("fr, de;q=0.4", .german), ("fr", .english), ("*", .english), ("de;q=0", .english),
        ("en;q=0.2, de;q=0.8", .german), ("", .english),
    ])
    func acceptLanguageChoosesTheFirstLanguageHeldByWeight(header: String, expected: Language) {
        #expect(DashboardLanguage.preferred(header, available: [.english, .german]) == expected)
        #expect(DashboardLanguage.preferred(header, available: [.english]) == .english, "no catalog: English")
    }

    /// A marked text is template source: its translation keeps the same `{{values}}` and inline tags.
    @Test func everyTranslationOfATemplateTextKeepsItsValuesAndTags() async throws {
        let german = try MessageCatalog.load(.german, catalogs: try await TestCatalogs.folder.value)
        for (template, texts) in try TestCatalogs.markedTexts() {
            for english in texts {
                let translated = german.translate(english)
                func parts(_ text: String) -> [String] {
                    text.matches(of: /\{\{[^}]*\}\}|<[^>]*>/).map { String($0.0) }.sorted()
                }
                #expect(parts(translated) == parts(english), "\(template): \(english) → \(translated)")
            }
        }
    }
}

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct DashboardGermanBrowserTests {
    @Test(arguments: [(1280, 800), (390, 844)])
    func theOverviewAndTheSitePageInGermanPassAxe(width: Int, height: Int) async throws {
        let catalogs = try await TestCatalogs.folder.value
        try await withServer(live: true, catalogs: catalogs) { server in
            _ = try await server.database.addUser(name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.addSite("north")
            _ = try await server.enrolDevice(site: "north", name: "lab-1")
            let base = "http://127.0.0.1:\(try #require(server.client.port))"
            try await WebDriver.with(width: width, height: height, language: "de") { browser in
                try await browser.go(base + "/login")
                #expect(try await browser.title() == "Anmelden · SoundSafari-Studie")
                try await browser.signIn(base, "root")
                #expect(try await browser.title().hasPrefix("Studienübersicht"))
                try await browser.screenshot("de-overview-\(width)x\(height)")
                for path in ["/", "/sites/north", "/participants"] {
                    try await browser.expectAccessible(base, path)
                    #expect(
                        try await browser.execute("return document.documentElement.lang;") as? String == "de", "\(path)"
                    )
                }
                try await browser.go(base + "/sites/north")
                try await browser.screenshot("de-site-\(width)x\(height)")
            }
        }
    }
}
