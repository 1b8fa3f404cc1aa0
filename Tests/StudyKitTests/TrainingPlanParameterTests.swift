// The SNR example plan, and what a plan adapting a round-wide parameter is checked for (ranges, units, fitting rounds).
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

@Suite struct TrainingPlanParameterTests {
    static let snrURL = Fixtures.examplesFolder.appendingPathComponent("training-plan-snr.json")

    @Test func theShippedSNRPlanLoadsAsAClinicWouldUseIt() throws {
        let plan = try TrainingPlanFile.load(Self.snrURL)
        #expect(plan.adaptive.parameter == .backgroundGainDB)
        #expect(plan.adaptive.start == -20)
        #expect(plan.adaptive.rule.range == -40...12)
        #expect(plan.adaptive.rule.largerIsHarder, "a louder background is harder")
        #expect(plan.adaptive.hitToleranceDeg == 30)
        #expect(plan.session.conditions.allSatisfy { $0.backgroundSound != nil })
        try plan.session.checkSounds(available: ["frog", "bluejay", "ambience"], file: Self.snrURL.path)
        // A photo is judged at the fixed zone, whatever the background level.
        #expect(plan.adaptive.isHit(absDeviationDeg: 29, value: 10))
        #expect(!plan.adaptive.isHit(absDeviationDeg: 31, value: -40))
    }

    func error(replacing old: String, with new: String) throws -> ProtocolError? {
        let text = try String(contentsOf: Self.snrURL, encoding: .utf8)
        #expect(text.contains(old), "the example no longer contains \(old)")
        do {
            _ = try TrainingPlanFile.parse(Data(text.replacingOccurrences(of: old, with: new).utf8), file: "snr.json")
            return nil
        } catch let error as ProtocolError {
            return error
        }
    }

    @Test func mistakesNameTheFileAndTheFieldInOneSentence() throws {
        let range = try #require(try error(replacing: #""max": 12"#, with: #""max": 20"#))
        #expect(range.file == "snr.json" && range.field == "adaptive.max")
        #expect(range.description.contains("-60.0 to 12.0 for background_gain_db"))

        let start = try #require(try error(replacing: #""start": -20"#, with: #""start": -50"#))
        #expect(start.field == "adaptive.start")

        let step = try #require(try error(replacing: "[6, 3, 2]", with: "[6, 60, 2]"))
        #expect(step.field == "adaptive.step_sizes[1]")
        #expect(step.description.contains("number of dB"))

        let zone = try #require(
            try error(replacing: #""hit_tolerance_deg": 30"#, with: #""hit_tolerance_deg": 120"#))
        #expect(zone.field == "adaptive.hit_tolerance_deg")

        // No background to raise in a round without one.
        let quiet = try #require(
            try error(
                replacing: #""level": "one-target-background", "targets": ["frog"], "background_sound": "ambience","#,
                with: #""level": "one-target", "targets": ["frog"],"#))
        #expect(quiet.field == "session.conditions[0]")
        #expect(quiet.description.contains("no background sound"))
        for text in [range, start, step, zone, quiet].map(\.description) {
            #expect(text.hasPrefix("snr.json") && text.hasSuffix(".") && !text.dropLast().contains(". "))
        }
    }

    @Test func theOtherParametersCheckTheirRangesAndRounds() throws {
        let duration = try #require(
            try error(
                replacing: #""parameter": "background_gain_db", "start": -20, "min": -40, "max": 12"#,
                with: #""parameter": "stimulus_duration_s", "start": 2, "min": 0.05, "max": 4"#))
        #expect(duration.field == "adaptive.min")
        #expect(duration.description.contains("0.1 to 60.0 for stimulus_duration_s"))

        // The SNR plan's one-target rounds cannot train separation.
        let single = try #require(
            try error(
                replacing: #""parameter": "background_gain_db", "start": -20, "min": -40, "max": 12"#,
                with: #""parameter": "min_separation_deg", "start": 90, "min": 5, "max": 120"#))
        #expect(single.field == "session.conditions[0]" && single.description.contains("one target"))

        let separationPlan = try String(contentsOf: Self.snrURL, encoding: .utf8)
            .replacingOccurrences(
                of: #""parameter": "background_gain_db", "start": -20, "min": -40, "max": 12"#,
                with: #""parameter": "min_separation_deg", "start": 90, "min": 5, "max": 180"#
            )
            .replacingOccurrences(
                of:
                    #"{ "name": "one-target-background", "level": "one-target-background", "targets": ["frog"], "background_sound": "ambience", "repetitions": 16 },"#,
                with: "")
        let plan = try TrainingPlanFile.parse(Data(separationPlan.utf8), file: "sep.json")
        #expect(plan.adaptive.parameter == .minSeparationDeg && !plan.adaptive.rule.largerIsHarder)
        #expect(plan.session.conditions.count == 1)
    }

    /// A bandwidth plan chooses each round's calls: its conditions must name more sounds than a round plays.
    @Test func aBandwidthPlanNeedsMoreCallsThanARoundPlays() throws {
        let bandwidth = #""parameter": "stimulus_bandwidth_oct", "start": 4, "min": 0.5, "max": 10"#
        // The SNR plan names frog and bluejay, and its two-target rounds play both: nothing to choose from.
        let tooFew = try #require(
            try error(
                replacing: #""parameter": "background_gain_db", "start": -20, "min": -40, "max": 12"#,
                with: bandwidth))
        #expect(tooFew.field == "session.conditions" && tooFew.description.contains("name 2 target sounds"))
        let onePerRound = try String(contentsOf: Self.snrURL, encoding: .utf8)
            .replacingOccurrences(
                of: #""parameter": "background_gain_db", "start": -20, "min": -40, "max": 12"#,
                with: bandwidth
            )
            .replacingOccurrences(
                of: #""level": "two-targets-background", "targets": ["frog", "bluejay"]"#,
                with: #""level": "one-target-background", "targets": ["bluejay"]"#)
        let plan = try TrainingPlanFile.parse(Data(onePerRound.utf8), file: "bandwidth.json")
        #expect(plan.adaptive.parameter == .stimulusBandwidthOct && !plan.adaptive.rule.largerIsHarder)
    }
}
