// `soundsafari export --fhir`: simulated plans exported, validated by fhir.resources and read back against the logs.
import Foundation
import PatientExport
import StudyKit
import StudyRecords
import Testing

@Suite struct FHIRExportTests {
    /// Three short sessions with the Mini-TQ before the first and after the last, the worst symptom after the second.
    static let plan = """
        {"name": "record", "sessions_per_week": 3, "minutes_per_session": 5, "repeat_rounds": false, "total_sessions": 4,
         "session": {"name": "short", "conditions": [{"level": "one-target", "targets": ["frog"], "repetitions": 2}]},
         "adaptive": {"parameter": "hit_tolerance_deg", "start": 45},
         "questionnaires": {"baseline": ["mini-tq"], "follow_up": ["mini-tq"],
           "every_n_sessions": {"n": 2, "ids": ["worst-symptom"]}}}
        """

    /// An audiogram with a frequency LOINC has a code for (1000, 4000 Hz) and one it has not (250 Hz).
    static let audiogram = "frequency_hz,left_db_hl,right_db_hl\n250,10,15\n1000,20,25\n4000,45,50\n"

    @discardableResult
    static func run(_ arguments: [String]) throws -> CommandOutput {
        let output = try SoundSafariBinary.run(arguments)
        #expect(output.status == 0, "\(arguments.joined(separator: " ")): \(output.stderr)")
        return output
    }

    /// A participant with everything: an audiogram, a pitch match, a notch, a diary, a plan of which 4 sessions were
    /// played with ratings and questionnaires.
    static func simulatedPatient(_ logs: URL, participant: String) throws {
        let audiogramFile = logs.appendingPathComponent("audiogram.csv")
        try audiogram.write(to: audiogramFile, atomically: true, encoding: .utf8)
        let planFile = logs.appendingPathComponent("plan.json")
        try plan.write(to: planFile, atomically: true, encoding: .utf8)
        let who = ["--participant", participant, "--logs", logs.path]
        try run(["profile", "set-audiogram"] + who + [audiogramFile.path, "--gain-rule", "half-gain"])
        try run(["pitch-match"] + who + ["--bot", "simulated", "--bot-tinnitus-hz", "6000", "--notch-width", "0.5"])
        try run(["profile", "set-output"] + who + ["--max-volume-db", "-10"])
        try run(
            ["diary", "add"] + who + [
                "--kind", "therapy", "--name", "Betahistine", "--date", "2026-10-01", "--type", "medication",
                "--end-date", "2026-10-20",
            ])
        try run(
            ["diary", "add"] + who + [
                "--kind", "therapy", "--name", "Noiser at night", "--date", "2026-10-05", "--type",
                "tinnitus-masker-or-noiser", "--note", "every night",
            ])
        try run(
            ["diary", "add"] + who + [
                "--kind", "event", "--name", "ENT appointment", "--date", "2026-11-02", "--type", "appointment",
            ])
        try run(
            ["simulate", "--plan", planFile.path, "--sessions", "4", "--answer-ratings", "--seed", "3"] + who)
    }

    static func export(_ logs: URL, participant: String, to file: URL) throws -> CommandOutput {
        try SoundSafariBinary.run([
            "export", "--participant", participant, "--logs", logs.path, "--fhir", file.path,
        ])
    }

    /// The bundle's resources by type.
    static func resources(_ file: URL) throws -> [String: [[String: Any]]] {
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = try #require(bundle["entry"] as? [[String: Any]])
        var byType: [String: [[String: Any]]] = [:]
        for entry in entries {
            let resource = try #require(entry["resource"] as? [String: Any])
            byType[resource["resourceType"] as? String ?? "", default: []].append(resource)
        }
        return byType
    }

