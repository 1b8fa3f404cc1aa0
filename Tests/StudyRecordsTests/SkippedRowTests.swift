// trials.csv's `skipped` column: read as FALSE from older files, written back, and left out of a session's medians.
import Foundation
import Testing
import TidyFormats

@testable import StudyRecords

struct SkippedRowTests {
    static let olderHeader = Array(TrialRow.columns.prefix { $0 != "skipped" })
    static let photo =
        "1,20261121T201500Z-3f9c,P07,linux-sdl2,keyboard,default-48000,one-target,FALSE,1,1,1,frog,"
        + "10.000,20.000,-10.000,10.000,FALSE,2026-11-21T20:15:00.000Z,2026-11-21T20:15:02.500Z,2.500,"
        + "FALSE,1,,one-target,,,clinic,hit_tolerance_deg,45.000,TRUE,FALSE,0.0,,dev-1"

    @Test func aFileWrittenBeforeTheColumnHoldsPhotosOnlyAndIsWrittenBackUnchanged() throws {
        let data = Data((Self.olderHeader.joined(separator: ",") + "\n" + Self.photo + "\n").utf8)
        let file = try CSVLogFile<TrialRow>.decode(data, file: "old/trials.csv")
        #expect(file.records.map(\.skipped) == [false])
        #expect(file.encoded() == data)
    }

    @Test func aSkippedRowReadsAndWritesBackAsSkipped() throws {
        let text =
            TrialRow.columns.joined(separator: ",") + "\n" + Self.photo + ",FALSE,,,\n" + Self.photo
            + ",TRUE,,,\n"
        let file = try CSVLogFile<TrialRow>.decode(Data(text.utf8), file: "new/trials.csv")
        #expect(file.records.map(\.skipped) == [false, true])
        #expect(String(decoding: file.encoded(), as: UTF8.self) == text)
    }

    @Test func aSkippedAnimalIsLeftOutOfTheMediansButCountedAndItsStaircaseReversalKept() {
        var session = SessionSummary.Accumulator()
        session.add(absDeviationDeg: 10, timeSeconds: 2, reversal: false, staircaseReversalValue: nil, plan: "p")
        session.add(absDeviationDeg: 20, timeSeconds: 4, reversal: true, staircaseReversalValue: nil, plan: "p")
        session.add(
            absDeviationDeg: 170, timeSeconds: 90, reversal: true, staircaseReversalValue: 45, plan: "p", skipped: true)
        let summary = session.summary()
        #expect(summary.photos == 2 && summary.skipped == 1)
        #expect(summary.medianAbsDeviationDeg == 15 && summary.medianTimeSeconds == 3 && summary.reversalRate == 0.5)
        #expect(summary.staircaseThreshold == 45)
    }
}
