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
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.sites.addSite("north")
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

    /// The sentences the routes make, not the templates: alerts, the status lines, the timeline, the participants
    /// table's cells and headings, the charts' labels, a form's refusal and the error page's title. A German browser
    /// finds them in German and none of their English on the pages with data.
    @Test func theSentencesRoutesMakeAreGermanToo() async throws {
        let catalogs = try await TestCatalogs.folder.value
        try await withServer(catalogs: catalogs) { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.sites.addSite("A")
            let sender = try await ParticipantStudy.seed(server, site: "A", participant: "P07")
            // A plan assigned 10 days ago that none of the sessions belongs to: 5 due, 4 missed (an alert).
            try await DashboardAlertsTests.sendPlan("P07", at: Date().addingTimeInterval(-10 * 86_400), by: sender)
            _ = try await server.enrolDevice(site: "A", name: "lab-2")
            let browser = FormClient(server)
            browser.headers[.acceptLanguage] = "de"
            _ = try await browser.signIn("root", testPassword)
            func text(_ path: String) async throws -> String {
                let page = try await browser.send(.get, path)
                #expect(page.status == 200, "\(path)")
                return DashboardParticipantPageTests.text(page.html)
            }
            func expectNoEnglish(_ text: String, _ english: [String], _ path: String) {
                for phrase in english { #expect(!text.contains(phrase), "\(path): '\(phrase)' left in English") }
            }

            let overview = try await text("/")
            #expect(overview.contains("hat 4 Sitzungen des Plans"), "\(overview)")
            #expect(overview.contains("als Nächstes fällig: Sitzung 1 heute"), "\(overview)")
            expectNoEnglish(overview, ["missed 4", "the headphone check", "never", "session 1 today"], "/")

            let site = try await text("/sites/A")
            #expect(site.contains("lab-2") && site.contains(" nie "), "a machine that never synced")
            #expect(site.contains("nach Teilnehmer") && site.contains("neueste Sitzung zuerst"))
            expectNoEnglish(site, ["never", "by participant", "most sessions first"], "/sites/A")

            let table = try await text("/participants")
            #expect(table.contains("Erledigte Sitzungen") && table.contains("Letzter Abgleich"))
            #expect(table.contains("0 von 5 fälligen") && table.contains("Sitzung 1 heute"), "\(table)")
            #expect(table.contains("im Rückstand (verpasste Sitzungen)"))
            expectNoEnglish(
                table,
                [
                    "Sessions done", "Last sync", "Tinnitus loudness", "of 5 due", "session 1 today", "everyone",
                    "behind",
                ],
                "/participants")

            let participant = try await text("/sites/A/participants/P07")
            for german in [
                "Plan 'localization-training-10x12' Version 1: 0 von 10 Sitzungen erledigt, 4 verpasst",
                "Keine Sitzung der letzten 7 Tage hat eine Hördosis", "Sitzung 4 (thesis-study)", "abgeschlossen",
                "mittlere Abweichung",
                "Bewertungen after Sitzung 4", "Profilversion 1 auf home-1",
                "Fragebogen mini-tq (A1, baseline) Summe 14",
                "Tagebuch therapy: Hearing aids hearing-aid von 28.11.2026 bis laufend",
                "Mittlere Abweichung je Sitzung",
                "Tage seit der ersten Bewertung", "rechtes Ohr (O)", "100 % (sichere Wochendosis)",
                "kein Kerbfilter; Verstärkungsregel none",
            ] {
                #expect(participant.contains(german), "participant page: '\(german)' missing")
            }
            expectNoEnglish(
                participant,
                [
                    "sessions done", "Listening dose", "No session of the last", "No training plan", "median deviation",
                    "Ratings after",
                    "Profile version", "profile version", "not completed", "total 14", "to ongoing",
                    "days since the first rating", "right ear", "safe weekly dose", "no notch", "gain rule",
                    "Median deviation per session", "Weekly listening dose at each session",
                ], "participant page")

            let session = try await text(
                "/sites/A/sessions/\(ParticipantStudy.sessionID(number: 2, participant: "P07"))")
            #expect(session.contains("trotzdem fortgesetzt"), "\(session)")
            expectNoEnglish(session, ["continued anyway", "passed: both sides", "none (no profile)"], "session page")

            // A form's refusal and the error page's title.
            let page = try await browser.send(.get, "/sites/A/participants/P07")
            let refused = try await browser.send(
                .post, "/sites/A/participants/P07/profile",
                form: [
                    ("csrf", try #require(page.csrf)), ("notch_centre", ""), ("notch_width", "none"),
                    ("gain_rule", "none"), ("max_gain", "laut"), ("max_volume", ""), ("step", "preview"),
                ])
            #expect(refused.status == 400)
            #expect(
                DashboardParticipantPageTests.text(refused.html).contains(
                    "Der Wert 'laut' für Verstärkungsgrenze ist keine Zahl"))
            let missing = try await browser.send(.get, "/sites/A/participants/P55")
            #expect(
                missing.status == 404 && missing.html.contains("<title>Nicht gefunden · SoundSafari-Studie</title>"))
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
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.sites.addSite("north")
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