    static func code(_ resource: [String: Any]) -> String? {
        ((resource["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
    }

    static func components(_ resource: [String: Any]) -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        for component in resource["component"] as? [[String: Any]] ?? [] {
            if let code = code(component) { found[code] = component }
        }
        return found
    }

    static func quantity(_ node: [String: Any]?) -> Double? {
        ((node?["valueQuantity"] as? [String: Any])?["value"] as? NSNumber)?.doubleValue
    }

    /// Runs scripts/fhir-validate.py with the venv's python; its output.
    static func validate(_ file: URL) throws -> CommandOutput {
        try SoundSafariBinary.run(
            [FHIRValidator.script.path, file.path], executable: FHIRValidator.python.path)
    }

    @Test(.needsFHIRValidator)
    func aSimulatedPlanExportsABundleThatValidatesAndHoldsTheLogsValues() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("fhir-export")
        defer { try? FileManager.default.removeItem(at: logs) }
        try Self.simulatedPatient(logs, participant: "FX1")
        let out = try SoundSafariBinary.temporaryDirectory("fhir-export-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let file = out.appendingPathComponent("FX1.fhir.json")
        let output = try Self.export(logs, participant: "FX1", to: file)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stderr.contains("audiogram") && !output.stderr.contains("plan"), "\(output.stderr)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "an export is health data: owner-only")

        let validation = try Self.validate(file)
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        #expect(validation.stdout.hasPrefix("valid: "))

        let byType = try Self.resources(file)
        let id = try ParticipantID("FX1")
        // The Patient: the study ID and nothing else that names a person.
        let patient = try #require(byType["Patient"]?.first)
        #expect(Set(patient.keys) == ["resourceType", "id", "identifier", "active"])
        #expect(((patient["identifier"] as? [[String: Any]])?.first?["value"] as? String) == "FX1")

        // The audiogram: LOINC where it has a code, the project's code with the frequency elsewhere.
        let observations = byType["Observation"] ?? []
        let profile = try #require(try HearingProfile.load(logs: logs, participant: "FX1"))
        let audiogram = try #require(profile.audiogram)
        let right1000 = try #require(observations.first { Self.code($0) == "89017-8" })
        #expect(Self.quantity(right1000) == audiogram.thresholds(.right)[1000])
        let left4000 = try #require(observations.first { Self.code($0) == "89022-8" })
        #expect(Self.quantity(left4000) == audiogram.thresholds(.left)[4000])
        let left250 = try #require(
            observations.first {
                Self.code($0) == "hearing-threshold-left" && Self.quantity(Self.components($0)["test-frequency"]) == 250
            })
        #expect(Self.quantity(left250) == audiogram.thresholds(.left)[250])
        #expect(
            observations.filter { ($0["valueQuantity"] as? [String: Any])?["unit"] as? String == "dB HL" }.count == 6)

        // The tinnitus and the profile in use.
        let tinnitus = try #require(observations.first { Self.code($0) == "tinnitus-pitch" })
        #expect(Self.quantity(tinnitus) == profile.tinnitus?.pitchHz)
        let sound = try #require(observations.first { Self.code($0) == "sound-profile" })
        #expect(Self.quantity(Self.components(sound)["notch-width"]) == 0.5)
        #expect(Self.quantity(Self.components(sound)["max-volume"]) == -10)
        #expect(Self.components(sound)["gain-rule"]?["valueString"] as? String == "half-gain")

        // Each session's outcome is the summary of its trials.csv.
        let folders = SessionFolder.existing(logs: logs, participant: id)
        let sessions = observations.filter { Self.code($0) == "localization-session" }
        #expect(sessions.count == folders.count && folders.count == 4)
        for folder in folders {
            let summary = SessionSummary.of(try TrialRow.readAll(from: folder.trialsURL))
            let observation = try #require(
                sessions.first {
                    ($0["identifier"] as? [[String: Any]])?.first?["value"] as? String == folder.sessionID.value
                })
            let parts = Self.components(observation)
            #expect(abs((Self.quantity(parts["median-abs-deviation"]) ?? -1) - summary.medianAbsDeviationDeg) < 1e-6)
            #expect(abs((Self.quantity(parts["median-search-time"]) ?? -1) - summary.medianTimeSeconds) < 1e-6)
            #expect(parts["photos"]?["valueInteger"] as? Int == summary.photos)
        }

        // Every rating, answered or skipped.
        let ratings = try RatingsLog(logs: logs, participant: id).storedRows()
        let ratingObservations = observations.filter { Self.code($0)?.hasPrefix("rating-") == true }
        #expect(ratingObservations.count == ratings.count && !ratings.isEmpty)
        for (row, observation) in zip(ratings, ratingObservations) {
            #expect(Self.code(observation) == "rating-" + row.item.replacingOccurrences(of: "_", with: "-"))
            switch row.value {
            case nil: #expect(observation["dataAbsentReason"] != nil)
            case let value?:
                let stored =
                    Self.quantity(observation) ?? (observation["valueInteger"] as? NSNumber)?.doubleValue
                    ?? ((observation["valueBoolean"] as? Bool).map { $0 ? 1 : 0 })
                #expect(stored == value, "\(row.item)")
            }
        }

