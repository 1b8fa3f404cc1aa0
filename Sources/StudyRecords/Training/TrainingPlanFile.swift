// Reads a training plan file (JSON), checking every field and naming the file and field, like protocol files.
import Foundation
import GameCore
import TidyFormats

public enum TrainingPlanFile {
    static let topFields = [
        "name", "description", "comment", "sessions_per_week", "minutes_per_session", "total_sessions", "session",
        "adaptive", "feedback", "ratings", "questionnaires", "repeat_rounds",
    ]
    static let adaptiveFields = [
        "parameter", "start", "min", "max", "up", "down", "step_sizes", "stop_after_reversals", "threshold_reversals",
        "hit_tolerance_deg",
    ]
    /// A plan's `feedback` has the protocol's fields plus the help offered while searching.
    static let feedbackFields = SessionFeedback.fields + ["help_after_s"]

    /// Reads and checks a plan file.
    public static func load(_ url: URL) throws -> TrainingPlan {
        try RegularFile.check(url)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ProtocolError(
                file: url.path, field: "",
                problem:
                    "cannot read the training plan (\((error as NSError).localizedDescription)); check the path given")
        }
        let plan = try parse(data, file: url.path)
        try plan.checkHitZoneBound(file: url.path)
        return plan
    }

    /// Parses and checks plan JSON; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws -> TrainingPlan {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ProtocolError(file: file, field: "", problem: "is not valid JSON; check commas, quotes and brackets")
        }
        // As strict as protocol files (which the plan examples promise): Foundation forgives both.
        if let violation = StrictJSON.firstViolation(in: data) {
            throw ProtocolError(
                file: file, field: "", line: violation.line, problem: "is not strict JSON: \(violation.problem)")
        }
        let reader = FieldReader(file: file, lines: JSONLineLocator(text: String(decoding: data, as: UTF8.self)))
        return try plan(root, reader: reader)
    }

    private static func fields(_ value: JSONValue, _ path: String, allowed: [String], reader: FieldReader) throws
        -> [String: JSONValue]
    {
        guard let fields = value.fields else {
            throw reader.error(path, "must be an object ({ ... }) but is \(value.kindName)")
        }
        for key in fields.keys.sorted() where !allowed.contains(key) {
            throw reader.error(
                path.isEmpty ? key : path + "." + key,
                "is not a training plan field; the fields here are \(allowed.joined(separator: ", "))")
        }
        return fields
    }

    private static func whole(
        _ fields: [String: JSONValue], _ key: String, _ path: String, in range: ClosedRange<Int>,
        default fallback: Int?,
        reader: FieldReader
    ) throws -> Int {
        guard let value = try reader.wholeNumber(fields, key, path) ?? fallback else {
            throw reader.error(path, "is missing; give a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        guard range.contains(value) else {
            throw reader.error(path, "must be from \(range.lowerBound) to \(range.upperBound) but is \(value)")
        }
        return value
    }

    private static func plan(_ root: JSONValue, reader: FieldReader) throws -> TrainingPlan {
        let top = try fields(root, "", allowed: topFields, reader: reader)
        guard let name = try reader.string(top, "name", "name") else {
            throw reader.error("name", "is missing; give the plan a name (it is logged in the plan column)")
        }
        let description = try reader.string(top, "description", "description")
        let perWeek = try whole(top, "sessions_per_week", "sessions_per_week", in: 1...14, default: nil, reader: reader)
        let total = try whole(top, "total_sessions", "total_sessions", in: 1...500, default: nil, reader: reader)
        guard let minutes = try reader.number(top, "minutes_per_session", "minutes_per_session") else {
            throw reader.error("minutes_per_session", "is missing; give the prescribed minutes per session, e.g. 12")
        }
        guard (1...120).contains(minutes) else {
            throw reader.error("minutes_per_session", "must be from 1 to 120 minutes but is \(minutes)")
        }
        guard let sessionValue = top["session"], sessionValue != .null else {
            throw reader.error("session", "is missing; give the protocol every session plays (as in a protocol file)")
        }
        let parsedSession = try sessionProtocol(sessionValue, reader: reader)
        guard let adaptiveValue = top["adaptive"], adaptiveValue != .null else {
            throw reader.error("adaptive", "is missing; give at least the staircase's parameter and start value")
        }
        let adaptive = try self.adaptive(adaptiveValue, reader: reader)
        try check(adaptive, fits: parsedSession, reader: reader)
        var feedback = TrainingPlan.Feedback()
        if let value = top["feedback"], value != .null {
            let fields = try fields(value, "feedback", allowed: feedbackFields, reader: reader)
            feedback.showTrueDirection =
                try reader.bool(fields, "true_direction", "feedback.true_direction") ?? feedback.showTrueDirection
            feedback.verdict = try reader.bool(fields, "verdict", "feedback.verdict") ?? feedback.verdict
            feedback.points = try reader.bool(fields, "points", "feedback.points") ?? feedback.points
            feedback.replayTrueDirection =
                try reader.bool(fields, "replay", "feedback.replay") ?? feedback.replayTrueDirection
            if fields["help_after_s"] == .null {
                feedback.helpAfterSeconds = nil
            } else if let seconds = try reader.number(fields, "help_after_s", "feedback.help_after_s") {
                guard (5...600).contains(seconds) else {
                    throw reader.error(
                        "feedback.help_after_s",
                        "must be from 5 to 600 seconds (or null for no help) but is \(seconds)")
                }
                feedback.helpAfterSeconds = seconds
            }
        }
        // The sessions record (session.json) what the trainee was shown: the plan's feedback.
        var session = parsedSession
        session.feedback = feedback
        var plan = TrainingPlan(
            name: name, description: description, sessionsPerWeek: perWeek, minutesPerSession: minutes,
            totalSessions: total, session: session, adaptive: adaptive, feedback: feedback)
        plan.ratings = try reader.bool(top, "ratings", "ratings") ?? plan.ratings
        plan.repeatRounds = try reader.bool(top, "repeat_rounds", "repeat_rounds") ?? plan.repeatRounds
        if let value = top["questionnaires"], value != .null {
            plan.questionnaires = try questionnaires(value, totalSessions: total, reader: reader)
        }
        return plan
    }

    /// `questionnaires`: lists of instrument ids before the first session, after the last, and every n-th.
    private static func questionnaires(_ value: JSONValue, totalSessions: Int, reader: FieldReader) throws
        -> PlanQuestionnaires
    {
        let fields = try fields(
            value, "questionnaires", allowed: ["baseline", "follow_up", "every_n_sessions"], reader: reader)
        func ids(_ fields: [String: JSONValue], _ key: String, _ path: String) throws -> [String] {
            guard let list = try reader.list(fields, key, path) else { return [] }
            var seen = Set<String>()
            return try list.enumerated().map { index, item in
                guard case .string(let id) = item else {
                    throw reader.error("\(path)[\(index)]", "must be an instrument id (text) but is \(item.kindName)")
                }
                guard InstrumentFile.isInstrumentID(id) else {
                    throw reader.error(
                        "\(path)[\(index)]",
                        "'\(id)' is not an instrument id (lower-case letters, digits and -; see questionnaire list)")
                }
                guard seen.insert(id).inserted else { throw reader.error("\(path)[\(index)]", "names '\(id)' twice") }
                return id
            }
        }
        var result = PlanQuestionnaires(
            baseline: try ids(fields, "baseline", "questionnaires.baseline"),
            followUp: try ids(fields, "follow_up", "questionnaires.follow_up"))
        if let every = fields["every_n_sessions"], every != .null {
            let path = "questionnaires.every_n_sessions"
            let inner = try self.fields(every, path, allowed: ["n", "ids"], reader: reader)
            let n = try whole(inner, "n", path + ".n", in: 1...500, default: nil, reader: reader)
            guard n < totalSessions else {
                throw reader.error(
                    path + ".n",
                    "is \(n) but the plan has \(totalSessions) sessions, so it would never be asked before the follow-up; give a smaller n"
                )
            }
            let periodic = try ids(inner, "ids", path + ".ids")
            guard !periodic.isEmpty else { throw reader.error(path + ".ids", "must name at least one instrument id") }
            result.everyNSessions = (n, periodic)
        }
        return result
    }

    /// The session's protocol is checked by the protocol reader itself; its errors are placed under `session.`.
    private static func sessionProtocol(_ value: JSONValue, reader: FieldReader) throws -> StudyProtocol {
        guard let sessionFields = value.fields else {
            throw reader.error("session", "must be an object ({ ... }) like a protocol file but is \(value.kindName)")
        }
        if sessionFields["feedback"] != nil {
            // One place says what a trainee sees: the plan's own feedback (with points and replay).
            throw reader.error(
                "session.feedback", "is set inside the session; give the plan's feedback at its top level ('feedback')")
        }
        if sessionFields["participant_sheet"] != nil {
            // A trainee's own plan has no supervisor at a sheet; a plan's questionnaires ask what it needs.
            throw reader.error(
                "session.participant_sheet",
                "is a study protocol's field; a training plan asks its instruments with 'questionnaires'")
        }
        do {
            return try ProtocolFile.parse(Data(value.rendered().utf8), file: reader.file)
        } catch let error as ProtocolError {
            let field = error.field.isEmpty ? "session" : "session." + error.field
            throw reader.error(field, error.problem)
        }
    }

    private static func adaptive(_ value: JSONValue, reader: FieldReader) throws -> TrainingPlan.Adaptive {
        let fields = try fields(value, "adaptive", allowed: adaptiveFields, reader: reader)
        let names = DifficultyParameter.allCases.map(\.rawValue).joined(separator: ", ")
        guard let raw = try reader.string(fields, "parameter", "adaptive.parameter") else {
            throw reader.error("adaptive.parameter", "is missing; use one of \(names)")
        }
        guard let parameter = DifficultyParameter(rawValue: raw) else {
            throw reader.error("adaptive.parameter", "is '\(raw)' but must be one of \(names)")
        }
        let allowed = parameter.allowedRange
        func bounded(_ key: String, default fallback: Double?) throws -> Double {
            guard let value = try reader.number(fields, key, "adaptive." + key) ?? fallback else {
                throw reader.error("adaptive." + key, "is missing; give a value for \(parameter.rawValue)")
            }
            guard allowed.contains(value) else {
                throw reader.error(
                    "adaptive." + key,
                    "must be from \(allowed.lowerBound) to \(allowed.upperBound) for \(parameter.rawValue) but is \(value)"
                )
            }
            return value
        }
        let lower = try bounded("min", default: allowed.lowerBound)
        // The hit zone's own bound is its default top (DifficultyParameter.hitZoneBoundDeg).
        let upper = try bounded(
            "max", default: parameter == .hitToleranceDeg ? DifficultyParameter.hitZoneBoundDeg : allowed.upperBound)
        guard lower < upper else { throw reader.error("adaptive.max", "must be above adaptive.min (\(lower))") }
        let start = try bounded("start", default: nil)
        guard (lower...upper).contains(start) else {
            throw reader.error("adaptive.start", "must lie between adaptive.min (\(lower)) and adaptive.max (\(upper))")
        }
        let up = try whole(fields, "up", "adaptive.up", in: 1...4, default: 1, reader: reader)
        let down = try whole(fields, "down", "adaptive.down", in: 1...4, default: 2, reader: reader)
        var steps: [Double] = [(upper - lower) / 20]
        if let items = try reader.list(fields, "step_sizes", "adaptive.step_sizes") {
            guard !items.isEmpty else { throw reader.error("adaptive.step_sizes", "is empty; list at least one step") }
            steps = try items.enumerated().map { index, item in
                // A step below a thousandth of the range never moves the staircase noticeably (1e-300 froze it).
                let smallest = (upper - lower) / 1000
                guard case .number(let step) = item, step.isFinite, step >= smallest, step <= upper - lower else {
                    throw reader.error(
                        "adaptive.step_sizes[\(index)]",
                        "must be a number of \(parameter.unit) from (max − min) / 1000 (\(smallest)) to max − min (\(upper - lower)) but is \(item.rendered())"
                    )
                }
                return step
            }
        }
        let stop = try whole(
            fields, "stop_after_reversals", "adaptive.stop_after_reversals", in: 2...100, default: 8, reader: reader)
        let averaged = try whole(
            fields, "threshold_reversals", "adaptive.threshold_reversals", in: 1...100, default: min(6, stop),
            reader: reader)
        guard averaged <= stop else {
            throw reader.error(
                "adaptive.threshold_reversals",
                "must be at most adaptive.stop_after_reversals (\(stop)) but is \(averaged)")
        }
        let tolerance = try reader.number(fields, "hit_tolerance_deg", "adaptive.hit_tolerance_deg") ?? 30
        guard DifficultyParameter.hitToleranceDeg.allowedRange.contains(tolerance) else {
            throw reader.error("adaptive.hit_tolerance_deg", "must be from 1 to 90 degrees but is \(tolerance)")
        }
        guard parameter != .hitToleranceDeg || fields["hit_tolerance_deg"] == nil else {
            throw reader.error(
                "adaptive.hit_tolerance_deg",
                "is the parameter itself here; remove it (the staircase sets the hit zone from adaptive.start)")
        }
        let rule = Staircase.Rule(
            up: up, down: down, stepSizes: steps, stopAfterReversals: stop, thresholdReversals: averaged,
            largerIsHarder: parameter.largerIsHarder, range: lower...upper)
        return TrainingPlan.Adaptive(parameter: parameter, start: start, rule: rule, hitToleranceDeg: tolerance)
    }

    /// A parameter that changes what is heard needs rounds it can change: a background to raise, two targets
    /// to bring together (and room for them on the circle), calls of more than one bandwidth to choose from.
    private static func check(_ adaptive: TrainingPlan.Adaptive, fits session: StudyProtocol, reader: FieldReader)
        throws
    {
        let name = adaptive.parameter.rawValue
        let targets = Set(session.conditions.flatMap(\.targets))
        let widest = session.conditions.map(\.targets.count).max() ?? 1
        if adaptive.parameter == .stimulusBandwidthOct, targets.count <= widest {
            throw reader.error(
                "session.conditions",
                "name \(targets.count) target sound\(targets.count == 1 ? "" : "s") but the plan adapts \(name), which chooses each round's calls by their bandwidth; name more sounds than a round plays (a safari session chooses among its scene's animals)"
            )
        }
        for (index, condition) in session.conditions.enumerated() {
            let path = "session.conditions[\(index)]"
            switch adaptive.parameter {
            case .backgroundGainDB where condition.backgroundSound == nil:
                throw reader.error(
                    path, "has no background sound but the plan adapts \(name); give it a level with a background")
            case .minSeparationDeg where condition.targets.count < 2:
                throw reader.error(
                    path, "has one target but the plan adapts \(name); give it a level with two targets")
            case .minSeparationDeg
            where Double(condition.targets.count) * adaptive.rule.range.upperBound > 360:
                throw reader.error(
                    "adaptive.max",
                    "lets \(condition.targets.count) targets of \(path) be \(adaptive.rule.range.upperBound)° apart, more than the circle holds; use at most \(360 / Double(condition.targets.count))"
                )
            default:
                continue
            }
        }
    }
}
