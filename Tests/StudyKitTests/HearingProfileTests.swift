// profile.json: the contract's keys read as they say, new versions appended, bad files named by file and field.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

struct HearingProfileTests {
    static let contract = """
        {"schema_version": 1, "participant": "P01", "audiogram": {"unit": "dB HL", "left": {"250": 10, "1000": 20, \
        "4000": 40}, "right": {"250": 15, "1000": 30, "4000": 50}}, "tinnitus": {"pitch_hz": 4000, \
        "level_db_above_threshold": 8, "ear": "both"}, "tailoring": {"notch": {"center_hz": 4000, "width_octaves": 1}, \
        "gain_rule": "half-gain", "max_gain_db": 20}, "output": {"ceiling_dbfs": -1}}
        """

    /// Edits of the contract file that were read with a default, a boolean as a number or the first of two keys.
    static let lenient: [(edit: (from: String, to: String), field: String)] = [
        (("\"max_gain_db\": 20", "\"max_gain_db\": true"), "tailoring.max_gain_db"),
        (("\"max_gain_db\": 20", "\"max_gain_dB\": 20"), "tailoring.max_gain_dB"),
        (("\"ear\": \"both\"", "\"ear\": 3"), "tinnitus.ear"),
        (("\"ear\": \"both\"", "\"ear\": \"both\", \"probe\": false"), "tinnitus.probe"),
        (("\"ear\": \"both\"", "\"ear\": \"both\", \"runs_hz\": \"abc\""), "tinnitus.runs_hz"),
        (("\"schema_version\": 1,", "\"schema_version\": 1, \"created_at\": \"yesterday\","), "created_at"),
        (("\"schema_version\": 1,", "\"schema_version\": 1, \"source\": 7,"), "source"),
        (
            ("\"level_db_above_threshold\": 8", "\"level_db_above_threshold\": 1e308"),
            "tinnitus.level_db_above_threshold"
        ),
        (("\"ceiling_dbfs\": -1}", "\"ceiling_dbfs\": -1,}"), "(file)"),
        (("\"gain_rule\": \"half-gain\"", "\"gain_rule\": \"half-gain\", \"gain_rule\": \"none\""), "(file)"),
        (("\"schema_version\": 1", "\"schema_version\": true"), "schema_version"),
    ]

    @Test(
        "profile.json is read as strictly as a protocol: booleans, misspelt keys, wrong types, 1e308, trailing commas and repeated keys are named",
        arguments: lenient.indices)
    func leniencyIsGone(index: Int) throws {
        let (edit, field) = Self.lenient[index]
        #expect(Self.contract.contains(edit.from))
        let folder = try TemporaryFolder()
        try Self.contract.replacingOccurrences(of: edit.from, with: edit.to).write(
            to: folder.file("profile.json"), atomically: true, encoding: .utf8)
        let error = #expect(throws: ProfileError.self) { try HearingProfile.read(folder.file("profile.json")) }
        #expect(error?.field == field, "\(String(describing: error))")
    }

    @Test func theIssuesContractFileReadsAsVersionOneWithItsTailoring() throws {
        let folder = try TemporaryFolder()
        try Self.contract.write(to: folder.file("profile.json"), atomically: true, encoding: .utf8)
        let profile = try HearingProfile.read(folder.file("profile.json"))
        #expect(profile.version == 1)
        #expect(profile.audiogram?.right[1000] == 30)
        let tailoring = profile.tailoring
        #expect(tailoring.notch == NotchSetting(centerHz: 4000, widthOctaves: 1))
        #expect(tailoring.rightGains[4000] == 20)
        #expect(tailoring.leftGains[1000] == 10)
        #expect(tailoring.ceilingDBFS == -1)
        #expect(tailoring.profileVersion == 1)
    }

    @Test func aNewMeasurementAppendsAVersionAndKeepsTheEarlierOnes() throws {
        let folder = try TemporaryFolder()
        let logs = folder.url
        try FileManager.default.createDirectory(
            at: logs.appendingPathComponent("P01"), withIntermediateDirectories: true)
        let url = HearingProfile.url(logs: logs, participant: "P01")
        try Self.contract.write(to: url, atomically: true, encoding: .utf8)
        var next = try HearingProfile.read(url)
        next.tinnitus?.pitchHz = 6000
        next.source = "pitch-match"
        let written = try HearingProfile.append(next, logs: logs)
        #expect(written.version == 2)
        let versions = try HearingProfile.readAll(url)
        #expect(versions.map(\.version) == [1, 2])
        #expect(versions[0].tinnitus?.pitchHz == 4000)
        #expect(versions[1].tinnitus?.pitchHz == 6000)
        #expect(try HearingProfile.read(url).tinnitus?.pitchHz == 6000)
    }

