// Protocol files: the shipped examples load, and every kind of mistake names file, field, line and fix.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

struct ProtocolFileTests {
    @Test func theThesisStudyIsThreeConditionsTimesThreeIsNineRoundsAndFifteenTargets() throws {
        let study = try ProtocolFile.load(Fixtures.examplesFolder.appendingPathComponent("thesis-study.json"))
        #expect(study.conditions.map(\.level) == [.oneTarget, .twoTargets, .twoTargetsBackground])
        #expect(study.roundCount == 9)
        #expect(study.targetCount == 15)
        let rounds = study.resolve(participantNumber: 1, sessionSeed: 5).rounds
        #expect(
            rounds.map(\.condition) == [
                "one-target", "one-target", "one-target", "two-targets", "two-targets",
                "two-targets", "two-targets-background", "two-targets-background",
                "two-targets-background",
            ])
        #expect(rounds.map(\.round) == Array(1...9))
        #expect(rounds.last?.backgroundSound == "ambience")
        #expect(rounds.first?.backgroundSound == nil)
    }

    @Test func theLatinSquareExampleLoadsWithItsOptions() throws {
        let study = try ProtocolFile.load(Fixtures.examplesFolder.appendingPathComponent("latin-square.json"))
        #expect(study.order == .latinSquare)
        #expect(study.seed == 20_261_121)
        #expect(study.bearingsDeg?.count == 8)
        #expect(study.keepFirstTargetPlaying)
        #expect(study.backgroundGainDB == -6)
        #expect(study.minSeparationDeg == 90)
    }

    @Test func optionalFieldsTakeTheirDefaults() throws {
        let study = try Fixtures.parse(#"{"name": "x", "conditions": [{"level": "two-targets", "repetitions": 2}]}"#)
        #expect(study.order == .fixed)
        #expect(study.blocked)
        #expect(study.seed == nil)
        #expect(study.minSeparationDeg == 60)
        #expect(study.conditions[0].name == "two-targets")
        #expect(study.conditions[0].targets == ["frog", "bluejay"])
        #expect(study.sceneAmbience)
        let quiet = try Fixtures.parse(
            #"{"name": "x", "scene_ambience": false, "conditions": [{"level": "one-target", "repetitions": 1}]}"#)
        #expect(!quiet.sceneAmbience)
    }

    @Test func aMissingFileSaysWhichFile() {
        let error = #expect(throws: ProtocolError.self) {
            try ProtocolFile.load(URL(fileURLWithPath: "/nonexistent/p.json"))
        }
        #expect(error?.file == "/nonexistent/p.json")
    }

    @Test func brokenJSONIsReportedWithTheLineOfTheMistake() {
        let json = "{\n  \"name\": \"x\",\n  \"conditions\": [{\"level\": \"one-target\" \"repetitions\": 2}]\n}\n"
        let error = #expect(throws: ProtocolError.self) { try Fixtures.parse(json) }
        #expect(error?.line == 3)
        #expect(error?.description.hasPrefix("test.json line 3: is not valid JSON") == true)
    }

    @Test func aWrongTypeNamesTheFieldAndItsLine() {
        let json = """
            {
              "name": "x",
              "conditions": [
                { "level": "one-target", "repetitions": 3 },
                { "level": "two-targets",
                  "repetitions": "3" }
              ]
            }
            """
        let error = #expect(throws: ProtocolError.self) { try Fixtures.parse(json) }
        #expect(
            error
                == ProtocolError(
                    file: "test.json", field: "conditions[1].repetitions", line: 6,
                    problem: "must be a number but is a string"))
        #expect(
            error?.description
                == "test.json line 6, field 'conditions[1].repetitions': must be a number but is a string.")
    }

    @Test func aMisspelledFieldIsNotSilentlyIgnored() {
        let json =
            "{\n\"name\": \"x\",\n\"keep_first_target_plaing\": true,\n\"conditions\": [{\"level\": \"one-target\", \"repetitions\": 1}]}"
        let error = #expect(throws: ProtocolError.self) { try Fixtures.parse(json) }
        #expect(error?.field == "keep_first_target_plaing")
        #expect(error?.line == 3)
        #expect(error?.problem.contains("keep_first_target_playing") == true)
    }

    @Test(arguments: [
        (#"{"conditions": [{"level": "one-target", "repetitions": 1}]}"#, "name"),
        (#"{"name": "x"}"#, "conditions"),
        (#"{"name": "x", "conditions": []}"#, "conditions"),
        (#"{"name": "x", "conditions": [{"level": "three-targets", "repetitions": 1}]}"#, "conditions[0].level"),
        (#"{"name": "x", "conditions": [{"level": "one-target"}]}"#, "conditions[0].repetitions"),
        (#"{"name": "x", "conditions": [{"level": "one-target", "repetitions": 0}]}"#, "conditions[0].repetitions"),
        (#"{"name": "x", "conditions": [{"level": "one-target", "repetitions": 2.5}]}"#, "conditions[0].repetitions"),
        (
            #"{"name": "x", "conditions": [{"level": "one-target", "repetitions": 1, "targets": ["frog", "bluejay"]}]}"#,
            "conditions[0].targets"
        ),
        (
            #"{"name": "x", "conditions": [{"level": "two-targets", "repetitions": 1, "targets": ["frog", "frog"]}]}"#,
            "conditions[0].targets"
        ),
        (
            #"{"name": "x", "conditions": [{"level": "two-targets", "repetitions": 1, "background_sound": "rain"}]}"#,
            "conditions[0].background_sound"
        ),
        (#"{"name": "x", "order": "random", "conditions": [{"level": "one-target", "repetitions": 1}]}"#, "order"),
        (#"{"name": "x", "seed": -1, "conditions": [{"level": "one-target", "repetitions": 1}]}"#, "seed"),
        (#"{"name": "x", "blocked": "yes", "conditions": [{"level": "one-target", "repetitions": 1}]}"#, "blocked"),
        (
            #"{"name": "x", "min_separation_deg": 200, "conditions": [{"level": "one-target", "repetitions": 1}]}"#,
            "min_separation_deg"
        ),
        (
            #"{"name": "x", "bearings_deg": [], "conditions": [{"level": "one-target", "repetitions": 1}]}"#,
            "bearings_deg"
        ),
        (
            #"{"name": "x", "bearings_deg": [90], "conditions": [{"level": "two-targets", "repetitions": 1}]}"#,
            "bearings_deg"
        ),
        (
            #"{"name": "x", "bearings_deg": [0, 10], "conditions": [{"level": "two-targets", "repetitions": 1}]}"#,
            "bearings_deg"
        ),
        (
            #"{"name": "x", "bearings_deg": [0, 0, 0, 0], "conditions": [{"level": "two-targets", "repetitions": 1}]}"#,
            "bearings_deg"
        ),
        (
            #"{"name": "x", "bearings_deg": [0, "north"], "conditions": [{"level": "one-target", "repetitions": 1}]}"#,
            "bearings_deg[1]"
        ),
        (
            #"{"name": "x", "background_gain_db": 40, "conditions": [{"level": "one-target", "repetitions": 1}]}"#,
            "background_gain_db"
        ),
        (
            #"{"name": "x", "conditions": [{"level": "one-target", "repetitions": 1}, {"level": "one-target", "repetitions": 1}]}"#,
            "conditions[1].name"
        ),
        (#"["not", "an", "object"]"#, ""),
    ])
    func eachMistakeIsReportedAtItsField(json: String, field: String) {
        let error = #expect(throws: ProtocolError.self) { try Fixtures.parse(json) }
        #expect(error?.field == field)
        #expect(error?.file == "test.json")
    }

    /// Issue 47: a bearing outside a circle's degrees is refused, never wrapped; the sentence names the same direction
    /// inside the range when there is a sensible one.
    @Test(arguments: [
        ("1e308", nil), ("-1e308", nil), ("360", "0"), ("-90", "270"), ("400", "40"), ("-0.5", "359.5"),
        ("100000", nil),
    ])
    func aBearingOutsideTheCircleIsRefusedNamingItsIndex(bearing: String, sameDirection: String?) {
        let json =
            #"{"name": "x", "bearings_deg": [0, 90, "# + bearing
            + #"], "conditions": [{"level": "one-target", "repetitions": 1}]}"#
        let error = #expect(throws: ProtocolError.self) { try Fixtures.parse(json) }
        #expect(error?.field == "bearings_deg[2]", "\(String(describing: error))")
        #expect(error?.problem.contains("at least 0 and below 360 degrees") == true)
        if let sameDirection {
            #expect(
                error?.problem.contains("the same direction is \(sameDirection)") == true, "\(error?.problem ?? "")")
        } else {
            #expect(error?.problem.contains("the same direction") == false, "\(error?.problem ?? "")")
        }
    }

    @Test func bearingsInsideTheCircleAreKeptAsWritten() throws {
        let study = try Fixtures.parse(
            #"{"name": "x", "bearings_deg": [0, 359.9, 180.25], "conditions": [{"level": "one-target", "repetitions": 1}]}"#
        )
        #expect(study.bearingsDeg == [0, 359.9, 180.25])
    }

    @Test func theBuiltInModesAreProtocolsToo() {
        let mode = StudyProtocol.builtIn(mode: .twoTargetsBackground, rounds: 4, seed: 9)
        let resolved = mode.resolve(participantNumber: 1, sessionSeed: 1)
        #expect(resolved.seed == 9)
        #expect(resolved.rounds.count == 4)
        #expect(resolved.rounds.allSatisfy { $0.condition == "two-targets-background" && $0.backgroundSound != nil })
        #expect(resolved.allTrialKeys.count == 8)
    }
}

struct ProtocolSoundCheckTests {
    @Test func aSoundMissingFromTheCatalogIsReportedAtItsField() throws {
        let study = try Fixtures.parse(
            #"{"name": "x", "conditions": [{"level": "two-targets-background", "repetitions": 1, "background_sound": "rain"}]}"#
        )
        let error = #expect(throws: ProtocolError.self) {
            try study.checkSounds(available: ["frog", "bluejay", "ambience"], file: "study.json")
        }
        #expect(
            error?.description
                == "study.json, field 'conditions[0].background_sound': names the sound 'rain', which Sounds/sounds.json does not have; use one of ambience, bluejay, frog."
        )
    }

    @Test func theShippedExamplesUseOnlyTheShippedSounds() throws {
        let catalog =
            try JSONSerialization.jsonObject(
                with: Data(
                    contentsOf: Fixtures.examplesFolder
                        .deletingLastPathComponent().appendingPathComponent("Sounds/sounds.json"))) as? [String: Any]
        let names = Set(((catalog?["sounds"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        #expect(names.contains("frog"))
        for example in ["thesis-study.json", "latin-square.json"] {
            let study = try ProtocolFile.load(Fixtures.examplesFolder.appendingPathComponent(example))
            try study.checkSounds(available: names, file: example)
        }
    }
}
