// What --help says is what the commands do: comma-separated --levels, each command's own --value default, an explicit
// --value used (or refused where it cannot apply).
import Foundation
import Testing

extension CommandLineTests {
    static let sample = Fixtures.path("StudyLogs-sample")

    @Test func ttestLevelsAreCommaSeparatedAndTwoLevelsGivenWithASpaceAreRefusedSayingSo() throws {
        let help = try run(["ttest", "--help"]).out.replacingOccurrences(
            of: #"\s+"#, with: " ", options: .regularExpression)
        #expect(help.contains("separated by a comma"))
        let r = try run([
            "ttest", Fixtures.path("PlantGrowth.csv"), "--value", "weight", "--by", "group", "--levels", "ctrl", "trt1",
        ])
        #expect(r.status == 64)
        #expect(r.err.contains("--levels takes two levels separated by a comma") && !r.err.contains("no such file"))
        let ok = try run([
            "ttest", Fixtures.path("PlantGrowth.csv"), "--value", "weight", "--by", "group", "--levels", "trt1,ctrl",
        ])
        #expect(ok.status == 0 && ok.out.contains("trt1") && ok.out.contains("ctrl"))
    }

    @Test func circularAndRateHelpNameTheirOwnDefaultColumn() throws {
        for (command, column) in [("circular", "deviation_deg"), ("rate", "front_back_confusion")] {
            let help = try run([command, "--help"]).out.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
            #expect(help.contains("\(command): \(column)"), "\(command)")
            #expect(help.contains("default \(column)"), "\(command)")
        }
    }

    @Test func anExplicitValueIsUsedByCircularEvenWhenItIsTheOtherCommandsDefault() throws {
        let signed = try run(["circular", Self.sample])
        let absolute = try run(["circular", Self.sample, "--value", "abs_deviation_deg"])
        #expect(signed.status == 0 && absolute.status == 0)
        #expect(signed.out.hasPrefix("Circular statistics of deviation_deg"))
        // Replaced by deviation_deg before: the explicit column was silently ignored.
        #expect(absolute.out.hasPrefix("Circular statistics of abs_deviation_deg"))
        func meanDirection(_ text: String) throws -> Double? {
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix(" ") && $0.contains("480") })
            return Double(row.split(separator: " ")[1])
        }
        #expect(try meanDirection(signed.out) != meanDirection(absolute.out))
    }

    @Test func rateUsesAnExplicitBooleanColumnAndRefusesANumericOne() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/t.csv"
        let text = "front_back_confusion,front_back_reversal,abs_deviation_deg\nTRUE,FALSE,3.5\nFALSE,FALSE,170.0\n"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let confusion = try run(["rate", path])
        let reversal = try run(["rate", path, "--value", "front_back_reversal"])
        #expect(confusion.out.contains("front_back_confusion") && confusion.out.contains("    1 2"))
        #expect(reversal.out.contains("front_back_reversal") && reversal.out.contains("    0 2"))
        let numeric = try run(["rate", path, "--value", "abs_deviation_deg"])
        #expect(numeric.status == 1)
        #expect(numeric.err.contains("t.csv:2: column 'abs_deviation_deg': '3.5' is not TRUE/FALSE"))
    }

    @Test func mixedModelsRefuseValueBecauseTheFormulaNamesTheResponse() throws {
        let r = try run([
            "lmm", Self.sample, "--value", "time_s", "--model", "abs_deviation_deg ~ condition + (1 | participant)",
        ])
        #expect(r.status != 0)
        #expect(r.err.contains("--value time_s does not apply to a mixed model"))
    }
}