        // Each administration a response; each finished scored one its total.
        let rows = try QuestionnaireLog(logs: logs, participant: id).rows()
        let administrations = Administration.all(rows)
        #expect(byType["QuestionnaireResponse"]?.count == administrations.count)
        #expect(
            Set((byType["Questionnaire"] ?? []).compactMap { $0["url"] as? String }) == [
                "https://soundsafari.org/fhir/Questionnaire/mini-tq",
                "https://soundsafari.org/fhir/Questionnaire/worst-symptom",
            ])
        let totals = administrations.compactMap { $0.finished?.value.flatMap(Double.init) }
        let scores = observations.filter { Self.code($0) == "questionnaire-score" }.compactMap { Self.quantity($0) }
        #expect(scores == totals && totals.count == 2)

        // The plan and its adherence.
        let carePlan = try #require(byType["CarePlan"]?.first)
        #expect(carePlan["title"] as? String == "record")
        let adherence = try #require(observations.first { Self.code($0) == "plan-adherence" })
        #expect(Self.components(adherence)["sessions-done"]?["valueInteger"] as? Int == 4)

        // The diary: a medication, another therapy, an event.
        #expect(
            ((byType["MedicationStatement"]?.first?["medicationCodeableConcept"] as? [String: Any])?["text"] as? String)
                == "Betahistine")
        let procedure = try #require(byType["Procedure"]?.first)
        #expect(procedure["status"] as? String == "in-progress")
        #expect(observations.contains { Self.code($0) == "diary-event" })

        // Provenance: the sessions' machine and version, and the exporting program.
        #expect((byType["Device"] ?? []).count == 2)
        #expect((byType["Provenance"] ?? []).count == 2)
    }

    @Test(.needsFHIRValidator)
    func aParticipantWithoutAudiogramPlanOrSessionsStillExportsAndSaysWhatIsMissing() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("fhir-export-sparse")
        let out = try SoundSafariBinary.temporaryDirectory("fhir-export-sparse-out")
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: out)
        }
        // A diary only.
        try Self.run([
            "diary", "add", "--participant", "FX2", "--logs", logs.path, "--kind", "event", "--name", "Loud concert",
            "--date", "2026-11-01", "--type", "noise-exposure",
        ])
        // Sessions outside a plan, no audiogram.
        try Self.run([
            "simulate", "--mode", "one-target", "--rounds", "2", "--participant", "FX3", "--logs", logs.path,
        ])
        for (participant, expected) in [
            ("FX2", ["no audiogram", "No training plan", "no sessions", "no tinnitus ratings"]),
            ("FX3", ["no audiogram", "No training plan", "The diary is empty"]),
        ] {
            let file = out.appendingPathComponent("\(participant).json")
            let output = try Self.export(logs, participant: participant, to: file)
            #expect(output.status == 0, "\(output.stderr)")
            for sentence in expected { #expect(output.stderr.contains(sentence), "\(participant): \(output.stderr)") }
            let validation = try Self.validate(file)
            #expect(validation.status == 0, "\(validation.stdout)")
            let byType = try Self.resources(file)
            #expect(byType["Patient"]?.count == 1 && byType["CarePlan"] == nil)
        }
        let sessions = try Self.resources(out.appendingPathComponent("FX3.json"))["Observation"] ?? []
        #expect(sessions.filter { Self.code($0) == "localization-session" }.count == 1)
    }

    @Test func anUnknownParticipantOrAnExistingFileIsOneSentenceAndNothingIsWritten() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("fhir-export-bad")
        let out = try SoundSafariBinary.temporaryDirectory("fhir-export-bad-out")
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: out)
        }
        let file = out.appendingPathComponent("out.json")
        let unknown = try Self.export(logs, participant: "NOBODY1", to: file)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("has no folder for participant NOBODY1"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try "keep".write(to: file, atomically: true, encoding: .utf8)
        try Self.run([
            "diary", "add", "--participant", "FX4", "--logs", logs.path, "--kind", "event", "--name", "x",
            "--date", "2026-11-01", "--type", "other",
        ])
        let existing = try Self.export(logs, participant: "FX4", to: file)
        #expect(existing.status != 0 && existing.stderr.contains("already exists"), "\(existing.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
    }

    @Test func docsFHIRListsExactlyTheCodesTheExportWrites() throws {
        let doc = try String(
            contentsOf: SoundSafariBinary.packageRoot.appendingPathComponent("docs/FHIR.md"), encoding: .utf8)
        func section(_ heading: String) -> Set<String> {
            guard let start = doc.range(of: "\n## \(heading)\n") else { return [] }
            let rest = doc[start.upperBound...]
            let body = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
            return Set(
                body.split(separator: "\n").compactMap { line -> String? in
                    guard line.hasPrefix("| `") else { return nil }
                    return line.dropFirst(3).split(separator: "`").first.map(String.init)
                })
        }
        #expect(section("The code system") == Set(FHIRTerms.concepts.map(\.code)))
        #expect(section("LOINC codes") == Set(FHIRTerms.loincThresholds.map(\.code)))
    }
}

/// scripts/fhir-validate.py and the venv scripts/fhir-deps.sh makes (`make test` runs it first).
enum FHIRValidator {
    static let python = SoundSafariBinary.packageRoot.appendingPathComponent(".fhir-venv/bin/python")
    static let script = SoundSafariBinary.packageRoot.appendingPathComponent("scripts/fhir-validate.py")
}
