// Instruments a supervisor added on the study server, stored among this machine's added instruments at a sync.
import Foundation
import StudyRecords

public enum ReceivedInstruments {
    /// What storing the server's instruments did: the files written, one sentence per instrument refused (checked
    /// as `questionnaire add` checks a local file), and the last id handled.
    public struct Outcome: Sendable {
        public var written: [URL] = []
        public var refused: [String] = []
        public var last: Int?
    }

    /// Stores each instrument in `library`'s added folder unless it is there already. One this machine refuses (a
    /// reader older than the server's, a shipped id, other bytes under a version it holds) is named in one sentence
    /// and stepped over, so the rest of the sync goes on and the next sync does not fetch it again.
    public static func apply(_ instruments: [SyncClient.ServerInstrument], server: String, library: InstrumentLibrary)
        -> Outcome
    {
        var outcome = Outcome(last: instruments.map(\.id).max())
        for instrument in instruments {
            let name =
                "instrument \(instrument.id) (\(instrument.instrument) version \(instrument.version)) from \(server)"
            do {
                let (url, isNew) = try library.add(data: Data(instrument.content.utf8), file: name)
                if isNew { outcome.written.append(url) }
            } catch {
                outcome.refused.append("\(error)")
            }
        }
        return outcome
    }
}
