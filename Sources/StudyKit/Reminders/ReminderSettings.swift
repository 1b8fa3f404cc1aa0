// What `reminders set` was asked, kept beside the units so `show` can say it and `replan` can draw again.
import Foundation
import StudyRecords

/// `$XDG_CONFIG_HOME/soundsafari/reminders/<participant>.json`: the settings as given (the same strings
/// as on the command line), so re-planning the prompts each night uses exactly what the patient chose.
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

    enum CodingKeys: String, CodingKey {
        case participant, logs, executable, training, prompts, windows
        case planDays = "plan_days"
    }

    public static func url(configHome: URL, participant: ParticipantID) -> URL {
        configHome.appendingPathComponent("soundsafari/reminders/\(participant.value).json")
    }

    public func write(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { try encoder.encode(self).write(to: url, options: .atomic) } catch {
            throw ReminderError(
                flag: url.path,
                problem:
                    "cannot be written (\((error as NSError).localizedDescription)); check that the folder is writable")
        }
    }

    public static func read(_ url: URL) throws -> ReminderSettings {
        do {
            return try JSONDecoder().decode(ReminderSettings.self, from: Data(contentsOf: url))
        } catch {
            throw ReminderError(
                flag: url.path,
                problem:
                    "cannot be read (\((error as NSError).localizedDescription)); set the reminders again with soundsafari reminders set"
            )
        }
    }
}
