// The participant's last volume, so the headphone check starts where they left it instead of at the default.
import Foundation
import StudyRecords

public enum LastVolume {
    /// The last `volume_events` entry of the participant's newest session played by a person (a bot's offline
    /// session runs at 0 dB and says nothing about the participant's headphones); nil when there is none.
    /// Session folders sort by their start time (their names begin with it).
    public static func find(logs: URL, participant: ParticipantID) throws -> Double? {
        let folder = logs.appendingPathComponent(participant.value)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        for name in names.sorted().reversed() {
            let url = folder.appendingPathComponent(name).appendingPathComponent("session.json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let record = try SessionRecord.read(url)
            if record.environment.input.hasPrefix("bot-") { continue }
            if let last = record.volumeEvents.last { return last.volumeDB }
        }
        return nil
    }
}
