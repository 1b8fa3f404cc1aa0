// Whose ratings.csv a file is: a participant's own folder, or a pooled file beside participants.csv (the export).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct RatingsOwnerTests {
    @Test func aParticipantsFolderOwnsItsRatingsAndAPoolBesideParticipantsCsvOwnsNone() throws {
        let root = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["P07", "export"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: root + "/\(folder)/ratings.csv"))
        }
        #expect(RatingsData.owner(of: root + "/P07/ratings.csv") == "P07")
        #expect(RatingsData.owner(of: root + "/export/ratings.csv") == "export", "a folder named like an ID")
        // The study server's export: ratings.csv of every participant beside participants.csv.
        try Data().write(to: URL(fileURLWithPath: root + "/export/participants.csv"))
        #expect(RatingsData.owner(of: root + "/export/ratings.csv") == nil)
    }
}
