// profile.json's record: a participant's audiogram, tinnitus and tailoring, every version, and its codec.
import Foundation
import GameCore
import TidyFormats

/// The tinnitus as matched.
public struct TinnitusMatch: Sendable, Equatable {
    public var pitchHz: Double
    public var levelDBAboveThreshold: Double?
    public var ear: String
    /// Matched pitch of each run (pitch match only), and the spread of the runs in octaves.
    public var runsHz: [Double]
    public var spreadOctaves: Double?
    /// What was matched against the tinnitus: a tone, or 1/3-octave noise for a noise-like tinnitus.
    public var probe: PitchProbe

    public init(
        pitchHz: Double, levelDBAboveThreshold: Double?, ear: String = "both", runsHz: [Double] = [],
        spreadOctaves: Double? = nil, probe: PitchProbe = .tone
    ) {
        self.pitchHz = pitchHz
        self.levelDBAboveThreshold = levelDBAboveThreshold
        self.ear = ear
        self.runsHz = runsHz
        self.spreadOctaves = spreadOctaves
        self.probe = probe
    }
}

/// The HRTF set a participant trains with: its name for OpenAL Soft and the SHA-256 of its data file when chosen.
public struct ChosenHRTF: Sendable, Equatable {
    public var name: String
    public var sha256: String

    public init(name: String, sha256: String) {
        self.name = name
        self.sha256 = sha256
    }
}

