// Reads a protocol file (JSON) into a StudyProtocol, checking every field and naming file, field and line.
import Foundation
import GameCore
import TidyFormats

public enum ProtocolFile {
    /// Reads and checks a protocol file.
    public static func load(_ url: URL) throws -> StudyProtocol {
        do { try RegularFile.check(url) } catch let error as NotARegularFileError {
            throw ProtocolError(
                file: url.path, field: "",
                problem: "is \(error.kind), not a regular file; give the path of a protocol JSON file")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ProtocolError(
                file: url.path, field: "",
                problem:
                    "cannot read the file (\((error as NSError).localizedDescription)); check the path given to --protocol"
            )
        }
        return try parse(data, file: url.path)
    }

    /// Parses and checks protocol JSON; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws -> StudyProtocol {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            let (line, detail) = syntaxProblem(data)
            throw ProtocolError(
                file: file, field: "", line: line,
                problem: "is not valid JSON (\(detail)); check commas, quotes and brackets")
        }
        if let violation = StrictJSON.firstViolation(in: data) {
            throw ProtocolError(
                file: file, field: "", line: violation.line, problem: "is not strict JSON: \(violation.problem)")
        }
        let reader = FieldReader(file: file, lines: JSONLineLocator(text: String(decoding: data, as: UTF8.self)))
        return try reader.protocolFile(root)
    }

    /// JSONDecoder says only "not valid JSON"; JSONSerialization says where ("around character 58"),
    /// which is turned into a line number.
    private static func syntaxProblem(_ data: Data) -> (line: Int?, detail: String) {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return (nil, "its structure is not what a protocol needs")
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
                let offset = Int(detail[range].dropFirst("character ".count))
            {
                let line = 1 + data.prefix(offset).filter { $0 == UInt8(ascii: "\n") }.count
                return (line, detail)
            }
            return (nil, detail)
        }
    }
}

/// Field-by-field checks with errors naming the field's path and line.
struct FieldReader {
    let file: String
    let lines: JSONLineLocator

    static let topFields = [
        "name", "description", "comment", "seed", "order", "blocked", "min_separation_deg",
        "bearings_deg", "background_gain_db", "keep_first_target_playing", "conditions",
        "ratings", "feedback", "participant_sheet", "scene", "hrtf_choice", "scene_ambience",
    ]
    static let conditionFields = ["name", "comment", "level", "targets", "repetitions", "background_sound", "hrtf"]

    /// A number of degrees as a person wrote it: 270, not 270.0.
    static func degreesText(_ degrees: Double) -> String {
        degrees == degrees.rounded() && abs(degrees) < 1e15 ? String(Int(degrees)) : "\(degrees)"
    }

    func error(_ path: String, _ problem: String) -> ProtocolError {
        ProtocolError(file: file, field: path, line: lines.line(of: path), problem: problem)
    }

    func object(_ value: JSONValue, _ path: String, allowed: [String]) throws -> [String: JSONValue] {
        guard let fields = value.fields else {
            throw error(path, "must be an object ({ ... }) but is \(value.kindName)")
        }
        for key in fields.keys.sorted() where !allowed.contains(key) {
            let child = path.isEmpty ? key : path + "." + key
            throw error(child, "is not a protocol field; the fields here are \(allowed.joined(separator: ", "))")
        }
        return fields
    }

