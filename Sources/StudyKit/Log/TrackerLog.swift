// tracker.csv on disk: a head tracker's readings appended beside trials.csv (the record is StudyRecords' TrackerRow).
import Foundation
import StudyRecords
import TidyFormats

/// Appends rows to `tracker.csv` in a session folder (created with its header; a resumed session appends).
/// Readings are written the frame they are handed over, without fsync; events are fsync'ed like trial rows.
public final class TrackerLog {
    public static let fileName = "tracker.csv"
    public let url: URL
    private let file: AppendOnlyFile

    public init(folder: URL) throws {
        url = folder.appendingPathComponent(Self.fileName)
        let (file, created) = try AppendOnlyFile.openOrCreate(url)
        self.file = file
        // Readings are not fsync'ed: a crash can cut the last one, which a resumed session must not extend.
        if !created { try AppendOnlyFile.setAsideCutOffFragment(of: url) }
        if try created || file.size() == 0 { try file.append(CSVWriter.headerLine(TrackerRow.columns)) }
    }

    public func append(_ rows: [TrackerRow]) throws {
        guard !rows.isEmpty else { return }
        let text = rows.map { CSVWriter.line($0.values) }.joined()
        try file.append(text, sync: rows.contains { $0.event != .sample })
    }
}