/// One version of a participant's profile. profile.json holds the newest version's keys at the top (the
/// contract of the issue: `schema_version`, `participant`, `audiogram`, `tinnitus`, `tailoring`, `output`) and
/// every version, oldest first, under `versions`; `version` is the newest one's number. A file written by hand
/// without `versions` is version 1.
public struct HearingProfile: Sendable, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "profile.json"

    public var participant: String
    public var version: Int
    public var createdAt: Date?
    /// What made this version (e.g. `hearing-test`, `set-audiogram FILE`, `pitch-match`).
    public var source: String
    public var audiogram: Audiogram?
    public var tinnitus: TinnitusMatch?
    public var notchWidthOctaves: Double?
    /// A notch centre prescribed apart from the matched tinnitus pitch (the dashboard's notch form); nil: the notch
    /// sits at `tinnitus.pitchHz`. Kept apart so that prescribing a notch never rewrites the measured pitch.
    public var notchCenterHz: Double?
    public var gainRule: GainRule
    public var maxGainDB: Double
    public var ceilingDBFS: Double
    /// The supervisor's maximum volume for the headphone check (dB); nil: the game's default.
    public var maxVolumeDB: Double?
    /// The headphones' measured level; with it the hearing test is in dB HL.
    public var calibration: HeadphoneCalibration?
    /// The microphone's measured level; with it the ratings' ambient level is in dB(A), else in dBFS.
    public var microphoneCalibration: MicrophoneCalibration?
    /// The HRTF set chosen by ear (`soundsafari hrtf choose`): sessions without `--hrtf` use it.
    public var hrtf: ChosenHRTF?

    public init(
        participant: String, version: Int = 1, createdAt: Date? = nil, source: String = "", audiogram: Audiogram? = nil,
        tinnitus: TinnitusMatch? = nil, notchWidthOctaves: Double? = nil, gainRule: GainRule = .none,
        maxGainDB: Double = GainRule.defaultMaxGainDB, ceilingDBFS: Double = OutputTailoring.defaultCeilingDBFS
    ) {
        self.participant = participant
        self.version = version
        self.createdAt = createdAt
        self.source = source
        self.audiogram = audiogram
        self.tinnitus = tinnitus
        self.notchWidthOctaves = notchWidthOctaves
        self.gainRule = gainRule
        self.maxGainDB = maxGainDB
        self.ceilingDBFS = ceilingDBFS
    }

    /// Where the notch sits when a width is set: the prescribed centre, else the tinnitus pitch.
    public var effectiveNotchCenterHz: Double? { notchCenterHz ?? tinnitus?.pitchHz }

    /// The output stage this profile asks for: the notch (when a width is set) at its centre, the ear gains by the
    /// rule, the ceiling.
    public var tailoring: OutputTailoring {
        let notch = effectiveNotchCenterHz.flatMap { centre in
            notchWidthOctaves.map { NotchSetting(centerHz: centre, widthOctaves: $0) }
        }
        return OutputTailoring(
            audiogram: audiogram, rule: gainRule, maxGainDB: maxGainDB, notch: notch, ceilingDBFS: ceilingDBFS,
            profileVersion: version)
    }

    /// Every version in profile.json's bytes, oldest first; every error names `path` and the field. As strict as
    /// the protocol reader: unknown keys, wrong types, trailing commas and repeated keys are refused.
    public static func decodeAll(_ data: Data, path: String) throws -> [HearingProfile] {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data), let top = value.fields else {
            throw ProfileError(path: path, field: "(file)", problem: "is not a JSON object")
        }
        // As strict as protocol files: a trailing comma or a key given twice (of which one would be dropped).
        if let violation = StrictJSON.firstViolation(in: data) {
            throw ProfileError(
                path: "\(path) line \(violation.line)", field: "(file)",
                problem: "is not strict JSON: \(violation.problem)")
        }
        try Self.checkKeys(top, Self.topKeys + ["versions"], path: path, prefix: "")
        guard let schema = Self.whole(top["schema_version"]), schema == schemaVersion else {
            throw ProfileError(path: path, field: "schema_version", problem: "must be \(schemaVersion)")
        }
        guard case .string(let participant)? = top["participant"], !participant.isEmpty else {
            throw ProfileError(path: path, field: "participant", problem: "must be the participant's ID")
        }
        if let versions = top["versions"] {
            guard case .array(let items) = versions, !items.isEmpty, items.allSatisfy({ $0.fields != nil }) else {
                throw ProfileError(path: path, field: "versions", problem: "must be a non-empty list of objects")
            }
            let list = items.compactMap(\.fields)
            let parsed = try list.enumerated().map { index, entry in
                try parse(
                    entry, participant: participant, defaultVersion: index + 1, path: path,
                    prefix: "versions[\(index)].")
            }
            // The next write numbers its version after the last: a reversed, repeated or missing number would
            // give two "version 2" or hide which one sessions used.
            for (index, version) in parsed.enumerated() where version.version != index + 1 {
                throw ProfileError(
                    path: path, field: "versions[\(index)].version",
                    problem:
                        "is \(version.version), but versions are numbered 1, 2, 3… in order, so it must be \(index + 1)"
                )
            }
            // The top level is a copy of the newest version: an edit to one of them alone would be ignored, then
            // erased by the next write, without a word.
            let newest = list[list.count - 1]
            let keys = Set(top.keys).union(newest.keys).subtracting(["versions"]).sorted()
            for key in keys where !Self.same(top[key], newest[key]) {
                throw ProfileError(
                    path: path, field: key,
                    problem:
                        "differs between the top level and the newest version (versions[\(list.count - 1)].\(key)); the top level is a copy of the newest version — make both the same, or change the profile with soundsafari profile set-output or set-audiogram"
                )
            }
            return parsed
        }
        return [try parse(top, participant: participant, defaultVersion: 1, path: path, prefix: "")]
    }

    static let topKeys = [
        "schema_version", "participant", "version", "created_at", "source", "audiogram", "tinnitus", "tailoring",
        "calibration", "output", "hrtf", "microphone_calibration",
    ]
    static let objectKeys: [String: [String]] = [
        "audiogram": ["unit", "left", "right"],
        "tinnitus": ["pitch_hz", "level_db_above_threshold", "ear", "runs_hz", "spread_octaves", "probe"],
        "tailoring": ["notch", "gain_rule", "max_gain_db"], "tailoring.notch": ["center_hz", "width_octaves"],
        "calibration": ["left_db_spl_at_0_dbfs", "right_db_spl_at_0_dbfs"],
        "microphone_calibration": ["reference_db_spl", "reads_dbfs"],
        "output": ["ceiling_dbfs", "max_volume_db"], "hrtf": ["name", "sha256"],
    ]

    /// A misspelt key (`max_gain_dB`) would silently leave the value at its default: every key must be known.
    static func checkKeys(_ object: [String: JSONValue], _ known: [String], path: String, prefix: String) throws {
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw ProfileError(
                path: path, field: prefix + unknown,
                problem: "is not a field of profile.json (known here: \(known.joined(separator: ", ")))")
        }
    }

    /// A whole JSON number (a boolean never counts as one), else nil.
    static func whole(_ value: JSONValue?) -> Int? {
        switch value {
        case .number(let x)?: return Int(exactly: x)
        case .integer(let i)?: return i
        default: return nil
        }
    }

    /// Text, or nil for anything else.
    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// Two JSON values compared deeply, whatever the order of their keys (1 and 1.0 are the same number).
    private static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        a?.sortingKeys() == b?.sortingKeys()
    }

    private static func parse(
        _ object: [String: JSONValue], participant: String, defaultVersion: Int, path: String, prefix: String
    ) throws -> HearingProfile {
        func fail(_ field: String, _ problem: String) -> ProfileError {
            ProfileError(path: path, field: prefix + field, problem: problem)
        }
        func number(_ value: JSONValue?, _ field: String) throws -> Double? {
            switch value {
            case nil, .null?: return nil
            case .number(let x)? where x.isFinite: return x
            case .integer(let i)?: return Double(i)
            default: throw fail(field, "must be a number")
            }
        }
        /// A text field: absent or null gives nil, anything but text is refused (never replaced by a default).
        func text(_ value: JSONValue?, _ field: String) throws -> String? {
            guard let value, value != .null else { return nil }
            guard let text = string(value) else { throw fail(field, "must be text in quotes") }
            return text
        }
        func keys(_ value: [String: JSONValue], _ field: String) throws {
            try checkKeys(value, objectKeys[field] ?? [], path: path, prefix: prefix + field + ".")
        }
        try checkKeys(object, topKeys, path: path, prefix: prefix)
        var profile = HearingProfile(participant: participant, version: defaultVersion)
        if let version = object["version"] {
            guard let version = whole(version), version >= 1 else {
                throw fail("version", "must be a whole number from 1")
            }
            profile.version = version
        }
        if let created = try text(object["created_at"], "created_at") {
            guard let date = Timestamp.parse(created) else {
                throw fail("created_at", "is '\(created)', not a UTC timestamp such as 2026-11-23T17:00:00.000Z")
            }
            profile.createdAt = date
        }
        profile.source = try text(object["source"], "source") ?? ""
        if let audiogram = object["audiogram"], audiogram != .null {
            guard let audiogram = audiogram.fields else { throw fail("audiogram", "must be an object") }
            try keys(audiogram, "audiogram")
            guard let unitText = string(audiogram["unit"]), let unit = AudiogramUnit(rawValue: unitText) else {
                throw fail(
                    "audiogram.unit",
                    "must be one of \(AudiogramUnit.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            var ears: [Ear: [Double: Double]] = [:]
            for ear in Ear.allCases {
                guard let levels = audiogram[ear.rawValue]?.fields else {
                    throw fail("audiogram.\(ear.rawValue)", "must be an object of frequency (Hz) to level")
                }
                var parsed: [Double: Double] = [:]
                var spelling: [Double: String] = [:]
                // In the keys' order, so the one named first is said the same way every time.
                for (key, value) in levels.sorted(by: { $0.key < $1.key }) {
                    let field = "audiogram.\(ear.rawValue).\(key)"
                    guard let frequency = Double(key), (20...20_000).contains(frequency) else {
                        throw fail(field, "is not a frequency from 20 to 20000 Hz")
                    }
                    // "1e3" beside "1000" are two keys to JSON but one frequency: which level counts would be chance.
                    if let other = spelling[frequency] {
                        throw fail(
                            field,
                            "names the same frequency as 'audiogram.\(ear.rawValue).\(other)' (\(String(format: "%g", frequency)) Hz); keep one of the two"
                        )
                    }
                    spelling[frequency] = key
                    guard let level = try number(value, field) else { throw fail(field, "must be a number") }
                    if unit == .hearingLevel && !Audiogram.hearingLevelRange.contains(level) {
                        throw fail(field, "is \(level) dB HL, outside the audiometer's −10 to 120 dB HL")
                    }
                    if unit == .fullScaleUncalibrated && !(-150...0).contains(level) {
                        throw fail(field, "is \(level) dB re full scale, outside −150 to 0")
                    }
                    parsed[frequency] = level
                }
                ears[ear] = parsed
            }
            profile.audiogram = Audiogram(unit: unit, left: ears[.left]!, right: ears[.right]!)
        }
        if let tinnitus = object["tinnitus"], tinnitus != .null {
            guard let tinnitus = tinnitus.fields else { throw fail("tinnitus", "must be an object") }
            try keys(tinnitus, "tinnitus")
            guard let pitch = try number(tinnitus["pitch_hz"], "tinnitus.pitch_hz"),
                NotchSetting.centerRange.contains(pitch)
            else { throw fail("tinnitus.pitch_hz", "must be a frequency from 250 to 16000 Hz") }
            let ear = try text(tinnitus["ear"], "tinnitus.ear") ?? "both"
            guard ["left", "right", "both"].contains(ear) else {
                throw fail("tinnitus.ear", "must be left, right or both")
            }
            // Files from before the noise probe have no `probe`: they were matched with tones.
            let probeText = try text(tinnitus["probe"], "tinnitus.probe") ?? PitchProbe.tone.rawValue
            guard let probe = PitchProbe(rawValue: probeText) else {
                throw fail("tinnitus.probe", "must be tone or noise")
            }
            var runs: [Double] = []
            if let list = tinnitus["runs_hz"], list != .null {
                guard case .array(let items) = list else {
                    throw fail("tinnitus.runs_hz", "must be a list of frequencies")
                }
                runs = try items.enumerated().map { index, item in
                    let field = "tinnitus.runs_hz[\(index)]"
                    guard let run = try number(item, field), (20...20_000).contains(run) else {
                        throw fail(field, "must be a frequency from 20 to 20000 Hz")
                    }
                    return run
                }
            }
            let level = try number(tinnitus["level_db_above_threshold"], "tinnitus.level_db_above_threshold")
            if let level, !(-20...130).contains(level) {
                throw fail("tinnitus.level_db_above_threshold", "is \(level), outside −20 to 130 dB")
            }
            let spread = try number(tinnitus["spread_octaves"], "tinnitus.spread_octaves")
            if let spread, !(0...10).contains(spread) {
                throw fail("tinnitus.spread_octaves", "is \(spread), outside 0 to 10 octaves")
            }
            profile.tinnitus = TinnitusMatch(
                pitchHz: pitch, levelDBAboveThreshold: level, ear: ear, runsHz: runs, spreadOctaves: spread,
                probe: probe)
        }
        if let tailoring = object["tailoring"], tailoring != .null {
            guard let tailoring = tailoring.fields else { throw fail("tailoring", "must be an object") }
            try keys(tailoring, "tailoring")
            if let notch = tailoring["notch"], notch != .null {
                guard let notch = notch.fields else {
                    throw fail("tailoring.notch", "must be an object or null")
                }
                try keys(notch, "tailoring.notch")
                let width = try number(notch["width_octaves"], "tailoring.notch.width_octaves") ?? 1
                guard NotchSetting.allowedWidths.contains(width) else {
                    throw fail("tailoring.notch.width_octaves", "must be 1, 0.5 or 0.25")
                }
                profile.notchWidthOctaves = width
                if let centre = try number(notch["center_hz"], "tailoring.notch.center_hz") {
                    guard NotchSetting.centerRange.contains(centre) else {
                        throw fail("tailoring.notch.center_hz", "must be from 250 to 16000 Hz")
                    }
                    // A centre at the matched pitch is the notch that follows the pitch (every file before the
                    // two were kept apart); another centre is a prescribed one, and the pitch stays as measured.
                    if centre != profile.tinnitus?.pitchHz { profile.notchCenterHz = centre }
                }
            }
            if let rule = tailoring["gain_rule"] {
                guard let text = string(rule), let parsed = GainRule(rawValue: text) else {
                    throw fail("tailoring.gain_rule", "must be one of half-gain, nal-r, none")
                }
                profile.gainRule = parsed
            }
            if let cap = try number(tailoring["max_gain_db"], "tailoring.max_gain_db") {
                let range = GainRule.maxGainRangeDB
                guard range.contains(cap) else {
                    throw fail(
                        "tailoring.max_gain_db", "must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)) dB")
                }
                profile.maxGainDB = cap
            }
        }
        if let calibration = object["calibration"], calibration != .null {
            guard let calibration = calibration.fields else {
                throw fail("calibration", "must be an object")
            }
            try keys(calibration, "calibration")
            var levels: [Double] = []
            for ear in Ear.allCases {
                let field = "calibration.\(ear.rawValue)_db_spl_at_0_dbfs"
                guard let level = try number(calibration["\(ear.rawValue)_db_spl_at_0_dbfs"], field),
                    HeadphoneCalibration.plausibleRange.contains(level)
                else { throw fail(field, "must be the measured dB SPL of a 0 dBFS sine, from 70 to 140") }
                levels.append(level)
            }
            profile.calibration = HeadphoneCalibration(
                leftDBSPLAtFullScale: levels[0], rightDBSPLAtFullScale: levels[1])
        }
        if let microphone = object["microphone_calibration"], microphone != .null {
            guard let microphone = microphone.fields else {
                throw fail("microphone_calibration", "must be an object or null")
            }
            try keys(microphone, "microphone_calibration")
            guard let reference = try number(microphone["reference_db_spl"], "microphone_calibration.reference_db_spl"),
                MicrophoneCalibration.plausibleReference.contains(reference)
            else {
                throw fail(
                    "microphone_calibration.reference_db_spl", "must be the known sound's level, from 40 to 140 dB SPL")
            }
            guard let reading = try number(microphone["reads_dbfs"], "microphone_calibration.reads_dbfs"),
                MicrophoneCalibration.plausibleReading.contains(reading)
            else {
                throw fail(
                    "microphone_calibration.reads_dbfs", "must be what the known sound read, from −120 to 0 dBFS")
            }
            profile.microphoneCalibration = MicrophoneCalibration(referenceDBSPL: reference, readsDBFS: reading)
        }
        if let hrtf = object["hrtf"], hrtf != .null {
            guard let hrtf = hrtf.fields else { throw fail("hrtf", "must be an object or null") }
            try keys(hrtf, "hrtf")
            guard let name = try text(hrtf["name"], "hrtf.name"), !name.isEmpty else {
                throw fail("hrtf.name", "must be the name of an HRTF set (soundsafari hrtf list)")
            }
            let sha = try text(hrtf["sha256"], "hrtf.sha256") ?? ""
            guard sha.isEmpty || (sha.count == 64 && sha.allSatisfy(\.isHexDigit)) else {
                throw fail("hrtf.sha256", "must be 64 hexadecimal digits or empty")
            }
            profile.hrtf = ChosenHRTF(name: name, sha256: sha)
        }
        if let output = object["output"], output != .null {
            guard let output = output.fields else { throw fail("output", "must be an object") }
            try keys(output, "output")
            if let ceiling = try number(output["ceiling_dbfs"], "output.ceiling_dbfs") {
                guard (-40...0).contains(ceiling) else {
                    throw fail("output.ceiling_dbfs", "must be from −40 to 0 dBFS")
                }
                profile.ceilingDBFS = ceiling
            }
            if let maximum = try number(output["max_volume_db"], "output.max_volume_db") {
                guard (-40...0).contains(maximum) else {
                    throw fail("output.max_volume_db", "must be from −40 to 0 dB")
                }
                profile.maxVolumeDB = maximum
            }
        }
        return profile
    }

    // MARK: Writing

    /// The JSON object of this version (the contract's keys plus `version`, `created_at`, `source`); written with
    /// its keys sorted.
    var json: [(String, JSONValue)] {
        let notch: JSONValue =
            notchWidthOctaves.flatMap { width in
                effectiveNotchCenterHz.map { .object([("center_hz", .number($0)), ("width_octaves", .number(width))]) }
            } ?? .null
        var object: [(String, JSONValue)] = [
            ("schema_version", .integer(Self.schemaVersion)), ("participant", .string(participant)),
            ("version", .integer(version)), ("source", .string(source)),
            (
                "tailoring",
                .object([
                    ("notch", notch), ("gain_rule", .string(gainRule.rawValue)), ("max_gain_db", .number(maxGainDB)),
                ])
            ),
            ("output", .object([("ceiling_dbfs", .number(ceilingDBFS)), ("max_volume_db", .num(maxVolumeDB))])),
            ("created_at", createdAt.map { .string(Timestamp.format($0)) } ?? .null),
            ("hrtf", hrtf.map { .object([("name", .string($0.name)), ("sha256", .string($0.sha256))]) } ?? .null),
            (
                "calibration",
                calibration.map {
                    .object([
                        ("left_db_spl_at_0_dbfs", .number($0.leftDBSPLAtFullScale)),
                        ("right_db_spl_at_0_dbfs", .number($0.rightDBSPLAtFullScale)),
                    ])
                } ?? .null
            ),
        ]
        // Only when set: the profiles written before it existed keep their bytes when written again.
        if let microphoneCalibration {
            object.append(
                (
                    "microphone_calibration",
                    .object([
                        ("reference_db_spl", .number(microphoneCalibration.referenceDBSPL)),
                        ("reads_dbfs", .number(microphoneCalibration.readsDBFS)),
                    ])
                ))
        }
        if let audiogram {
            func levels(_ ear: Ear) -> JSONValue {
                .object(audiogram.thresholds(ear).map { (String(format: "%g", $0.key), .number($0.value)) })
            }
            object.append(
                (
                    "audiogram",
                    .object([
                        ("unit", .string(audiogram.unit.rawValue)), ("left", levels(.left)), ("right", levels(.right)),
                    ])
                ))
        } else {
            object.append(("audiogram", .null))
        }
        if let tinnitus {
            var entry: [(String, JSONValue)] = [
                ("pitch_hz", .number(tinnitus.pitchHz)), ("ear", .string(tinnitus.ear)),
                ("probe", .string(tinnitus.probe.rawValue)),
                ("level_db_above_threshold", .num(tinnitus.levelDBAboveThreshold)),
            ]
            if !tinnitus.runsHz.isEmpty { entry.append(("runs_hz", .array(tinnitus.runsHz.map { .number($0) }))) }
            if let spread = tinnitus.spreadOctaves { entry.append(("spread_octaves", .number(spread))) }
            object.append(("tinnitus", .object(entry)))
        } else {
            object.append(("tinnitus", .null))
        }
        return object
    }

    /// The file's bytes with `versions` (oldest first) and the newest version at the top level, keys sorted.
    public static func encoded(versions: [HearingProfile]) -> Data {
        guard let newest = versions.last else { return Data() }
        let top = JSONValue.object(newest.json + [("versions", .array(versions.map { .object($0.json) }))])
        return Data((top.sortingKeys().rendered() + "\n").utf8)
    }
}
