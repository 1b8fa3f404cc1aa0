// The participant's last volume, so the headphone check starts where they left it instead of at the default.
import Foundation

public enum LastVolume {
    /// The last `volume_events` entry of the participant's newest session that has one; nil when none has.
    /// Session folders sort by their start time (their names begin with it).
    public static func find(logs: URL, participant: ParticipantID) throws -> Double? {
        let folder = logs.appendingPathComponent(participant.value)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        for name in names.sorted().reversed() {
            let url = folder.appendingPathComponent(name).appendingPathComponent("session.json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            if let last = try SessionRecord.read(url).volumeEvents.last { return last.volumeDB }
        }
        return nil
    }
}
