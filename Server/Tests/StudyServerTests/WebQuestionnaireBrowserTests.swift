// The web questionnaire in a real browser (headless Chromium) at a phone's and a screen's size, in English and in
// German: answer half, close the browser, open the link again and go on; a withdrawn link is the plain 404; axe-core
// finds nothing serious and nothing is wider than the screen.
import Foundation
import Testing

@testable import StudyServer

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct WebQuestionnaireBrowserTests {
    @Test(arguments: [(390, 844, "en"), (1280, 800, "de")])
    func answerHalfCloseTheBrowserOpenTheLinkAgainAndFinish(width: Int, height: Int, language: String) async throws {
        let catalogs = try await TestCatalogs.folder.value
        try await withServer(live: true, catalogs: catalogs) { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "sup-n", role: .supervisor, sites: ["north"], password: testPassword)
            let north = try await server.enrolDevice(site: "north", name: "home-1").token
            _ = try await server.call(
                .post, "/api/v1/sync/batch", token: north, json: try SyncTests.participantsBatch(["P07"], first: 1))
            let supN = try await server.login("sup-n", testPassword)
            _ = try await server.call(
                .post, "/api/v1/sites/north/instruments", token: supN, json: InstrumentTests.file())
            let supervisor = FormClient(server)
            try await supervisor.signIn("sup-n", testPassword)
            let path = try await WebQuestionnaireTests.makeLink(supervisor)
            let base = "http://127.0.0.1:\(try #require(server.client.port))"
            let size = "\(width)x\(height)-\(language)"
            let german = language == "de"

            try await WebDriver.with(width: width, height: height, language: language) { browser in
                try await browser.go(base + path)
                #expect(try await browser.text().contains(german ? "Frage 1 von 2" : "Question 1 of 2"))
                try await browser.expectAccessible(base, path)
                #expect(try await browser.overflowsViewport() == false, "fits at \(size)")
                try await browser.screenshot("web-questionnaire-1-\(size)")
                try await browser.click("label[for='option-2']")
                try await browser.clickAndLoad("#save")
                #expect(try await browser.text().contains(german ? "Frage 2 von 2" : "Question 2 of 2"))
            }
            // The page closed (the whole browser): the answer is held; a new browser goes on at question 2.
            #expect(try await WebQuestionnaireTests.webRows(server).map(\.item) == ["slept"])
            try await WebDriver.with(width: width, height: height, language: language) { browser in
                try await browser.go(base + path)
                #expect(try await browser.text().contains(german ? "Frage 2 von 2" : "Question 2 of 2"))
                try await browser.expectAccessible(base, path)
                try await browser.screenshot("web-questionnaire-2-\(size)")
                try await browser.type("#answer", "Woke up twice.")
                try await browser.clickAndLoad("#save")
                #expect(try await browser.element("#finished").isEmpty == false)
                try await browser.expectAccessible(base, path)
                try await browser.screenshot("web-questionnaire-done-\(size)")
                _ = try await supervisor.send(
                    .post, "/sites/north/participants/P07/questionnaire-links/1/revoke",
                    form: [("csrf", try await supervisor.send(.get, "/sites/north/participants/P07").csrf ?? "")])
                try await browser.go(base + path)
                let gone = try await browser.text()
                #expect(!gone.contains("P07") && !gone.contains("Sleep"), "\(gone)")
                try await browser.expectAccessible(base, path)
                try await browser.screenshot("web-questionnaire-404-\(size)")

                // The supervisor's side: the site's questionnaires and the participant's links.
                try await browser.signIn(base, "sup-n")
                try await browser.expectAccessible(base, "/sites/north")
                #expect(try await browser.overflowsViewport() == false, "the site page fits at \(size)")
                try await browser.screenshot("site-questionnaires-\(size)", at: "#instruments-title")
                try await browser.expectAccessible(base, "/sites/north/participants/P07")
                #expect(try await browser.overflowsViewport() == false, "the participant page fits at \(size)")
                try await browser.screenshot("participant-links-\(size)", at: "#links-title")
            }
            #expect(try await WebQuestionnaireTests.webRows(server).map(\.record) == [.answer, .answer, .finished])
        }
    }

    /// The other two of English/German × phone/screen, with a slider item: the range between its end labels, sent as
    /// it stands (the middle); and at the screen's size the participant's page with an assigned questionnaire.
    @Test(arguments: [(1280, 800, "en"), (390, 844, "de")])
    func aSliderQuestionAndTheAssignedQuestionnaires(width: Int, height: Int, language: String) async throws {
        let catalogs = try await TestCatalogs.folder.value
        let file = InstrumentTests.file().replacingOccurrences(
            of: #"{"id": "note", "kind": "text", "text": "Anything else?"}"#,
            with:
                #"{"id": "loud", "kind": "slider", "text": "How loud is it now?", "min": 0, "max": 10, "left": "silent", "right": "very loud"}"#
        )
        try await withServer(live: true, catalogs: catalogs) { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "sup-n", role: .supervisor, sites: ["north"], password: testPassword)
            let north = try await server.enrolDevice(site: "north", name: "home-1").token
            _ = try await server.call(
                .post, "/api/v1/sync/batch", token: north, json: try SyncTests.participantsBatch(["P07"], first: 1))
            let supN = try await server.login("sup-n", testPassword)
            _ = try await server.call(.post, "/api/v1/sites/north/instruments", token: supN, json: file)
            _ = try await server.call(
                .post, "/api/v1/sites/north/participants/P07/questionnaires", token: supN,
                json: #"{"instrument": "sleep-check", "version": 1, "language": "en", "every_days": 7, "times": 4}"#)
            let supervisor = FormClient(server)
            try await supervisor.signIn("sup-n", testPassword)
            let path = try await WebQuestionnaireTests.makeLink(supervisor)
            let base = "http://127.0.0.1:\(try #require(server.client.port))"
            let size = "\(width)x\(height)-\(language)"
            let german = language == "de"
            try await WebDriver.with(width: width, height: height, language: language) { browser in
                try await browser.go(base + path)
                try await browser.expectAccessible(base, path)
                try await browser.screenshot("web-questionnaire-1-\(size)")
                try await browser.click("label[for='option-2']")
                try await browser.clickAndLoad("#save")
                #expect(try await browser.text().contains(german ? "Frage 2 von 2" : "Question 2 of 2"))
                try await browser.expectAccessible(base, path)
                #expect(try await browser.overflowsViewport() == false, "the slider fits at \(size)")
                try await browser.screenshot("web-questionnaire-slider-\(size)")
                try await browser.clickAndLoad("#save")
                #expect(try await browser.element("#finished").isEmpty == false)
                if width > 1000 {
                    try await browser.signIn(base, "sup-n")
                    try await browser.expectAccessible(base, "/sites/north/participants/P07")
                    #expect(try await browser.overflowsViewport() == false)
                    try await browser.screenshot("participant-assigned-\(size)", at: "#assigned-title")
                }
            }
            let rows = try await WebQuestionnaireTests.webRows(server)
            #expect(rows.first { $0.item == "loud" }?.value == "5.000", "the middle, as the range stood")
        }
    }
}
