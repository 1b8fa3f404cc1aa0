// The doctor's record from a participant's dashboard page: the FHIR bundle and the PDF the game makes, from every
// machine of the site, for the accounts that read the page, audited; another site's participant is unknown.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct DashboardDoctorRecordTests {
    /// The bundle's resources of one type whose code (any coding) is `code`.
    static func resources(_ bundle: [String: Any], type: String, code: String? = nil) -> [[String: Any]] {
        let entries = (bundle["entry"] as? [[String: Any]]) ?? []
        return entries.compactMap { $0["resource"] as? [String: Any] }.filter { resource in
            guard resource["resourceType"] as? String == type else { return false }
            guard let code else { return true }
            let codings = ((resource["code"] as? [String: Any])?["coding"] as? [[String: Any]]) ?? []
            return codings.contains { $0["code"] as? String == code }
        }
    }

    @Test func theRecordHoldsEveryMachinesSessionsAndRatingsAndIsAuditedPerDownload() async throws {
        try await withParticipantStudy { server, _ in
            // P07 also played once on the site's lab machine: a fifth session and its two ratings.
            let lab = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "A", name: "lab-a").token)
            try await lab.sendSession(try ParticipantStudy.session(number: 5, participant: "P07", profileVersion: 1))
            let labRatings = ["tinnitus_loudness", "tinnitus_distress"].map { item in
                RatingRow(
                    participant: "P07", sessionID: ParticipantStudy.sessionID(number: 5, participant: "P07"),
                    sessionIndex: 1, moment: .after, item: item, value: 0.2,
                    answeredAt: ParticipantStudy.day(5, hour: 9), language: "en")
            }
            try await lab.send(
                file: "P07/ratings.csv", kind: "ratings", header: CSVWriter.headerLine(RatingRow.columns), first: 1,
                items: labRatings.map { CSVWriter.line($0.values(under: RatingRow.columns)) })

            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let page = try await sup.send(.get, "/sites/A/participants/P07")
            #expect(page.html.contains(#"href="/sites/A/participants/P07/doctor-fhir.json""#))
            #expect(page.html.contains(#"href="/sites/A/participants/P07/doctor.pdf""#))

            let fhir = try await sup.send(.get, "/sites/A/participants/P07/doctor-fhir.json")
            #expect(fhir.status == 200, "\(fhir.html)")
            #expect(fhir.headers[.contentType] == "application/fhir+json")
            #expect(fhir.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"A-P07-") == true)
            let bundle = try #require(try JSONSerialization.jsonObject(with: Data(fhir.bytes)) as? [String: Any])
            #expect(bundle["resourceType"] as? String == "Bundle" && bundle["type"] as? String == "collection")
            let patients = Self.resources(bundle, type: "Patient")
            #expect(patients.count == 1)
            let identifier = (patients.first?["identifier"] as? [[String: Any]])?.first?["value"] as? String
            #expect(identifier == "P07", "the study ID only")
            #expect(patients.first?["name"] == nil, "no name")
            // Four sessions from home, one from the lab; eight ratings from home, two from the lab.
            #expect(Self.resources(bundle, type: "Observation", code: "localization-session").count == 5)
            #expect(Self.resources(bundle, type: "Observation", code: "rating-tinnitus-loudness").count == 5)
            #expect(Self.resources(bundle, type: "Observation", code: "rating-tinnitus-distress").count == 5)
            // The audiogram of the synced profile: one LOINC observation per ear at 1000 Hz at least.
            #expect(!Self.resources(bundle, type: "Observation", code: "89016-0").isEmpty)
            #expect(!String(decoding: fhir.bytes, as: UTF8.self).contains("P99"), "nothing of site B")

            // The PDF, where the server has rsvg-convert (scripts/install-deps.sh installs it; the package
            // recommends it); without it a 503 that names the FHIR bundle.
            let pdf = try await sup.send(.get, "/sites/A/participants/P07/doctor.pdf")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") {
                #expect(pdf.status == 200 && pdf.headers[.contentType] == "application/pdf")
                #expect(pdf.bytes.starts(with: Array("%PDF-".utf8)), "a PDF")
                if let folder = ProcessInfo.processInfo.environment["SOUNDSAFARI_KEEP_PDF"] {
                    // For a person to look at (pdftoppm): the tests keep nothing else.
                    try Data(pdf.bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent("A-P07.pdf"))
                }
                #expect(pdf.bytes.count > 20_000, "pages with figures: \(pdf.bytes.count) bytes")
            } else {
                #expect(pdf.status == 503 && pdf.html.contains("doctor-fhir.json"))
            }

            // Each download is audited with who, what and how many files it read.
            let audit = try await server.database.auditTrail.auditRows(action: "participant.record")
            #expect(audit.count == 2 && audit.allSatisfy { $0.actor == "sup-a" && $0.participant == "P07" })
            #expect(
                audit.first?.after?.contains("\"format\": \"fhir\"") == true
                    || audit.first?.after?.contains("\"format\":\"fhir\"") == true)

            // A researcher reads it too (pseudonymous data); the other site's supervisor and researcher learn nothing.
            let res = FormClient(server)
            try await res.signIn("res", testPassword)
            #expect(try await res.send(.get, "/sites/A/participants/P07/doctor-fhir.json").status == 200)
            let supB = FormClient(server)
            try await supB.signIn("sup-b", testPassword)
            for path in ["/sites/A/participants/P07/doctor-fhir.json", "/sites/A/participants/P07/doctor.pdf"] {
                #expect(try await supB.send(.get, path).status == 404)
            }
            #expect(try await supB.send(.get, "/sites/B/participants/P98/doctor-fhir.json").status == 404)
            // Signed out: the sign-in page, not the record.
            let anonymous = try await FormClient(server).send(.get, "/sites/A/participants/P07/doctor-fhir.json")
            #expect(anonymous.status != 200 && !String(decoding: anonymous.bytes, as: UTF8.self).contains("Bundle"))
            #expect(try await server.database.auditTrail.auditRows(action: "participant.record").count == 3)
        }
    }

    @Test func aResearcherGetsOneBundlePerParticipantOfASiteAsOneZIP() async throws {
        try await withParticipantStudy { server, _ in
            // P08 has only had a hearing test at the site: a record with an audiogram and nothing else.
            let clinic = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "A", name: "clinic-a").token)
            try await clinic.send(
                file: "P08/profile.json", kind: "profile", header: nil, first: 1,
                items: ParticipantStudy.profileItems([try ParticipantStudy.firstProfile("P08")]))
            let res = FormClient(server)
            try await res.signIn("res", testPassword)
            let overview = try await res.send(.get, "/")
            #expect(overview.html.contains(#"href="/sites/A/doctor-fhir.zip""#), "the overview links each site's")
            let zip = try await res.send(.get, "/sites/A/doctor-fhir.zip")
            #expect(zip.status == 200 && zip.headers[.contentType] == "application/zip")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(zip.bytes).write(to: file)
            // Python's zipfile checks every entry's CRC-32 and sizes; each entry must be a Bundle of its participant.
            let script = [
                "import sys, zipfile, json", "z = zipfile.ZipFile(sys.argv[1])", "assert z.testzip() is None",
                "for n in z.namelist():",
                "  b = json.loads(z.read(n))",
                "  p = [e['resource'] for e in b['entry'] if e['resource']['resourceType'] == 'Patient'][0]",
                "  print(n, b['resourceType'], p['identifier'][0]['value'])",
            ].joined(separator: "\n")
            let (status, output) = try Spawn.run(["/usr/bin/env", "python3", "-c", script, file.path])
            #expect(status == 0, "\(output)")
            #expect(output == "P07-fhir.json Bundle P07\nP08-fhir.json Bundle P08\n", "\(output)")
            let audit = try await server.database.auditTrail.auditRows(action: "site.record")
            #expect(audit.count == 1 && audit.first?.actor == "res" && audit.first?.site == "A")
            // Site B's supervisor: A's ZIP is unknown; an unknown site too.
            let supB = FormClient(server)
            try await supB.signIn("sup-b", testPassword)
            #expect(try await supB.send(.get, "/sites/A/doctor-fhir.zip").status == 404)
            #expect(try await res.send(.get, "/sites/Z/doctor-fhir.zip").status == 404)
            #expect(try await server.database.auditTrail.auditRows(action: "site.record").count == 1)
        }
    }

    @Test func twoMachinesCSVLogsJoinUnderOneHeaderAndAJSONDocumentIsTheNewestMachines() throws {
        let device = (UUID(), UUID())
        let header = "a,b\n"
        let home = StudyDatabase.LogFile(
            device: device.0, file: "P07/ratings.csv", kind: "ratings", header: header,
            items: ["1,2\n", "3,\"x\ny\"\n"])
        let lab = StudyDatabase.LogFile(
            device: device.1, file: "P07/ratings.csv", kind: "ratings", header: header, items: ["1,2\n", "5,6\n"])
        #expect(
            String(decoding: DoctorRecordFolder.merged([home, lab]), as: UTF8.self) == "a,b\n1,2\n3,\"x\ny\"\n5,6\n")
        // Another header (another program version): the newest machine's file whole.
        let newer = StudyDatabase.LogFile(
            device: device.1, file: "P07/ratings.csv", kind: "ratings", header: "a,b,c\n", items: ["7,8,9\n"])
        #expect(String(decoding: DoctorRecordFolder.merged([home, newer]), as: UTF8.self) == "a,b,c\n7,8,9\n")
        let json = [
            StudyDatabase.LogFile(
                device: device.0, file: "P07/profile.json", kind: "profile", header: nil, items: ["{}", "[1]"]),
            StudyDatabase.LogFile(
                device: device.1, file: "P07/profile.json", kind: "profile", header: nil, items: ["[2]"]),
        ]
        #expect(String(decoding: DoctorRecordFolder.merged(json), as: UTF8.self) == "[2]")
        // Nothing outside the participant's folder is laid out.
        for path in ["P08/ratings.csv", "P07/../P08/x.csv", "P07//x", "/etc/passwd", "P07/a\\..\\b", "P07"] {
            #expect(!DoctorRecordFolder.isSafe(path, participant: "P07"), "\(path)")
        }
        #expect(DoctorRecordFolder.isSafe("P07/20261120T090000Z-000a/trials.csv", participant: "P07"))
    }
}
