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

    /// `--language de`: every sentence, heading, table column and figure label from po/de.po, days as 28.11.2026,
    /// decimals with a comma; and what is missing said in German on the page and on stderr.
    @Test(.needsPDFTools)
    func theSummarySpeaksGermanWithGermanDaysAndDecimals() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("doctor-pdf-de")
        let out = try SoundSafariBinary.temporaryDirectory("doctor-pdf-de-out")
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: out)
        }
        try FHIRExportTests.simulatedPatient(logs, participant: "PD3")
        let pdf = out.appendingPathComponent("PD3.pdf")
        let output = try SoundSafariBinary.run([
            "export", "--participant", "PD3", "--logs", logs.path, "--pdf", pdf.path, "--language", "de",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Die Zusammenfassung für die Ärztin oder den Arzt von PD3"), "\(output.stdout)")
        #expect(try Self.tool("qpdf", ["--check", pdf.path]).status == 0)
        let text = try Self.tool("pdftotext", [pdf.path, "-"]).stdout
        for needle in [
            "Zusammenfassung für die Ärztin", "Hören und Tinnitus", "Trainingsplan und Einhaltung",
            "Fortschritt beim Orten", "Tinnitus-Bewertungen im Verlauf", "Fragebögen", "Was die Zahlen bedeuten",
            "Erledigt: 4 von 4 Sitzungen", "Audiogramm", "Frequenz (Hz)", "Seite 1 von", "Betahistine",
            "01.10.2026 bis 20.10.2026",
        ] {
            #expect(text.contains(needle), "the German PDF says \(needle)")
        }
        for english in ["Hearing and tinnitus", "What the numbers mean", "Done:", "page 1 of", "frequency (Hz)"] {
            #expect(!text.contains(english), "no English left: \(english)")
        }
        // Days in German form; no ISO day is printed (the logs keep theirs).
        #expect(text.range(of: #"\b\d{2}\.\d{2}\.\d{4}\b"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"\b20\d{2}-\d{2}-\d{2}\b"#, options: .regularExpression) == nil, "\(text)")
        let id = try ParticipantID("PD3")
        let latest = try #require(SessionFolder.existing(logs: logs, participant: id).first)
        let summary = SessionSummary.of(try TrialRow.readAll(from: latest.trialsURL))
        let median = String(format: "%.1f°", summary.medianAbsDeviationDeg).replacingOccurrences(of: ".0°", with: "°")
        #expect(text.contains(median.replacingOccurrences(of: ".", with: ",")), "the median error with a comma")

        try FHIRExportTests.run([
            "diary", "add", "--participant", "PD4", "--logs", logs.path, "--kind", "event", "--name", "Konzert",
            "--date", "2026-11-01", "--type", "noise-exposure",
        ])
        let sparse = out.appendingPathComponent("PD4.pdf")
        let nothing = try SoundSafariBinary.run([
            "export", "--participant", "PD4", "--logs", logs.path, "--pdf", sparse.path, "--language", "de",
        ])
        #expect(nothing.status == 0, "\(nothing.stderr)")
        #expect(nothing.stderr.contains("Es gibt keine Sitzungen."), "\(nothing.stderr)")
        let sparseText = try Self.tool("pdftotext", [sparse.path, "-"]).stdout
        for needle in ["Es wurde kein Audiogramm gemessen", "Es wurde kein Trainingsplan zugewiesen", "Konzert"] {
            #expect(sparseText.contains(needle), "the German PDF says \(needle): \(sparseText)")
        }
    }

    /// In the tests' pseudo-language every translated sentence is ⟦wrapped⟧ (scripts/po.sh pseudo): what is left of
    /// the PDF's text outside the marks must be numbers, units and the logs' own words — an English word there is a
    /// sentence nobody marked for translation.
    @Test(.needsPDFTools)
    func everyWordOfTheSummaryIsMarkedForTranslation() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("doctor-pdf-pseudo")
        let out = try SoundSafariBinary.temporaryDirectory("doctor-pdf-pseudo-out")
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: out)
        }
        try FHIRExportTests.simulatedPatient(logs, participant: "PD5")
        let pdf = out.appendingPathComponent("PD5.pdf")
        let output = try SoundSafariBinary.run([
            "export", "--participant", "PD5", "--logs", logs.path, "--pdf", pdf.path, "--language", "en@pseudo",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        var text = try Self.tool("pdftotext", [pdf.path, "-"]).stdout
        #expect(text.contains("⟦SoundSafari: summary for the"), "the pseudo catalog was used: \(text.prefix(200))")
        // Innermost spans first (a sentence holds translated words), then a table cell cut to its column ("⟦right O·…").
        while let span = text.range(of: #"⟦[^⟦⟧]*⟧"#, options: .regularExpression) { text.removeSubrange(span) }
        while let cut = text.range(of: "⟦[^⟦⟧\n]*…", options: .regularExpression) { text.removeSubrange(cut) }
        let words = Set(
            text.matches(of: /[A-Za-z][A-Za-z'-]{2,}/).map { String($0.output) })
        // The logs' own words printed as they are: an instrument's ID (the questionnaire taken without a score).
        #expect(words.subtracting(["worst-symptom"]).isEmpty, "words outside the translation marks: \(words.sorted())")
    }
}
