// A protocol's feedback object: off unless the file turns it on, recorded in session.json, refused where it cannot work.
import Foundation
import Testing
import TidyFormats

@testable import StudyRecords

@Suite struct ProtocolFeedbackTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// Examples/thesis-study.json with `extra` spliced in after its name.
    static func thesis(_ extra: String) throws -> StudyProtocol {
        let text = try String(
            contentsOf: examples.appendingPathComponent("thesis-study.json"), encoding: .utf8)
        let spliced = text.replacingOccurrences(
            of: #""name": "thesis-study","#, with: #""name": "thesis-study", "# + extra)
        #expect(spliced != text)
        return try ProtocolFile.parse(Data(spliced.utf8), file: "study.json")
    }

    @Test func aStudyShowsNoFeedbackUnlessItsProtocolTurnsItOn() throws {
        #expect(try Self.thesis("").feedback == .off)
        let on = try Self.thesis(#""feedback": { "true_direction": true, "verdict": false },"#).feedback
        #expect(on.showTrueDirection && !on.verdict && !on.points && !on.replayTrueDirection)
        #expect(StudyProtocol.builtIn(mode: .oneTarget, rounds: 3).feedback == .all, "play shows everything")
    }

    @Test func pointsAndReplayAreRefusedByNameAndUnknownKeysNamed() throws {
        #expect {
            _ = try Self.thesis(#""feedback": { "points": true },"#)
        } throws: { error in
            (error as? ProtocolError)?.field == "feedback.points"
                && "\(error)".contains("in a protocol only true_direction and verdict can be turned on")
        }
        #expect {
            _ = try Self.thesis(#""feedback": { "true_directon": true },"#)
        } throws: { error in
            "\(error)".contains("true_directon") && "\(error)".contains("true_direction, verdict, points, replay")
        }
    }

    @Test func theResolvedProtocolRecordsWhatWasShownAndAnOldSessionJSONHasNone() throws {
        let study = try Self.thesis(#""feedback": { "verdict": true },"#)
        let resolved = study.resolve(participantNumber: 1, sessionSeed: 7)
        let data = try JSONEncoder().encode(resolved)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""feedback":{"#) && text.contains(#""verdict":true"#))
        #expect(try JSONDecoder().decode(ResolvedProtocol.self, from: data).feedback == study.feedback)
        let sample = Self.examples.appendingPathComponent("sample-session/P07/20261126T014050Z-18a8/session.json")
        #expect(try SessionRecord.decode(Data(contentsOf: sample), file: sample.path).resolvedProtocol.feedback == nil)
    }

    @Test func aPlanKeepsItsFeedbackAtTheTopAndItsSessionsRecordIt() throws {
        let url = Self.examples.appendingPathComponent("training-plan.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let plan = try TrainingPlanFile.parse(
            Data(text.replacingOccurrences(of: #""points": true"#, with: #""points": true, "verdict": false"#).utf8),
            file: "plan.json")
        #expect(!plan.feedback.verdict && plan.feedback.points)
        #expect(plan.session.feedback == plan.feedback)
        let inner = text.replacingOccurrences(
            of: #""name": "training-session","#, with: #""name": "training-session", "feedback": {},"#)
        #expect(inner != text)
        #expect {
            _ = try TrainingPlanFile.parse(Data(inner.utf8), file: "plan.json")
        } throws: { error in
            (error as? ProtocolError)?.field == "session.feedback"
        }
    }
}
