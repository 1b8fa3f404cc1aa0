// The account's own language on the dashboard (issue 41, migration 70): it comes before Accept-Language on every
// page, numbers and times follow it, a refusal is worded in it, and an unknown language is refused naming the field.
import Foundation
import HTTPTypes
import Localization
import Testing

@testable import StudyServer

@Suite struct DashboardAccountLanguageTests {
    /// A day and time as German pages write them, and as English ones do.
    static var germanTime: Regex<Substring> { /\d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d UTC/ }
    static var englishTime: Regex<Substring> { /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/ }

    @Test func aGermanAccountSeesGermanPagesWhateverTheBrowserAsks() async throws {
        let catalogs = try await TestCatalogs.folder.value
        try await withServer(catalogs: catalogs) { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.sites.addSite("A")
            try await server.database.sites.addSite("north")
            _ = try await ParticipantStudy.seed(server, site: "A", participant: "P07")
            let browser = FormClient(server)
            browser.headers[.acceptLanguage] = "en-GB,en;q=0.9"
            _ = try await browser.signIn("root", testPassword)

            // An unknown language: a 400 naming the field, nothing stored.
            var account = try await browser.send(.get, "/account")
            #expect(account.status == 200 && account.html.contains(#"<html lang="en">"#))
            #expect(account.html.contains(#"<option value="" selected>The browser&#39;s language</option>"#))
            let refused = try await browser.send(
                .post, "/account/language", form: [("csrf", try #require(account.csrf)), ("language", "fr")])
            #expect(refused.status == 400)
            #expect(refused.html.contains("The field language is &#39;fr&#39;"), "\(refused.html)")
            #expect(try await server.database.auditTrail.auditRows(action: "user.language").isEmpty)

            let chosen = try await browser.send(
                .post, "/account/language", form: [("csrf", try #require(account.csrf)), ("language", "de")])
            #expect(chosen.status == 200 && chosen.html.contains(#"<html lang="de">"#))
            #expect(chosen.html.contains("Die Seiten werden jetzt in der gewählten Sprache gezeigt."))
            #expect(chosen.html.contains(#"<option value="de" selected>Deutsch</option>"#))
            let audited = try await server.database.auditTrail.auditRows(action: "user.language")
            #expect(audited.count == 1 && audited.first?.after?.contains(#""language": "de""#) == true)

            // Route by route, the browser still asking for English.
            let session = ParticipantStudy.sessionID(number: 2, participant: "P07")
            for path in DashboardGermanTests.pages.map(\.path) + [
                "/account", "/sites/A/participants/P07", "/sites/A/sessions/\(session)", "/sites/A/live",
            ] {
                let page = try await browser.send(.get, path)
                #expect(page.status == 200, "\(path)")
                #expect(page.html.contains(#"<html lang="de">"#), "\(path)")
                let text = DashboardParticipantPageTests.text(page.html)
                #expect(text.firstMatch(of: Self.englishTime) == nil, "\(path): a time in English form")
            }

            // Numbers and times in German form: the timeline's deviations, the session page's trials, the times.
            let participantHTML = try await browser.send(.get, "/sites/A/participants/P07").html
            let participant = DashboardParticipantPageTests.text(participantHTML)
            #expect(participant.firstMatch(of: /mittlere Abweichung \d+,\d°/) != nil, "\(participant)")
            #expect(participant.firstMatch(of: Self.germanTime) != nil)
            #expect(participant.firstMatch(of: /mittlere Abweichung \d+\.\d°/) == nil)
            // The charts' tick labels: the ratings (0.4 … 0.7) are drawn with decimal commas.
            #expect(participantHTML.contains(">0,6</text>") && !participantHTML.contains(">0.6</text>"))
            let sessionPage = DashboardParticipantPageTests.text(
                try await browser.send(.get, "/sites/A/sessions/\(session)").html)
            #expect(sessionPage.firstMatch(of: Self.germanTime) != nil, "\(sessionPage)")
            #expect(sessionPage.firstMatch(of: #/ \d+,\d{2} /#) != nil, "search times with a decimal comma")

            // A refusal on the error page, in the account's language; its title too.
            let missing = try await browser.send(.get, "/sites/A/participants/P55")
            #expect(missing.status == 404)
            #expect(
                DashboardParticipantPageTests.text(missing.html).contains(
                    "An einem Ihrer Standorte namens A ist kein Teilnehmer P55 bekannt"), "\(missing.html)")
            #expect(!missing.html.contains("No participant P55"))

            // The exports stay language-neutral: the research export's CSVs (stored entries of the ZIP) keep ISO
            // times and dot decimals for a German account.
            let zip = try await browser.send(.get, "/export.zip")
            #expect(zip.status == 200 && zip.html.contains("started_at"))
            #expect(zip.html.firstMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
            #expect(zip.html.firstMatch(of: /,-?\d+\.\d+,/) != nil)
            #expect(zip.html.firstMatch(of: /\d\d\.\d\d\.\d{4}/) == nil && zip.html.firstMatch(of: /,\d+,\d+°/) == nil)

            // Empty: the browser's language again.
            let page = try await browser.send(.get, "/account")
            let cleared = try await browser.send(
                .post, "/account/language", form: [("csrf", try #require(page.csrf)), ("language", "")])
            #expect(cleared.status == 200 && cleared.html.contains(#"<html lang="en">"#))
            #expect(try await browser.send(.get, "/").html.contains(#"<html lang="en">"#))
            #expect(try await server.database.auditTrail.auditRows(action: "user.language").count == 2)
            account = try await browser.send(.get, "/sites/A/participants/P07")
            #expect(DashboardParticipantPageTests.text(account.html).firstMatch(of: Self.englishTime) != nil)
        }
    }

    /// The API answers a German Accept-Language in English: its problems are read by programs.
    @Test func theAPIAnswersInEnglishWhateverTheLanguageAsked() async throws {
        try await withServer { server in
            let detail = try await server.client.execute(
                uri: "/api/v1/nowhere", method: .get, headers: [.acceptLanguage: "de-DE,de;q=0.9"]
            ) { response in
                #expect(response.headers[.contentType] == "application/problem+json")
                return String(buffer: response.body)
            }
            #expect(detail.contains(#""detail":"No route GET \/api\/v1\/nowhere exists"#), "\(detail)")
        }
    }

    /// A problem made from a marked sentence keeps the English sentence as its body's detail.
    @Test func theAPIsProblemsStayEnglishAndTheirSentenceIsMarked() throws {
        let problem = Problem.notFound(
            Sentence.gettext("No site named {site} is visible to you: pick one from the list.", ["site": "A"]))
        #expect(problem.detail == "No site named A is visible to you: pick one from the list.")
        let body = try #require(
            try JSONSerialization.jsonObject(with: problem.body(requestID: "r1")) as? [String: Any])
        #expect(body["detail"] as? String == problem.detail)
    }

    /// The formatting place: numbers, days and times in each language's form; no value is a dash.
    @Test func pageNumbersAndTimesFollowThePageLanguage() async throws {
        let german = try MessageCatalog.load(.german, catalogs: try await TestCatalogs.folder.value)
        let moment = Date(timeIntervalSince1970: 1_795_961_109)  // 2026-11-29 14:05:09 UTC
        #expect(german.number(3.6449) == "3,6" && MessageCatalog.english.number(3.6449) == "3.6")
        #expect(german.number(nil) == "—" && german.number(.nan, none: "") == "")
        #expect(german.time(moment) == "29.11.2026, 14:05:09 UTC")
        #expect(MessageCatalog.english.time(moment) == "2026-11-29 14:05:09 UTC")
        #expect(german.time(nil) == "nie")
        #expect(german.day("2026-11-28") == "28.11.2026" && german.day("ongoing") == "ongoing")
        #expect(german.typedNumber("2,5") == 2.5 && german.typedNumber("2.5") == 2.5)
        #expect(MessageCatalog.english.typedNumber("2,5") == nil)
    }
}

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct DashboardAccountLanguageBrowserTests {
    /// An English browser, an account that chose German on its account page (the form, as a person uses it): the
    /// pages with numbers and times are German, `lang="de"`, pass axe, and fit a laptop's and a phone's width.
    @Test(arguments: [(1280, 800), (390, 844)])
    func aGermanAccountsPagesWithNumbersPassAxeInABrowserAskingForEnglish(width: Int, height: Int) async throws {
        let catalogs = try await TestCatalogs.folder.value
        try await withServer(live: true, catalogs: catalogs) { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.sites.addSite("A")
            _ = try await ParticipantStudy.seed(server, site: "A", participant: "P07")
            let base = "http://127.0.0.1:\(try #require(server.client.port))"
            let session = ParticipantStudy.sessionID(number: 2, participant: "P07")
            try await WebDriver.with(width: width, height: height, language: "en") { browser in
                try await browser.signIn(base, "root")
                try await browser.go(base + "/account")
                _ = try await browser.execute("document.getElementById('language').value = 'de';")
                try await browser.clickAndLoad("form[action='/account/language'] button[type=submit]")
                #expect(try await browser.title() == "Ihr Konto · SoundSafari-Studie")
                try await browser.screenshot("de-account-\(width)x\(height)")
                for (path, name) in [
                    ("/sites/A/participants/P07", "participant"), ("/sites/A/sessions/\(session)", "session"),
                    ("/participants", "participants"),
                ] {
                    try await browser.expectAccessible(base, path)
                    #expect(
                        try await browser.execute("return document.documentElement.lang;") as? String == "de", "\(path)"
                    )
                    // Nothing wider than the window (a German word or a number that does not wrap).
                    let overflow =
                        try await browser.execute(
                            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
                        as? Int
                    #expect(overflow == 0, "\(path) is \(overflow ?? -1) px wider than \(width)")
                    try await browser.screenshot("de-account-\(name)-\(width)x\(height)")
                }
                try await browser.go(base + "/sites/A/participants/P55")
                #expect(try await browser.text().contains("An einem Ihrer Standorte namens A ist kein Teilnehmer P55"))
                try await browser.screenshot("de-account-error-\(width)x\(height)")
            }
        }
    }
}
