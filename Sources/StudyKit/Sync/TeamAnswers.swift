// The study team's answers from the server written into the logs: each appended to the participant's messages.csv.
import Foundation
import StudyRecords

public enum TeamAnswers {
    /// Appends each answer to its participant's messages.csv (as `T` and its number, so one received again is not
    /// written twice) and returns the rows written and the last id handled. An answer to a participant without a
    /// folder on this machine is not written (the folder is not made for it: the patient plays elsewhere); one the
    /// server sent that the game's rule refuses is one sentence naming it, and the cursor stays before it.
    public static func apply(_ answers: [SyncClient.Answer], logs: URL, at date: Date) throws
        -> (written: [MessageRow], last: Int?)
    {
        var written: [MessageRow] = []
        for (participant, theirs) in Dictionary(grouping: answers, by: \.participant).sorted(by: { $0.key < $1.key }) {
            let id = try ParticipantID(participant)
            guard SyncPlan.isFolder(logs.appendingPathComponent(id.value)) else { continue }
            let rows = try theirs.map { answer in
                guard let writtenAt = Timestamp.parse(answer.writtenAt) else {
                    throw MessageError(
                        "The server's answer \(answer.id) has no time (\(answer.writtenAt)): update the server, then sync again."
                    )
                }
                return MessageRow(
                    participant: id.value, messageID: MessageRow.answerID(answer.id), sender: .team,
                    role: answer.role, text: answer.text, writtenAt: writtenAt, recordedAt: date)
            }
            written += try MessageLog(logs: logs, participant: id).receive(rows)
        }
        return (written, answers.map(\.id).max())
    }
}
