// The main menu's "For my doctor": the PDF summary and the FHIR bundle land in the patient's Documents folder,
// which a German desktop names "Dokumente" (user-dirs.dirs), and the menu says where.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowForMyDoctorTests {
        @Test(.needsPDFTools)
        func theMenuWritesBothFilesIntoTheDocumentsFolderAndSaysWhere() async throws {
            let window = try WindowSession(name: "window-for-my-doctor")
            try FHIRExportTests.simulatedPatient(window.logs, participant: "PD2")
            // A home of the test's own whose desktop is German: user-dirs.dirs names the Documents folder.
            let home = window.logs.appendingPathComponent("home")
            let config = home.appendingPathComponent(".config")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try
                "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Schreibtisch\"\nXDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n"
                .write(to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)

            let script =
                ["wait menu", "text PD2"] + Array(repeating: "key Down", count: 12)
                + ["key Return", "see Saved for your doctor", "shot saved", "key Escape"]
            let output = try await window.run(
                ["play", "--input", "keyboard"], script: script, timeout: 180, windowSize: "1280x720",
                environment: ["HOME": home.path, "XDG_CONFIG_HOME": config.path])
            #expect(output.status == 0, "stderr: \(output.stderr)")

            let folder = home.appendingPathComponent("Dokumente/SoundSafari")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(files.count == 2, "\(files)")
            let pdfName = try #require(files.first { $0.hasPrefix("PD2-") && $0.hasSuffix(".pdf") })
            let fhirName = try #require(files.first { $0.hasPrefix("PD2-") && $0.hasSuffix("-fhir.json") })
            for path in [folder.path, folder.appendingPathComponent(pdfName).path] {
                let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
                #expect(mode == (path == folder.path ? 0o700 : 0o600), "health data is owner-only: \(path)")
            }
            let info = try DoctorPDFTests.tool("pdfinfo", [folder.appendingPathComponent(pdfName).path])
            #expect(info.status == 0 && info.stdout.contains("595 x 842 pts"), "\(info.stdout)\(info.stderr)")
            let text = try DoctorPDFTests.tool("pdftotext", [folder.appendingPathComponent(pdfName).path, "-"]).stdout
            #expect(text.contains("PD2") && text.contains("Localization progress"))
            let bundle =
                try JSONSerialization.jsonObject(
                    with: try Data(contentsOf: folder.appendingPathComponent(fhirName))) as? [String: Any]
            #expect(bundle?["resourceType"] as? String == "Bundle")

            // The menu names the PDF's whole path: the patient is told where to find it.
            let saved = try window.screenText("saved")
            #expect(saved.contains("Saved for your doctor"), "\(saved)")
            #expect(saved.contains(pdfName), "\(saved)")
        }

        @Test func aParticipantWithoutLogsIsToldSoAndNothingIsWritten() async throws {
            let window = try WindowSession(name: "window-for-my-doctor-nothing")
            let home = window.logs.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let script =
                ["wait menu", "text PD9"] + Array(repeating: "key Down", count: 12)
                + ["key Return", "see has not played yet", "shot refused", "key Escape"]
            let output = try await window.run(
                ["play", "--input", "keyboard"], script: script, timeout: 120, windowSize: "1280x720",
                environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenText("refused").contains("PD9 has not played yet"))
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("Documents/SoundSafari").path))
        }
    }
}
