// The state of every participant in a logs folder, read from their files (the rule: StudyRecords' ParticipantStatus).
import Foundation
import StudyRecords

/// What `soundsafari status` shows: one `ParticipantStatus` per participant (registered in participants.csv or
/// with a folder of sessions or plans), and a sentence per file that could not be read (those files' content is
/// left out of the numbers, never guessed).
public struct StudyStatus: Sendable {
    public let participants: [ParticipantStatus]
    public let problems: [String]

    /// Reads `logs`; `logsArgument` is the folder as the supervisor named it (it goes into resume commands).
    public static func read(logs: URL, logsArgument: String, today: Date) throws -> StudyStatus {
        guard FileManager.default.fileExists(atPath: logs.path) else {
            throw StudyFileError.noLogsFolder(path: logs.path)
        }
        var problems: [String] = []
        var ids: [String] = []
        do {
            for record in try ParticipantRegistry(logs: logs).all() where !ids.contains(record.participant.value) {
                ids.append(record.participant.value)
            }
        } catch {
            problems.append("\(error)")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: logs.path)) ?? []
        for name in entries.sorted() where !ids.contains(name) && ParticipantID.problem(with: name) == nil {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: logs.appendingPathComponent(name).path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                ids.append(name)
            }
        }
        let statuses = ids.sorted().compactMap { name -> ParticipantStatus? in
            guard let id = try? ParticipantID(name) else { return nil }
            return read(id, logs: logs, logsArgument: logsArgument, today: today, problems: &problems)
        }
        return StudyStatus(participants: statuses, problems: problems)
    }

    static func read(
        _ participant: ParticipantID, logs: URL, logsArgument: String, today: Date, problems: inout [String]
    ) -> ParticipantStatus {
        var sessions: [SessionRecord] = []
        var photos: [String: Int] = [:]
        var running: Set<String> = []
        for folder in SessionFolder.existing(logs: logs, participant: participant)
        where FileManager.default.fileExists(atPath: folder.sessionJSONURL.path) {
            do {
                let record = try SessionRecord.read(folder.sessionJSONURL)
                sessions.append(record)
                guard !record.countsAsDone else { continue }
                if SessionLock.isHeld(folder.url) { running.insert(record.sessionID) }
                if FileManager.default.fileExists(atPath: folder.trialsURL.path) {
                    photos[record.sessionID] = try TrialRow.readAll(from: folder.trialsURL).count
                } else {
                    photos[record.sessionID] = 0
                }
            } catch {
                problems.append("\(error)")
            }
        }
        var plan: AssignedPlan?
        do { plan = try AssignedPlan.current(logs: logs, participant: participant) } catch {
            problems.append("\(error)")
        }
        var ratings: [RatingRow] = []
        do { ratings = try RatingsLog(logs: logs, participant: participant).storedRows() } catch {
            problems.append("\(error)")
        }
        var chosen: String?
        do { chosen = try HearingProfile.load(logs: logs, participant: participant.value)?.hrtf?.name } catch {
            problems.append("\(error)")
        }
        return ParticipantStatus(
            participant: participant.value, sessions: sessions, plan: plan, ratings: ratings, photos: photos,
            runningSessions: running, today: today, logs: logsArgument, chosenHRTF: chosen)
    }
}
