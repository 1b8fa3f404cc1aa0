// `soundsafari export --pdf`: the doctor's summary of a simulated plan, checked with pdfinfo, qpdf, pdffonts, pdftotext.
import Foundation
import StudyKit
import StudyRecords
import Testing

@Suite struct DoctorPDFTests {
    static func tool(_ name: String, _ arguments: [String]) throws -> CommandOutput {
        try SoundSafariBinary.run(arguments, executable: "/usr/bin/" + name)
    }

    @Test(.needsPDFTools)
    func aSimulatedPlanGivesAFewPagesWithEmbeddedFontsAndTheLogsNumbers() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("doctor-pdf")
        let out = try SoundSafariBinary.temporaryDirectory("doctor-pdf-out")
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: out)
        }
        try FHIRExportTests.simulatedPatient(logs, participant: "PD1")
        let pdf = out.appendingPathComponent("PD1.pdf")
        let output = try SoundSafariBinary.run([
            "export", "--participant", "PD1", "--logs", logs.path, "--pdf", pdf.path,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: pdf.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "the PDF is health data: owner-only")

        let info = try Self.tool("pdfinfo", [pdf.path])
        #expect(info.status == 0, "\(info.stderr)")
        let pages = info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
            Int($0.split(separator: " ").last ?? "")
        }
        #expect((2...5).contains(pages ?? 0), "a few pages: \(info.stdout)")
        #expect(info.stdout.contains("595 x 842 pts"), "A4: \(info.stdout)")
        let check = try Self.tool("qpdf", ["--check", pdf.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // Every font embedded (pdffonts' "emb" column), so the doctor's viewer shows the same text.
        let fonts = try Self.tool("pdffonts", [pdf.path])
        let rows = fonts.stdout.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(" yes ") }, "\(fonts.stdout)")

        // The text holds the logs' numbers.
        let text = try Self.tool("pdftotext", ["-layout", pdf.path, "-"]).stdout
        for needle in [
            "PD1", "Hearing and tinnitus", "Training plan and adherence", "Localization progress",
            "Tinnitus ratings over time", "Questionnaires", "Betahistine", "What the numbers mean",
            "Done: 4 of 4 sessions",
        ] {
            #expect(text.contains(needle), "the PDF says \(needle)")
        }
        let profile = try #require(try HearingProfile.load(logs: logs, participant: "PD1"))
        #expect(text.contains("Tinnitus pitch match: \(Int(profile.tinnitus!.pitchHz.rounded())) Hz"))
        let id = try ParticipantID("PD1")
        let latest = try #require(SessionFolder.existing(logs: logs, participant: id).first)
        let summary = SessionSummary.of(try TrialRow.readAll(from: latest.trialsURL))
        #expect(
            text.contains(
                String(format: "%.1f°", summary.medianAbsDeviationDeg).replacingOccurrences(of: ".0°", with: "°")))
    }

    @Test(.needsPDFTools)
    func aParticipantWithNothingButADiaryStillGetsAPDFSayingWhatIsMissing() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("doctor-pdf-sparse")
        let out = try SoundSafariBinary.temporaryDirectory("doctor-pdf-sparse-out")
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: out)
        }
        try FHIRExportTests.run([
            "diary", "add", "--participant", "PD2", "--logs", logs.path, "--kind", "event", "--name", "Loud concert",
            "--date", "2026-11-01", "--type", "noise-exposure",
        ])
        let pdf = out.appendingPathComponent("PD2.pdf")
        let output = try SoundSafariBinary.run([
            "export", "--participant", "PD2", "--logs", logs.path, "--pdf", pdf.path,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try Self.tool("qpdf", ["--check", pdf.path]).status == 0)
        let text = try Self.tool("pdftotext", [pdf.path, "-"]).stdout
        for needle in [
            "No audiogram was measured", "No training plan was assigned", "no sessions with photos",
            "No tinnitus ratings", "Loud concert",
        ] {
            #expect(text.contains(needle), "the PDF says \(needle): \(text)")
        }
    }
}
