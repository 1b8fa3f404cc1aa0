// The README shows the game (issue 16.18): every screenshot it links exists, is a PNG and stays small.
import Foundation
import Testing

@Suite struct ReadmeScreenshotTests {
    @Test func theReadmesScreenshotsOfMenuRoundAndResultExistAsSmallPNGs() throws {
        let root = SoundSafariBinary.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let links = readme.components(separatedBy: "](docs/screenshots/").dropFirst().compactMap {
            $0.split(separator: ")").first.map { "docs/screenshots/" + $0 }
        }
        for name in ["menu", "round", "result"] {
            #expect(links.contains("docs/screenshots/\(name).png"), "README links: \(links)")
        }
        for link in links {
            let data = try Data(contentsOf: root.appendingPathComponent(link))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(link) is a PNG")
            #expect(data.count < 100_000, "\(link) is \(data.count) bytes")
        }
    }

    @Test func theReportExampleRunsOnAFreshCheckout() throws {
        let readme = try String(
            contentsOf: SoundSafariBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("soundsafari-analyze report Examples/sample-session"))
        #expect(!readme.contains("report StudyLogs"))
    }
}
