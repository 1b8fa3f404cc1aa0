// participants.csv holds a line that is not a participant: where it is and how to repair it, in one sentence.
import Foundation
import StudyRecords
import TidyFormats

/// A damaged line of participants.csv (edited by hand, or cut by a crash in the middle of a line).
public struct ParticipantFileDamagedError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let path: String
    public let line: Int
    public let problem: CSVReadError

    public var description: String {
        let detail = problem.description.hasSuffix(".") ? String(problem.description.dropLast()) : problem.description
        return
            "\(path) line \(line) is damaged (\(detail)); open the file in a text editor and fix or delete that line "
            + "(each participant is one line after the header), then start the session again."
    }

    public var errorDescription: String? { description }
}