    /// Issue 47: two JSON keys, one frequency; which level counted was chance.
    /// Issue 39 (5.3): a prescribed notch centre used to overwrite the measured tinnitus pitch (and to invent a
    /// tinnitus for a profile without one). The two are kept apart, in memory and through the file.
    @Test func aPrescribedNotchCentreNeverRewritesTheMeasuredPitch() throws {
        let apart = try HearingProfile.decodeAll(
            Data(Self.contract.replacingOccurrences(of: "\"center_hz\": 4000", with: "\"center_hz\": 3000").utf8),
            path: "profile.json")[0]
        #expect(apart.tinnitus?.pitchHz == 4000, "the measured pitch stays")
        #expect(apart.notchCenterHz == 3000)
        #expect(apart.tailoring.notch == NotchSetting(centerHz: 3000, widthOctaves: 1))
        // No tinnitus matched: the notch is there, and no pitch appears.
        let noTinnitus = Self.contract.replacingOccurrences(
            of: "\"tinnitus\": {\"pitch_hz\": 4000, \"level_db_above_threshold\": 8, \"ear\": \"both\"}, ", with: "")
        #expect(noTinnitus != Self.contract)
        let prescribedOnly = try HearingProfile.decodeAll(Data(noTinnitus.utf8), path: "profile.json")[0]
        #expect(prescribedOnly.tinnitus == nil)
        #expect(prescribedOnly.tailoring.notch == NotchSetting(centerHz: 4000, widthOctaves: 1))
        // A centre at the pitch is the notch that follows the pitch; every case reads back as it was written.
        let atPitch = try HearingProfile.decodeAll(Data(Self.contract.utf8), path: "profile.json")[0]
        #expect(atPitch.notchCenterHz == nil && atPitch.effectiveNotchCenterHz == 4000)
        for profile in [apart, prescribedOnly, atPitch] {
            let again = try HearingProfile.decodeAll(HearingProfile.encoded(versions: [profile]), path: "again")[0]
            #expect(again == profile)
        }
        // A new pitch match moves a notch that follows the pitch; a prescribed centre stays where it was put.
        var rematched = atPitch
        rematched.tinnitus?.pitchHz = 5000
        #expect(rematched.tailoring.notch?.centerHz == 5000)
        var kept = apart
        kept.tinnitus?.pitchHz = 5000
        #expect(kept.tailoring.notch?.centerHz == 3000)
    }

    @Test(arguments: [
        ("\"1000\": 20", "\"1000\": 20, \"1e3\": 35", "audiogram.left.1e3"),
        ("\"1000\": 20", "\"1000\": 20, \"1000.0\": 20", "audiogram.left.1000.0"),
        ("\"250\": 15", "\"250\": 15, \"2.5e2\": 15", "audiogram.right.250"),
        ("\"4000\": 50", "\"4000\": 50, \"04000\": 45", "audiogram.right.4000"),
    ])
    func oneFrequencyUnderTwoSpellingsIsRefused(original: String, replacement: String, field: String) throws {
        let folder = try TemporaryFolder()
        #expect(Self.contract.contains(original))
        try Self.contract.replacingOccurrences(of: original, with: replacement)
            .write(to: folder.file("profile.json"), atomically: true, encoding: .utf8)
        let error = #expect(throws: ProfileError.self) { try HearingProfile.read(folder.file("profile.json")) }
        #expect(error?.field == field, "\(String(describing: error))")
        #expect(error?.problem.contains("names the same frequency as") == true, "\(String(describing: error))")
    }

    @Test(
        "A bad profile names the file and the field",
        arguments: [
            ("\"gain_rule\": \"half-gain\"", "\"gain_rule\": \"loud\"", "tailoring.gain_rule"),
            ("\"1000\": 20", "\"1000\": 180", "audiogram.left.1000"),
            ("\"1000\": 20", "\"1000\": \"x\"", "audiogram.left.1000"),
            ("\"unit\": \"dB HL\"", "\"unit\": \"dB SPL\"", "audiogram.unit"),
            ("\"width_octaves\": 1", "\"width_octaves\": 3", "tailoring.notch.width_octaves"),
            ("\"pitch_hz\": 4000", "\"pitch_hz\": 40000", "tinnitus.pitch_hz"),
            ("\"schema_version\": 1", "\"schema_version\": 9", "schema_version"),
        ])
    func badFieldsAreNamed(original: String, replacement: String, field: String) throws {
        let folder = try TemporaryFolder()
        try Self.contract.replacingOccurrences(of: original, with: replacement)
            .write(to: folder.file("profile.json"), atomically: true, encoding: .utf8)
        let error = #expect(throws: ProfileError.self) { try HearingProfile.read(folder.file("profile.json")) }
        #expect(error?.field == field)
        #expect(error?.description.contains(folder.file("profile.json").path) == true)
    }

    @Test func theGainCapIsReadWithinTheOneRangeTheOptionsUseAndRefusedJustOutsideIt() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("profile.json")
        let range = GainRule.maxGainRangeDB
        for cap in [range.lowerBound, range.upperBound] {
            try Self.contract.replacingOccurrences(of: "\"max_gain_db\": 20", with: "\"max_gain_db\": \(cap)")
                .write(to: url, atomically: true, encoding: .utf8)
            #expect(try HearingProfile.read(url).maxGainDB == cap)
        }
        for cap in [range.lowerBound - 0.5, range.upperBound + 0.5] {
            try Self.contract.replacingOccurrences(of: "\"max_gain_db\": 20", with: "\"max_gain_db\": \(cap)")
                .write(to: url, atomically: true, encoding: .utf8)
            let error = #expect(throws: ProfileError.self) { try HearingProfile.read(url) }
            #expect(error?.field == "tailoring.max_gain_db")
            #expect(error?.description.contains("from \(Int(range.lowerBound)) to \(Int(range.upperBound)) dB") == true)
        }
    }

    @Test func anAudiogramCSVWithAnImpossibleLevelNamesLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try "frequency_hz,left_db_hl,right_db_hl\n1000,20,30\n4000,40,150\n"
            .write(to: folder.file("a.csv"), atomically: true, encoding: .utf8)
        let error = #expect(throws: ProfileError.self) { try AudiogramFile.read(folder.file("a.csv")) }
        #expect(error?.field == "right_db_hl")
        #expect(error?.path.hasSuffix("a.csv line 3") == true)
    }
}
