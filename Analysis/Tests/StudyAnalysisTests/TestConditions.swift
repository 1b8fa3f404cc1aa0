// Named conditions for tests that need a program the project does not ship (they skip and say why without it).
import Foundation
import Testing

@testable import StudyAnalysis

extension Trait where Self == ConditionTrait {
    /// Rscript with the packages `analysis.R` loads (afex, circular, lme4, lmerTest).
    static var needsRWithReportPackages: Self {
        .enabled(if: rscript != nil, "Rscript with the afex, circular, lme4 and lmerTest packages is not installed")
    }

    /// Rscript itself (base R only).
    static var needsRscript: Self {
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Rscript"), "Rscript is not installed")
    }

    /// librsvg's rsvg-convert (Debian librsvg2-bin), for `report --publication`'s PDF and PNG figures.
    static var needsRsvgConvert: Self {
        .enabled(
            if: (try? PublicationFigures.converter()) != nil,
            "rsvg-convert is not installed (Debian: apt install librsvg2-bin)")
    }

    /// Debian's chromium, for the report's layout in a real browser.
    static var needsChromium: Self {
        .enabled(if: ReportLayoutTests.chromium != nil, "chromium is not installed (Debian: apt install chromium)")
    }
}
