// `simulate --plan … --answer-ratings` with a plan naming questionnaires: a seeded bot takes them at their points.
import Foundation
import StudyKit
import StudyRecords
import Testing

@Suite struct SimulatePlanQuestionnairesTests {
    /// Three short sessions; the case history and the Mini-TQ before the first, the worst symptom after the second,
    /// the Mini-TQ after the last.
    static let plan = """
        {"name": "asked", "sessions_per_week": 3, "minutes_per_session": 5, "repeat_rounds": false, "total_sessions": 3,
         "session": {"name": "short", "conditions": [{"level": "one-target", "targets": ["frog"], "repetitions": 1}]},
         "adaptive": {"parameter": "hit_tolerance_deg", "start": 45},
         "questionnaires": {"baseline": ["case-history", "mini-tq"], "follow_up": ["mini-tq"],
           "every_n_sessions": {"n": 2, "ids": ["worst-symptom"]}}}
        """

    static func simulate(_ logs: URL, participant: String, seed: Int) throws -> CommandOutput {
        let planFile = logs.appendingPathComponent("plan.json")
        try Self.plan.write(to: planFile, atomically: true, encoding: .utf8)
        return try SoundSafariBinary.run([
            "simulate", "--plan", planFile.path, "--sessions", "3", "--answer-ratings", "--participant", participant,
            "--seed", "\(seed)", "--logs", logs.path,
        ])
    }

    @Test func theBotTakesEachQuestionnaireAtItsPointOnceAndTheSameSeedGivesTheSameAnswers() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-plan-questionnaires")
        defer { try? FileManager.default.removeItem(at: logs) }
        let output = try Self.simulate(logs, participant: "QP1", seed: 5)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Questionnaire mini-tq (follow_up): A4 finished, total "))
        let rows = try QuestionnaireLog(logs: logs, participant: ParticipantID("QP1")).rows()
        let administrations = Administration.all(rows)
        #expect(administrations.map(\.instrument) == ["case-history", "mini-tq", "worst-symptom", "mini-tq"])
        #expect(administrations.map(\.moment) == [.baseline, .baseline, .periodic, .followUp])
        #expect(administrations.map(\.sessionIndex) == [nil, nil, 2, 3])
        #expect(administrations.allSatisfy { $0.isFinished })
        let miniTQ = administrations.filter { $0.instrument == "mini-tq" }
        for administration in miniTQ {
            #expect(administration.answers.count == 12 && administration.answers.allSatisfy { $0.value != nil })
            let total = try #require(administration.finished?.value.flatMap(Double.init))
            #expect(
                total == administration.answers.compactMap { $0.value.flatMap(Double.init) }.reduce(0, +),
                "the total is the sum of the 12 answers")
        }
        // Played out: another run asks nothing again.
        let again = try SoundSafariBinary.run([
            "simulate", "--plan", logs.appendingPathComponent("plan.json").path, "--answer-ratings", "--participant",
            "QP1", "--logs", logs.path,
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try QuestionnaireLog(logs: logs, participant: ParticipantID("QP1")).rows().count == rows.count)
        // Seeded: another folder, the same participant and seed, the same answers.
        let other = logs.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        #expect(try Self.simulate(other, participant: "QP1", seed: 5).status == 0)
        let repeated = try QuestionnaireLog(logs: other, participant: ParticipantID("QP1")).rows()
        #expect(repeated.map(\.value) == rows.map(\.value))
    }

    @Test func aPlanNamingAnInstrumentThisMachineLacksIsRefusedBeforeAnySessionIsPlayed() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-plan-unknown-instrument")
        defer { try? FileManager.default.removeItem(at: logs) }
        let planFile = logs.appendingPathComponent("plan.json")
        try Self.plan.replacingOccurrences(of: #""follow_up": ["mini-tq"]"#, with: #""follow_up": ["tfi"]"#)
            .write(to: planFile, atomically: true, encoding: .utf8)
        let output = try SoundSafariBinary.run([
            "simulate", "--plan", planFile.path, "--answer-ratings", "--participant", "QP2", "--logs", logs.path,
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("There is no instrument 'tfi'"), "\(output.stderr)")
        #expect(try PastSession.all(logs: logs, participant: ParticipantID("QP2")).isEmpty)
    }
}
