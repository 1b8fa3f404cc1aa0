// Hearing profiles: profile.json versions synced (item n = the file as of version n) and projected, and profile
// versions prescribed for a site's participant, fetched by its machines with kind=profile only.
import Foundation
import StudyRecords
import Testing

@testable import StudyServer

@Suite struct ProfileTests {
    /// A profile.json of `participant` with `versions` versions, as the game writes it (StudyRecords' codec).
    static func profileFile(_ participant: String, versions: Int, maxGainDB: Double = 20) -> String {
        let list = (1...versions).map { version in
            var profile = HearingProfile(
                participant: participant, version: version,
                createdAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(version) * 3600),
                source: "test \(version)",
                maxGainDB: maxGainDB + Double(version))
            profile.maxVolumeDB = -6
            return profile
        }
        return String(decoding: HearingProfile.encoded(versions: list), as: UTF8.self)
    }

    @Test func versionsAreSyncedAsCumulativeItemsAndProjectedOncePerVersion() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let sender = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north").token)
            try await sender.send(
                file: "P07/profile.json", kind: "profile", header: nil, first: 1,
                items: [Self.profileFile("P07", versions: 1), Self.profileFile("P07", versions: 2)])
            try await sender.send(
                file: "P07/profile.json", kind: "profile", header: nil, first: 2,
                items: [Self.profileFile("P07", versions: 2), Self.profileFile("P07", versions: 3)])
            let rows = try await server.database.rows(
                "SELECT version, max_gain_db, source, max_volume_db FROM profiles ORDER BY version"
            ).map { try $0.decode((Int, Double, String, Double).self) }
            #expect(rows.map(\.0) == [1, 2, 3])
            #expect(rows.map(\.1) == [21, 22, 23] && rows[2].2 == "test 3" && rows[0].3 == -6)

            // An item that is not the file as of its version, or another participant's file: refused, nothing stored.
            let wrong = try await server.call(
                .post, "/api/v1/sync/batch", token: sender.token,
                json: try SyncTests.body(
                    file: "P08/profile.json", kind: "profile", header: nil, first: 1,
                    items: [Self.profileFile("P08", versions: 2)]))
            ProblemTests.expectProblem(wrong, 400, mentions: "as of version 1")
            let other = try await server.call(
                .post, "/api/v1/sync/batch", token: sender.token,
                json: try SyncTests.body(
                    file: "P08/profile.json", kind: "profile", header: nil, first: 1,
                    items: [Self.profileFile("P07", versions: 1)]))
            ProblemTests.expectProblem(other, 400, mentions: "P08")

            // The export's profiles.csv has one row per version.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-profiles-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            var sink = try FolderSink(folder: folder)
            let summary = try await server.database.export.export(sites: ["north"], files: [.profiles], to: &sink)
            #expect(summary.rows["profiles.csv"] == 3)
            let csv = try String(contentsOf: folder.appendingPathComponent("profiles.csv"), encoding: .utf8)
            #expect(csv.hasPrefix("site,participant,machine,version,"))
        }
    }

    /// Issue 39: the export carries the audiogram's thresholds (audiograms.csv, long format) and where the notch
    /// sits (`notch_center_hz`), a prescribed centre apart from the measured pitch, which stays as measured.
    @Test func theExportHoldsEveryThresholdAndTheNotchCentreApartFromThePitch() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let sender = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north").token)
            let first = try ParticipantStudy.firstProfile("P07")
            var second = first
            second.version = 2
            second.source = "dashboard (sup)"
            second.notchWidthOctaves = 0.5
            second.notchCenterHz = 4000
            var third = second
            third.version = 3
            third.notchCenterHz = nil
            try await sender.send(
                file: "P07/profile.json", kind: "profile", header: nil, first: 1,
                items: ParticipantStudy.profileItems([first, second, third]))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-audio-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            var sink = try FolderSink(folder: folder)
            let summary = try await server.database.export.export(
                sites: ["north"], files: [.profiles, .audiograms], to: &sink)
            #expect(summary.rows["profiles.csv"] == 3)
            #expect(summary.rows["audiograms.csv"] == 3 * 12, "6 frequencies × 2 ears × 3 versions")
            let profiles = try String(contentsOf: folder.appendingPathComponent("profiles.csv"), encoding: .utf8)
                .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let header = try #require(profiles.first).map(String.init)
            let pitch = try #require(header.firstIndex(of: "tinnitus_pitch_hz"))
            let centre = try #require(header.firstIndex(of: "notch_center_hz"))
            #expect(profiles.dropFirst().map { String($0[pitch]) } == ["6000.000", "6000.000", "6000.000"])
            #expect(profiles.dropFirst().map { String($0[centre]) } == ["", "4000.000", "6000.000"])
            let audiograms = try String(contentsOf: folder.appendingPathComponent("audiograms.csv"), encoding: .utf8)
                .split(separator: "\n")
            #expect(audiograms.first == "site,participant,machine,version,unit,ear,frequency_hz,threshold_db")
            #expect(audiograms.contains { $0.hasPrefix("north,P07,") && $0.hasSuffix(",1,dB HL,left,4000.0,45.0") })
            #expect(audiograms.contains { $0.hasSuffix(",3,dB HL,right,8000.0,55.0") })
        }
    }

    /// The dashboard's notch form: a centre other than the measured pitch is kept apart from it (it used to
    /// overwrite the pitch); the centre at the pitch is the notch that follows the pitch.
    @Test func theNotchFormNeverRewritesTheMeasuredPitch() throws {
        let measured = try ParticipantStudy.firstProfile("P07")
        for (centre, kept) in [("4000", 4000.0), ("6000", nil)] as [(String, Double?)] {
            let fields = try WebParticipantRoutes.ProfileFields(
                form: WebForm(urlEncoded: "notch_centre=\(centre)&notch_width=0.5&gain_rule=none&max_gain=20"))
            let data = try fields.applied(to: measured, at: Date(), by: "sup")
            let prescribed = try #require(try HearingProfile.decodeAll(data, path: "prescription").last)
            #expect(prescribed.tinnitus?.pitchHz == 6000, "the measured pitch stays")
            #expect(prescribed.notchCenterHz == kept)
            #expect(prescribed.tailoring.notch?.centerHz == Double(centre))
            // Read back into the form, the centre is the one prescribed, not the pitch.
            #expect(WebParticipantRoutes.ProfileFields(prescribed).notchCentreHz == Double(centre))
        }
    }

    @Test func aPrescribedProfileIsCheckedAuditedAndFetchedWithKindProfileOnly() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let token = try await server.login("sup", testPassword)
            let device = try await server.enrolDevice(site: "north")
            let path = "/api/v1/sites/north/participants/P07/profiles"
            ProblemTests.expectProblem(
                try await server.call(.post, path, token: token, json: Self.profileFile("P08", versions: 1)), 400,
                mentions: "P08's profile")
            ProblemTests.expectProblem(
                try await server.call(.post, path, token: token, json: #"{"participant": "P07"}"#), 400,
                mentions: "schema_version")
            let created = try await server.call(
                .post, path, token: token, json: Self.profileFile("P07", versions: 3, maxGainDB: 10))
            #expect(created.status == 201, "\(created.text)")

            let plans = try await server.call(.get, "/api/v1/sync/prescriptions?after=0", token: device.token)
            #expect((plans.json["prescriptions"] as? [Any])?.count == 0, "a machine asking for plans gets no profile")
            let profiles = try await server.call(
                .get, "/api/v1/sync/prescriptions?after=0&kind=profile", token: device.token)
            let list = try #require(profiles.json["prescriptions"] as? [[String: Any]])
            #expect(list.count == 1 && list[0]["kind"] as? String == "profile")
            // The newest version (max gain 13), as a file of one version the machine appends as its own next one.
            let content = try HearingProfile.decodeAll(
                Data(try #require(list[0]["content"] as? String).utf8), path: "prescription")
            #expect(content.count == 1 && content[0].maxGainDB == 13 && content[0].participant == "P07")
            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/sync/prescriptions?after=0&kind=x", token: device.token), 400,
                mentions: "kind=x")
            #expect(
                try await server.database.auditTrail.auditRows().filter { $0.action == "prescription.profile" }.count
                    == 1)
        }
    }
}
