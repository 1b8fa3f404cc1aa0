// What `reminders set` was asked, kept beside the units so `show` can say it and `replan` can draw again.
import Foundation
import StudyRecords
import TidyFormats

/// `$XDG_CONFIG_HOME/soundsafari/reminders/<participant>.json`: the settings as given (the same strings
/// as on the command line), so re-planning the prompts each night uses exactly what the patient chose.
/// Owner-only (0600): the file names the participant and where their logs are. Read back as strictly as it
/// was checked when written: a hand edit that `set` would have refused is refused, naming the field.
public struct ReminderSettings: Sendable, Equatable, Codable {
    public var participant: String
    public var logs: String
    public var executable: String
    public var training: [String]
    /// 0: no random prompts.
    public var prompts: Int
    public var windows: [String]
    /// How many days of prompt times each plan holds (the nightly re-plan keeps them ahead).
    public var planDays: Int

    /// `--days` of `reminders set`, and `plan_days` of the file.
    public static let planDaysRange = 1...60

    public init(
        participant: String, logs: String, executable: String, training: [String], prompts: Int, windows: [String],
        planDays: Int
    ) {
        self.participant = participant
        self.logs = logs
        self.executable = executable
        self.training = training
        self.prompts = prompts
        self.windows = windows
        self.planDays = planDays
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case participant, logs, executable, training, prompts, windows
        case planDays = "plan_days"
    }

    public static func url(configHome: URL, participant: ParticipantID) -> URL {
        configHome.appendingPathComponent("soundsafari/reminders/\(participant.value).json")
    }

    /// Every value as `set` checks it; `where` names the source in the error (the file, or the flags).
    /// `participant`: whose settings these must be (a file's name is the participant it belongs to).
    public func check(participant expected: ParticipantID, where source: String) throws {
        func fail(_ field: String, _ problem: String) -> ReminderError {
            ReminderError(flag: "\(source): '\(field)'", problem: problem)
        }
        guard participant == expected.value else {
            throw fail(
                "participant",
                "says \(participant), but these are the settings of \(expected.value); set the reminders of \(expected.value) again with soundsafari reminders set"
            )
        }
        for (field, value) in [("logs", logs), ("executable", executable)] {
            if let problem = Self.pathProblem(value) { throw fail(field, problem) }
        }
        do {
            _ = try training.map { try TrainingSchedule.parse($0) }
            let windows = try WeeklyPromptWindows.parse(self.windows)
            if prompts != 0 { try PromptPlanner.check(prompts: prompts, windows: windows, flag: "prompts") }
        } catch let error as ReminderError {
            throw ReminderError(
                flag: "\(source): '\(error.flag.trimmingCharacters(in: ["-"]))'", problem: error.problem)
        }
        guard Self.planDaysRange.contains(planDays) else {
            throw fail("plan_days", "must be 1 to 60 (got \(planDays))")
        }
    }

    /// Why `path` cannot go into a unit file, or nil: it must be absolute and free of control characters (a
    /// line break would start a new line of the unit: `ExecStartPre=` of anyone's choosing).
    public static func pathProblem(_ path: String) -> String? {
        if let control = path.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return String(
                format: "contains the control character U+%04X; give a path without line breaks or control characters",
                control.value)
        }
        guard path.hasPrefix("/") else { return "'\(path)' is not an absolute path" }
        return nil
    }

    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
            try AtomicFile.replace(url, with: try encoder.encode(self))
        } catch {
            throw ReminderError(
                flag: url.path, problem: "cannot be written (\(error)); check that the folder is writable")
        }
    }

    /// Reads and checks the settings of `participant`; every problem is one sentence naming the file and field.
    public static func read(_ url: URL, participant: ParticipantID) throws -> ReminderSettings {
        try RegularFile.check(url)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ReminderError(
                flag: url.path,
                problem:
                    "cannot be read (\((error as NSError).localizedDescription)); set the reminders again with soundsafari reminders set"
            )
        }
        if let violation = StrictJSON.firstViolation(in: data) {
            throw ReminderError(flag: "\(url.path) line \(violation.line)", problem: violation.problem)
        }
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        if let object = try? JSONDecoder().decode(JSONValue.self, from: data).fields {
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                throw ReminderError(
                    flag: "\(url.path): '\(unknown)'",
                    problem:
                        "is not a setting (known: \(known.sorted().joined(separator: ", "))); remove it or set the reminders again"
                )
            }
            // The decoder calls 2.5 or 1e308 "not valid JSON" without the field; say which one.
            for key in [CodingKeys.prompts, .planDays] {
                if case .number(let number)? = object[key.rawValue], number.rounded() != number || abs(number) > 1e9 {
                    throw ReminderError(
                        flag: "\(url.path): '\(key.rawValue)'",
                        problem: "is \(number), not a whole number of a sensible size")
                }
            }
        }
        let settings: ReminderSettings
        do { settings = try JSONDecoder().decode(ReminderSettings.self, from: data) } catch let error as DecodingError {
            throw ReminderError(
                flag: url.path,
                problem: "\(Self.describe(error)); set the reminders again with soundsafari reminders set")
        }
        try settings.check(participant: participant, where: url.path)
        return settings
    }

    /// A decoding error as the field it is about and what is wrong.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _): return "the field '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the field '\(path(context.codingPath))' has the wrong type (\(context.debugDescription))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "is not valid JSON"
                : "the field '\(path(context.codingPath))' is invalid (\(context.debugDescription))"
        @unknown default: return "cannot be decoded"
        }
    }
}
