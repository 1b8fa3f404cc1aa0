// Two sites' log folders analysed together: every folder's participants.csv is read, and one ID answered differently
// in two folders is an error naming both files.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite final class PooledFoldersTests {
    let scratch = Fixtures.temporaryFolder()
    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    static let sheetHeader = "participant,age,gender,tinnitus,registered_at"

    /// A site folder: `participants` rows (ID, age, tinnitus, registered_at) and two conditions x 3 trials each.
    func site(_ name: String, _ participants: [(String, String, String, String)]) throws -> String {
        let folder = scratch + "/" + name
        var sheet = [Self.sheetHeader]
        for (n, (id, age, tinnitus, registered)) in participants.enumerated() {
            sheet.append("\(id),\(age),,\(tinnitus),\(registered)")
            var trials = ["participant,condition,abs_deviation_deg,time_s,front_back_confusion"]
            for (c, condition) in ["one-target", "two-targets"].enumerated() {
                for k in 0..<3 {
                    let deviation = Double(5 + n * 4 + c * 3 + k) + (tinnitus == "yes" ? 10 : 0)
                    trials.append("\(id),\(condition),\(deviation),\(2 + k),\(k == 0 ? "TRUE" : "FALSE")")
                }
            }
            let session = folder + "/\(id)/s1"
            try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
            try Data((trials.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: session + "/trials.csv"))
        }
        try Data((sheet.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: folder + "/participants.csv"))
        return folder
    }

    func twoSites() throws -> (String, String) {
        (
            try site(
                "siteX", [("X01", "30", "yes", "2026-11-01T10:00:00Z"), ("X02", "41", "no", "2026-11-01T11:00:00Z")]),
            try site(
                "siteY", [("Y01", "52", "yes", "2026-11-02T10:00:00Z"), ("Y02", "27", "no", "2026-11-02T11:00:00Z")])
        )
    }

    @Test func describeByAParticipantColumnFindsParticipantsOfTheSecondFolder() throws {
        let (x, y) = try twoSites()
        var options = LoadOptions(value: "abs_deviation_deg", factors: ["tinnitus"])
        options.showProgress = false
        let data = try StudyData.load(paths: [x, y], options: options)
        #expect(data.groups[["yes"]]?.count == 12)
        #expect(data.groups[["no"]]?.count == 12)
    }

    @Test func theReportFilesSecondFolderParticipantsUnderTheirAnswerNotUnknown() throws {
        let (x, y) = try twoSites()
        _ = try StudyReport.write(
            inputs: [x, y], outputFolder: scratch + "/report", groupBy: "tinnitus", participantsFile: nil,
            skipInvalid: false)
        let table = try String(contentsOfFile: scratch + "/report/tables/participants.csv", encoding: .utf8)
        #expect(table.contains("Y01,yes,6,"))
        #expect(table.contains("Y02,no,6,"))
        #expect(!table.contains("unknown"))
        let md = try String(contentsOfFile: scratch + "/report/report.md", encoding: .utf8)
        #expect(md.contains("Participant groups by 'tinnitus': no (2), yes (2)"))
    }

    @Test func theReportNamesParticipantsThatNoParticipantsSheetLists() throws {
        let (x, y) = try twoSites()
        try FileManager.default.removeItem(atPath: y + "/participants.csv")
        _ = try StudyReport.write(
            inputs: [x, y], outputFolder: scratch + "/report", groupBy: "tinnitus", participantsFile: nil,
            skipInvalid: false)
        let md = try String(contentsOfFile: scratch + "/report/report.md", encoding: .utf8)
        #expect(md.contains("Not in any participants.csv (group unknown, left out of the group comparison): Y01, Y02"))
    }

    @Test func oneIDAnsweredDifferentlyInTwoFoldersIsAnErrorNamingBothFiles() throws {
        let x = try site("siteX", [("P01", "30", "yes", "2026-11-01T10:00:00Z")])
        let y = try site("siteY", [("P01", "52", "no", "2026-11-02T10:00:00Z")])
        var options = LoadOptions(value: "abs_deviation_deg", factors: ["tinnitus"])
        options.showProgress = false
        #expect {
            try StudyData.load(paths: [x, y], options: options)
        } throws: { error in
            let text = "\(error)"
            return text.contains("Participant 'P01' is in \(x)/participants.csv and in \(y)/participants.csv")
                && text.contains("age: '30' vs '52'")
        }
        #expect(throws: AnalysisError.self) {
            try StudyReport.write(
                inputs: [x, y], outputFolder: scratch + "/report", groupBy: "tinnitus", participantsFile: nil,
                skipInvalid: false)
        }
    }

    @Test func oneIDWithTheSameAnswersInTwoFoldersIsOnePersonWhateverTheRegistrationTime() throws {
        let x = try site("siteX", [("P01", "30", "yes", "2026-11-01T10:00:00Z")])
        let y = try site("siteY", [("P01", "", "yes", "2026-11-02T10:00:00Z")])
        let table = try #require(
            try ParticipantTable.forInputs(explicit: nil, found: [x + "/participants.csv", y + "/participants.csv"]))
        #expect(table.value(participant: "P01", column: "age") == "30")
        #expect(table.value(participant: "P01", column: "tinnitus") == "yes")
    }
}
