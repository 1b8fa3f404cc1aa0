// A resumed session's exposure covers its earlier runs: a logged exposure turns back into the meter's totals.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords
import Testing

@testable import SessionRuntime

struct ResumedExposureTests {
    @Test func aLoggedExposureGivesBackTheEnergyItWasMeasuredFromAndRunsAddUpByEnergy() throws {
        // 10 s at −30 dBFS (left) and silence (right), then 30 s at −20 dBFS on both ears.
        let first = ExposureTotals(leftEnergy: 480_000 * 1e-3, rightEnergy: 0, frames: 480_000)
        let logged = SessionExposure(
            durationSeconds: first.durationSeconds, leftLAeqDBFS: first.laeqDBFS(left: true),
            rightLAeqDBFS: first.laeqDBFS(left: false), calibration: nil, pastWeek: WeekDose())
        #expect(logged.rightLAeqDBFS == nil)
        var total = ExposureTotals(logged)
        #expect(total.frames == 480_000)
        #expect(abs(total.leftEnergy - 480) < 1e-9 && total.rightEnergy == 0)
        total.leftEnergy += 1_440_000 * 1e-2
        total.rightEnergy += 1_440_000 * 1e-2
        total.frames += 1_440_000
        // (10 s × 10⁻³ + 30 s × 10⁻²) / 40 s on the left; 30 s of 40 at −20 dBFS on the right.
        #expect(abs(total.laeqDBFS(left: true)! - 10 * log10(0.310 / 40)) < 1e-9)
        #expect(abs(total.laeqDBFS(left: false)! - (-20 + 10 * log10(0.75))) < 1e-9)
    }
}
