// trials.csv: the contract's header, rows on disk the moment they are appended, nothing overwritten.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

struct TrialLogTests {
    @Test func theHeaderIsLogFormatsColumnsInOrder() throws {
        let folder = try TemporaryFolder()
        _ = try TrialLog.create(at: folder.file("trials.csv"))
        let text = try String(contentsOf: folder.file("trials.csv"), encoding: .utf8)
        #expect(
            text == "schema_version,session_id,participant,platform,input,hrtf,condition,background,round,"
                + "targets_in_round,target_index,target,target_bearing_deg,aim_bearing_deg,deviation_deg,"
                + "abs_deviation_deg,front_back_confusion,onset_at,shot_at,time_s,front_back_reversal,session_index,"
                + "hrtf_sha256,protocol,onset_frame,onset_uncertainty_ms,"
                + "plan,difficulty_parameter,difficulty_value,hit,staircase_reversal,volume_db,profile_version,"
                + "device_id,skipped,stimulus_sha256,stimulus_bandwidth_oct,stimulus_loudness_lufs\n")
    }

    @Test func aRowIsWrittenAsTheContractSpellsIt() throws {
        let folder = try TemporaryFolder()
        let log = try TrialLog.create(at: folder.file("trials.csv"))
        try log.append(Fixtures.row())
        let lines = try String(contentsOf: folder.file("trials.csv"), encoding: .utf8).split(separator: "\n")
        #expect(
            lines[1] == "1,20261121T201500Z-3f9c,P07,linux-sdl2,keyboard,Built-In HRTF,two-targets,FALSE,1,2,1,frog,"
                + "300.250,312.750,-12.500,12.500,FALSE,2026-11-18T11:06:40.250Z,2026-11-18T11:06:42.595Z,2.345,FALSE,1,"
                + "1ca0baa0b06a302df1b4bcaff1b400c764513456ca27a02080388e47d18d6f12,thesis-study,5306,0.125,,,,,,,,,FALSE,,,"
        )
    }

    @Test func aTrainingRowCarriesThePlanColumnsAndReadsBack() throws {
        let folder = try TemporaryFolder()
        let log = try TrialLog.create(at: folder.file("trials.csv"))
        var row = Fixtures.row()
        row.training = TrainingColumns(
            plan: "clinic-10", difficultyParameter: "hit_tolerance_deg", difficultyValue: 12.5, hit: true,
            staircaseReversal: false)
        try log.append(row)
        let lines = try String(contentsOf: folder.file("trials.csv"), encoding: .utf8).split(separator: "\n")
        #expect(lines[1].hasSuffix(",clinic-10,hit_tolerance_deg,12.500,TRUE,FALSE,,,,FALSE,,,"))
        #expect(try TrialRow.readAll(from: folder.file("trials.csv")) == [row])
        #expect(try TrialRow.readAll(from: folder.file("trials.csv"))[0].training?.hit == true)
    }

    @Test func theVolumeProfileVersionDeviceAndSkippedAreTheLastColumnsAndReadBack() throws {
        let folder = try TemporaryFolder()
        let log = try TrialLog.create(at: folder.file("trials.csv"))
        var row = Fixtures.row()
        row.volumeDB = -12
        row.profileVersion = 3
        row.deviceID = "d-lab-1"
        row.skipped = true
        try log.append(row)
        let lines = try String(contentsOf: folder.file("trials.csv"), encoding: .utf8).split(separator: "\n")
        #expect(lines[1].hasSuffix(",-12.0,3,d-lab-1,TRUE,,,"))
        #expect(try TrialRow.readAll(from: folder.file("trials.csv")) == [row])
    }

    @Test func theStimulusColumnsComeLastAndReadBackAndALoudnessOfNoneIsAnEmptyCell() throws {
        let folder = try TemporaryFolder()
        let log = try TrialLog.create(at: folder.file("trials.csv"))
        var row = Fixtures.row()
        row.stimulus = StimulusColumns(
            sha256: String(repeating: "ab", count: 32), bandwidthOctaves: 3.0206, loudnessLUFS: -23)
        var quiet = Fixtures.row(round: 2)
        quiet.stimulus = StimulusColumns(
            sha256: String(repeating: "0f", count: 32), bandwidthOctaves: 0.5, loudnessLUFS: nil)
        try log.append(row)
        try log.append(quiet)
        let lines = try String(contentsOf: folder.file("trials.csv"), encoding: .utf8).split(separator: "\n")
        #expect(lines[1].hasSuffix(",FALSE,\(String(repeating: "ab", count: 32)),3.021,-23.000"))
        #expect(lines[2].hasSuffix(",FALSE,\(String(repeating: "0f", count: 32)),0.500,"))
        var rounded = row
        rounded.stimulus?.bandwidthOctaves = 3.021
        #expect(try TrialRow.readAll(from: folder.file("trials.csv")) == [rounded, quiet])
    }

    @Test func appendedRowsAreOnDiskBeforeTheLogIsClosed() throws {
        let folder = try TemporaryFolder()
        let log = try TrialLog.create(at: folder.file("trials.csv"))
        try log.append(Fixtures.row(round: 1))
        try log.append(Fixtures.row(round: 2, deviation: 170.125))
        // Read through a different file description while the log is still open.
        let rows = try TrialRow.readAll(from: folder.file("trials.csv"))
        #expect(rows == [Fixtures.row(round: 1), Fixtures.row(round: 2, deviation: 170.125)])
        withExtendedLifetime(log) {}
    }

    @Test func anExistingLogIsNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        try TrialLog.create(at: folder.file("trials.csv")).append(Fixtures.row())
        #expect(throws: StudyFileError.self) { try TrialLog.create(at: folder.file("trials.csv")) }
        #expect(try TrialRow.readAll(from: folder.file("trials.csv")).count == 1)
    }

    @Test func continuingALogKeepsItsRowsAndAppendsAfterThem() throws {
        let folder = try TemporaryFolder()
        try TrialLog.create(at: folder.file("trials.csv")).append(Fixtures.row(round: 1))
        let (log, rows) = try TrialLog.continuing(at: folder.file("trials.csv"))
        #expect(rows == [Fixtures.row(round: 1)])
        try log.append(Fixtures.row(round: 2))
        #expect(try TrialRow.readAll(from: folder.file("trials.csv")).map(\.round) == [1, 2])
    }

    @Test func aRowCutOffByACrashIsSetAsideNotLostAndTheLogStaysValid() throws {
        let folder = try TemporaryFolder()
        try TrialLog.create(at: folder.file("trials.csv")).append(Fixtures.row(round: 1))
        let handle = try FileHandle(forWritingTo: folder.file("trials.csv"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("1,20261121T201500Z-3f9c,P07,linux".utf8))
        try handle.close()

        let (log, rows) = try TrialLog.continuing(at: folder.file("trials.csv"), now: Fixtures.start)
        #expect(rows.map(\.round) == [1])
        try log.append(Fixtures.row(round: 2))
        #expect(try TrialRow.readAll(from: folder.file("trials.csv")).map(\.round) == [1, 2])
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.contains("cut-off")
        }
        #expect(aside.count == 1)
        #expect(try String(contentsOf: folder.file(aside[0]), encoding: .utf8) == "1,20261121T201500Z-3f9c,P07,linux")
    }

    @Test func aLogOfAnotherSchemaIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        try "round,deviation\n1,2\n".write(to: folder.file("trials.csv"), atomically: true, encoding: .utf8)
        #expect(throws: StudyFileError.self) { try TrialLog.continuing(at: folder.file("trials.csv")) }
        #expect(try String(contentsOf: folder.file("trials.csv"), encoding: .utf8) == "round,deviation\n1,2\n")
    }

    @Test func aCorruptValueInTheLogIsReportedWithLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try TrialLog.create(at: folder.file("trials.csv")).append(Fixtures.row())
        var text = try String(contentsOf: folder.file("trials.csv"), encoding: .utf8)
        text = text.replacingOccurrences(of: ",2.345,FALSE,", with: ",soon,FALSE,")
        try text.write(to: folder.file("trials.csv"), atomically: true, encoding: .utf8)
        let error = #expect(throws: CSVReadError.self) { try TrialRow.readAll(from: folder.file("trials.csv")) }
        #expect(
            error
                == .invalidRow(
                    file: folder.file("trials.csv").path, line: 2, column: "time_s",
                    problem: "'soon' is not a number with '.' as decimal mark", advice: CSVReadError.defaultAdvice))
    }

    @Test func rowsWrittenWithLowerCaseBooleansBeforeIssue16AreStillRead() throws {
        let folder = try TemporaryFolder()
        try TrialLog.create(at: folder.file("trials.csv")).append(Fixtures.row())
        var text = try String(contentsOf: folder.file("trials.csv"), encoding: .utf8)
        text = text.replacingOccurrences(of: "FALSE", with: "false")
        try text.write(to: folder.file("trials.csv"), atomically: true, encoding: .utf8)
        #expect(try TrialRow.readAll(from: folder.file("trials.csv")) == [Fixtures.row()])
    }
}
