// The one-sentence errors of `soundsafari reminders`: the flag, what is wrong and what to do.

import StudyRecords

/// Bad reminder settings, named by the flag that gave them.
public struct ReminderError: Error, CustomStringConvertible, Equatable {
    public let flag: String
    public let problem: String

    public init(flag: String, problem: String) {
        self.flag = flag
        self.problem = problem
    }

    public var description: String { "\(flag): \(problem)." }
}
