// A profile version prescribed through the participant page's form, followed to a machine's logs folder by the real
// `soundsafari sync`, and the page then showing when the machine applied it (headless Chromium, live server).
import Foundation
import Localization
import StudyRecords
import Testing

@testable import StudyServer

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct DashboardPrescriptionBrowserTests {
    @Test func aProfilePrescribedInThePageReachesTheMachineAndThePageShowsWhenItWasApplied() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-prescribe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let home = try SyncEndToEndTests.machine("home-P07", in: folder)
        let simulated = try await home.soundsafari([
            "simulate", "--participant", "P07", "--rounds", "6", "--seed", "7", "--logs", home.logs.path,
        ])
        try #require(simulated.status == 0, "\(simulated.output)")

        try await withServer(live: true) { server in
            let port = try #require(server.client.port)
            let base = "http://127.0.0.1:\(port)"
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let (code, _) = try await server.database.devices.enrolmentCode(site: "north", by: ("test", "admin"))
            let enrolled = try await home.soundsafari(["sync", "--server", base, "--enrol", code])
            try #require(enrolled.status == 0, "\(enrolled.output)")
            let first = try await home.soundsafari(["sync", "--logs", home.logs.path])
            try #require(first.status == 0, "\(first.output)")

            try await WebDriver.with(width: 1280, height: 800) { browser in
                try await browser.signIn(base, "sup")
                let page = "/sites/north/participants/P07"
                try await browser.go(base + page)
                try await browser.type("#notch-centre", "6000")
                try await browser.execute("document.getElementById('notch-width').value = '0.5';")
                try await browser.clickAndLoad("#preview-profile")
                try await browser.clickAndLoad("#send-profile")
                #expect(
                    try await browser.text().contains("the profile reaches P07's machines of north at their next sync"))
                #expect(try await browser.text().contains("not applied yet"))

                // The machine's next sync writes it as P07's next profile version, naming the prescription.
                let received = try await home.soundsafari(["sync", "--logs", home.logs.path])
                #expect(
                    received.status == 0 && received.output.contains("received 1 profile versions"),
                    "\(received.output)")
                let versions = try HearingProfile.decodeAll(
                    try Data(contentsOf: home.logs.appendingPathComponent("P07/profile.json")), path: "profile.json")
                let newest = try #require(versions.last)
                #expect(newest.source.hasSuffix(" prescription 1"), "\(newest.source)")
                // The notch sits where it was prescribed; the matched pitch (none here) is not rewritten (issue 39).
                #expect(newest.tailoring.notch?.centerHz == 6000 && newest.notchWidthOctaves == 0.5)
                #expect(newest.tinnitus?.pitchHz == versions.first?.tinnitus?.pitchHz)

                // Before a session uses it, the page still says so; after the next session syncs, it says when.
                try await browser.go(base + page)
                #expect(try await browser.text().contains("not applied yet"))
                let played = try await home.soundsafari([
                    "simulate", "--participant", "P07", "--rounds", "1", "--seed", "8", "--logs", home.logs.path,
                ])
                try #require(played.status == 0, "\(played.output)")
                let sent = try await home.soundsafari(["sync", "--logs", home.logs.path])
                #expect(sent.status == 0, "\(sent.output)")
                let session = try await server.database.rows(
                    """
                    SELECT session_index, started_at FROM sessions
                    WHERE participant = 'P07' AND profile_version = \(newest.version)
                    ORDER BY started_at LIMIT 1
                    """
                ).first.map { try $0.decode((Int, Date).self) }
                let applied = try #require(session, "the session after the sync logged the prescribed version")
                try await browser.go(base + page)
                let text = try await browser.text()
                #expect(
                    text.contains("applied from session \(applied.0) at \(MessageCatalog.english.time(applied.1))"),
                    "\(text)")
                #expect(!text.contains("not applied yet"))
                try await browser.screenshot("participant-prescription-applied-1280x800", at: "#timeline-title")
            }
        }
    }
}