    func string(_ fields: [String: JSONValue], _ key: String, _ path: String) throws -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            throw error(path, "must be text in quotes but is \(value.kindName)")
        }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw error(path, "must not be empty") }
        guard !text.contains(where: { $0.isNewline }) else { throw error(path, "must be on one line") }
        return text
    }

    func number(_ fields: [String: JSONValue], _ key: String, _ path: String) throws -> Double? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .number(let number) = value, number.isFinite else {
            throw error(path, "must be a number but is \(value.kindName)")
        }
        return number
    }

    func wholeNumber(_ fields: [String: JSONValue], _ key: String, _ path: String) throws -> Int? {
        guard let number = try number(fields, key, path) else { return nil }
        guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else {
            throw error(path, "must be a whole number but is \(number)")
        }
        return Int(number)
    }

    func bool(_ fields: [String: JSONValue], _ key: String, _ path: String) throws -> Bool? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw error(path, "must be true or false but is \(value.kindName)") }
        return flag
    }

    func list(_ fields: [String: JSONValue], _ key: String, _ path: String) throws -> [JSONValue]? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .array(let items) = value else {
            throw error(path, "must be a list ([ ... ]) but is \(value.kindName)")
        }
        return items
    }

    func protocolFile(_ root: JSONValue) throws -> StudyProtocol {
        let fields = try object(root, "", allowed: Self.topFields)
        guard let name = try string(fields, "name", "name") else {
            throw error("name", "is missing; give the protocol a name")
        }
        let description = try string(fields, "description", "description")

        var seed: UInt64?
        if let value = try wholeNumber(fields, "seed", "seed") {
            guard value >= 0 else { throw error("seed", "must be 0 or more but is \(value)") }
            seed = UInt64(value)
        }

        var order = StudyProtocol.Order.fixed
        if let raw = try string(fields, "order", "order") {
            guard let parsed = StudyProtocol.Order(rawValue: raw) else {
                throw error(
                    "order",
                    "is '\(raw)' but must be one of \(StudyProtocol.Order.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            order = parsed
        }
        let blocked = try bool(fields, "blocked", "blocked") ?? true

        let separation = try number(fields, "min_separation_deg", "min_separation_deg") ?? 60
        guard (0..<180).contains(separation) else {
            throw error("min_separation_deg", "must be at least 0 and below 180 degrees but is \(separation)")
        }

        var bearings: [Double]?
        if let items = try list(fields, "bearings_deg", "bearings_deg") {
            guard !items.isEmpty else {
                throw error("bearings_deg", "is empty; list at least one bearing or remove the field")
            }
            bearings = try items.enumerated().map { index, item in
                guard case .number(let degrees) = item, degrees.isFinite else {
                    throw error("bearings_deg[\(index)]", "must be a number of degrees but is \(item.kindName)")
                }
                // A bearing is stored in [0, 360) (docs/ARCHITECTURE.md); one outside is refused rather than wrapped,
                // since 1e308 wraps to no direction anyone meant and -90 may be a typo as easily as 270.
                guard (0..<360).contains(degrees) else {
                    let wrapped = abs(degrees) <= 720 ? Bearing(degrees: degrees).degrees : nil
                    throw error(
                        "bearings_deg[\(index)]",
                        "is \(Self.degreesText(degrees)) but must be at least 0 and below 360 degrees (clockwise, 0 = ahead)"
                            + (wrapped.map { "; the same direction is \(Self.degreesText($0))" } ?? ""))
                }
                return degrees
            }
        }

        let gain = try number(fields, "background_gain_db", "background_gain_db") ?? 0
        guard (-60...12).contains(gain) else {
            throw error("background_gain_db", "must be between -60 and 12 dB but is \(gain)")
        }
        let keepPlaying = try bool(fields, "keep_first_target_playing", "keep_first_target_playing") ?? false

        guard let conditionItems = try list(fields, "conditions", "conditions") else {
            throw error("conditions", "is missing; list at least one condition")
        }
        guard !conditionItems.isEmpty else { throw error("conditions", "is empty; list at least one condition") }
        var conditions: [StudyProtocol.Condition] = []
        for (index, item) in conditionItems.enumerated() {
            let condition = try self.condition(
                item, "conditions[\(index)]", minSeparationDeg: separation, bearings: bearings)
            if conditions.contains(where: { $0.name == condition.name }) {
                throw error(
                    "conditions[\(index)].name",
                    "'\(condition.name)' is used by an earlier condition; give each condition its own name")
            }
            conditions.append(condition)
        }
        return StudyProtocol(
            name: name, description: description, seed: seed, order: order, blocked: blocked,
            minSeparationDeg: separation, bearingsDeg: bearings, backgroundGainDB: gain,
            keepFirstTargetPlaying: keepPlaying, conditions: conditions,
            ratings: try bool(fields, "ratings", "ratings") ?? false, feedback: try feedback(fields),
            participantSheet: try participantSheet(fields), scene: try scene(fields),
            hrtfChoice: try bool(fields, "hrtf_choice", "hrtf_choice") ?? true,
            sceneAmbience: try bool(fields, "scene_ambience", "scene_ambience") ?? true)
    }

    /// A protocol's `scene`: one of the safari's scenes (`SafariScene`), named exactly.
    func scene(_ fields: [String: JSONValue]) throws -> String? {
        guard let scene = try string(fields, "scene", "scene") else { return nil }
        guard SafariScene.named(scene) != nil else {
            throw error(
                "scene",
                "'\(scene)' is no scene; give one of \(SafariScene.all.map(\.id).joined(separator: ", ")) or leave it out"
            )
        }
        return scene
    }

    /// A protocol's `participant_sheet`: the instrument id asked instead of the participants.csv questions and,
    /// optionally, its consent item. Whether the instrument exists and its consent item fits is checked where the
    /// questionnaires are (`soundsafari study` before the window opens).
    func participantSheet(_ fields: [String: JSONValue]) throws -> ProtocolSheet? {
        guard let value = fields["participant_sheet"], value != .null else { return nil }
        let inner = try object(value, "participant_sheet", allowed: ProtocolSheet.fields)
        guard let instrument = try string(inner, "instrument", "participant_sheet.instrument") else {
            throw error(
                "participant_sheet.instrument",
                "is missing; name the instrument to ask (an id from soundsafari questionnaire list)")
        }
        let consent = try string(inner, "consent_item", "participant_sheet.consent_item")
        return ProtocolSheet(instrument: instrument, consentItem: consent)
    }

    /// A protocol's `feedback`: each of true_direction and verdict on or off (default off: a study measures, it
    /// does not teach). Points and replay need a training plan's hit zone and staircase: `true` is refused by name.
    func feedback(_ fields: [String: JSONValue]) throws -> SessionFeedback {
        var feedback = SessionFeedback.off
        guard let value = fields["feedback"], value != .null else { return feedback }
        let inner = try object(value, "feedback", allowed: SessionFeedback.fields)
        feedback.showTrueDirection = try bool(inner, "true_direction", "feedback.true_direction") ?? false
        feedback.verdict = try bool(inner, "verdict", "feedback.verdict") ?? false
        for key in ["points", "replay"] where try bool(inner, key, "feedback." + key) == true {
            throw error(
                "feedback." + key,
                "is true, but \(key) need a training plan's hit zone (see Examples/README.md, training plans); "
                    + "in a protocol only true_direction and verdict can be turned on")
        }
        return feedback
    }

    func condition(_ value: JSONValue, _ path: String, minSeparationDeg: Double, bearings: [Double]?) throws
        -> StudyProtocol.Condition
    {
        let fields = try object(value, path, allowed: Self.conditionFields)
        guard let rawLevel = try string(fields, "level", path + ".level") else {
            throw error(
                path + ".level", "is missing; use one of \(LevelKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let level = LevelKind(rawValue: rawLevel) else {
            throw error(
                path + ".level",
                "is '\(rawLevel)' but must be one of \(LevelKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let name = try string(fields, "name", path + ".name") ?? level.rawValue

        guard let repetitions = try wholeNumber(fields, "repetitions", path + ".repetitions") else {
            throw error(path + ".repetitions", "is missing; say how many rounds of this condition to play")
        }
        guard (1...1000).contains(repetitions) else {
            throw error(path + ".repetitions", "must be between 1 and 1000 but is \(repetitions)")
        }

        var targets = level.defaultTargetSounds
        if let items = try list(fields, "targets", path + ".targets") {
            targets = try items.enumerated().map { index, item in
                guard case .string(let sound) = item, !sound.isEmpty else {
                    throw error(
                        "\(path).targets[\(index)]",
                        "must be a sound name from Sounds/sounds.json but is \(item.kindName)")
                }
                return sound
            }
            guard targets.count == level.targetCount else {
                throw error(
                    path + ".targets",
                    "lists \(targets.count) sounds but the level \(level.rawValue) has \(level.targetCount) target\(level.targetCount == 1 ? "" : "s")"
                )
            }
            guard Set(targets).count == targets.count else {
                throw error(path + ".targets", "names the same sound twice; a player could not tell the targets apart")
            }
        }
        if targets.count > 1 && Double(targets.count) * minSeparationDeg > 360 {
            throw error(
                "min_separation_deg",
                "\(targets.count) targets cannot be \(minSeparationDeg)° apart on a 360° circle; use at most \(360 / Double(targets.count))°"
            )
        }
        if let bearings, bearings.count < targets.count {
            throw error("bearings_deg", "has \(bearings.count) bearing(s) but \(path) needs \(targets.count) per round")
        }
        if let bearings, targets.count > 1,
            !TargetPlacer.hasFittingSet(
                of: targets.count, in: bearings.map { Bearing(degrees: $0) }, minSeparationDeg: minSeparationDeg)
        {
            // Placement would otherwise have to put two targets of a round closer than promised.
            throw error(
                "bearings_deg",
                "\(PlacementError.bearingListTooClose(targets: targets.count, minSeparationDeg: minSeparationDeg)) (\(path) has \(targets.count) targets per round)"
            )
        }

        let background = try string(fields, "background_sound", path + ".background_sound")
        if background != nil && !level.hasBackground {
            throw error(
                path + ".background_sound",
                "is set but the level \(level.rawValue) plays no background; use the level \(LevelKind.with(targets: level.targetCount, background: true).rawValue) or remove the field"
            )
        }
        // Which sets exist is the engine's to say when a session starts; here only that it is a name.
        let hrtf = try string(fields, "hrtf", path + ".hrtf")
        if let hrtf, hrtf.isEmpty || hrtf.contains("/") {
            throw error(path + ".hrtf", "must name an HRTF set as `soundsafari hrtf list` shows it (got '\(hrtf)')")
        }
        return StudyProtocol.Condition(
            name: name, level: level, targets: targets, repetitions: repetitions,
            backgroundSound: background, hrtf: hrtf)
    }
}
