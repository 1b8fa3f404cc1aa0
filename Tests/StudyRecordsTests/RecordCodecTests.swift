// The records' codecs on their own: timestamps to the millisecond, older headers kept, errors naming the field.
import Foundation
import Testing
import TidyFormats

@testable import StudyRecords

struct RecordCodecTests {
    @Test(arguments: ["2026-11-26T01:40:50.354Z", "2026-11-26T01:40:50.464Z", "1999-12-31T23:59:59.999Z"])
    func aTimestampReadAndWrittenAgainKeepsItsMillisecond(text: String) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(Timestamp.format(date) == text)
    }

    @Test func aTimestampIsWrittenToTheNearestMillisecondNotTruncated() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1.9996)) == "1970-01-01T00:00:02.000Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -0.0004)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    }

    @Test func aTrialsFileOfAnOlderVersionIsWrittenBackUnderItsOwnHeader() throws {
        // The first 24 columns only (a file of issue 16, before onset_frame, the plan, volume and device columns).
        let header = Array(TrialRow.columns.prefix(24))
        let row =
            "1,20261121T201500Z-3f9c,P07,linux-sdl2,keyboard,default-48000,one-target,FALSE,1,1,1,frog,"
            + "10.000,20.000,-10.000,10.000,FALSE,2026-11-21T20:15:00.000Z,2026-11-21T20:15:02.500Z,2.500,"
            + "FALSE,1,,one-target\n"
        let data = Data((header.joined(separator: ",") + "\n" + row).utf8)
        let file = try CSVLogFile<TrialRow>.decode(data, file: "old/trials.csv")
        #expect(file.records.count == 1 && file.records[0].deviceID == "" && file.records[0].volumeDB == nil)
        #expect(file.encoded() == data)
    }

    @Test func aCutOffLastRowIsNotARecordAndIsNotWrittenBack() throws {
        let header = RatingRow.columnsBeforeLanguage.joined(separator: ",")
        let whole = "P01,,,prompt,mood,5.000,2026-11-21T20:15:00.000Z,2026-11-21T20:10:00.000Z,FALSE,1\n"
        let data = Data((header + "\n" + whole + "P01,,,prompt,stress,0.4").utf8)
        let file = try CSVLogFile<RatingRow>.decode(data, file: "P01/ratings.csv")
        #expect(file.records.map(\.item) == ["mood"])
        #expect(file.cutOff?.line == 3)
        #expect(file.encoded() == Data((header + "\n" + whole).utf8))
    }

    /// Only a prompt stands outside a session (LOG-FORMAT): a before or after rating without one names its line.
    @Test func aRatingBeforeOrAfterASessionNamesItsSession() throws {
        let header = RatingRow.columnsBeforeLanguage.joined(separator: ",")
        let after = "P01,,,after,mood,5.000,2026-11-21T20:15:00.000Z,,FALSE,1\n"
        let error = #expect(throws: CSVReadError.self) {
            try CSVLogFile<RatingRow>.decode(Data((header + "\n" + after).utf8), file: "P01/ratings.csv")
        }
        #expect(String(describing: error).contains("P01/ratings.csv:2"), "\(String(describing: error))")
        #expect(String(describing: error).contains("session_id"))
        let held = "P01,20261121T201500Z-3f9c,1,after,mood,5.000,2026-11-21T20:15:00.000Z,,FALSE,1\n"
        #expect(try CSVLogFile<RatingRow>.decode(Data((header + "\n" + held).utf8), file: "r.csv").records.count == 1)
    }

    @Test func aSessionFileWithAWrongFieldNamesTheFileAndTheField() throws {
        let error = #expect(throws: RecordError.self) {
            try SessionRecord.decode(Data(#"{"schema_version": "one"}"#.utf8), file: "P01/s/session.json")
        }
        #expect(error?.description.hasPrefix("P01/s/session.json: the field 'schema_version'") == true)
    }

    @Test func deviceIdentifiersAreSafeInACellAPathAndAFileName() {
        #expect(DeviceID.isValid("d-3f2a9c1e-0b7d-4a55-9f3e-1c2d3e4f5a6b"))
        for bad in ["", "d 1", "d/1", "d,1", "d\n1", String(repeating: "a", count: 65), "dé"] {
            #expect(!DeviceID.isValid(bad), "\(bad)")
        }
    }

    @Test func aQuestionnairesFileIsWrittenBackByteForByteWithGuardedTextAndNumbersKept() throws {
        let header = QuestionnaireRow.columns.joined(separator: ",")
        let rows = [
            "P01,A1,demo,1,en,baseline,,answer,a,-2.000,FALSE,,,,2026-11-21T20:15:00.000Z",
            "P01,A1,demo,1,en,baseline,,answer,note,'=HYPERLINK(1),FALSE,,,,2026-11-21T20:15:01.000Z",
            "P01,A1,demo,1,en,baseline,,answer,b,,TRUE,,,,2026-11-21T20:15:02.000Z",
            "P01,A1,demo,1,en,baseline,,answer,what,1.000;3.000,FALSE,,,,2026-11-21T20:15:03.000Z",
            "P01,A1,demo,1,en,baseline,,subscale,ab,,,,2,FALSE,2026-11-21T20:15:03.000Z",
            "P01,A1,demo,1,en,baseline,,finished,total,4.500,,mild,1,TRUE,2026-11-21T20:15:03.000Z",
            "P01,A2,demo,1,en,periodic,5,finished,total,,,,,,2026-11-22T20:15:03.000Z",
        ]
        let data = Data(([header] + rows).map { $0 + "\n" }.joined().utf8)
        let file = try CSVLogFile<QuestionnaireRow>.decode(data, file: "P01/questionnaires.csv")
        #expect(file.records[1].value == "=HYPERLINK(1)")
        #expect(file.records[2].value == nil && file.records[5].prorated == true && file.records[6].sessionIndex == 5)
        #expect(file.encoded() == data)
    }

    @Test func aQuestionnaireAnswerRowWhoseSkippedDisagreesWithItsValueIsRefusedNamingTheColumn() throws {
        let header = QuestionnaireRow.columns.joined(separator: ",")
        let data = Data((header + "\nP01,A1,demo,1,en,baseline,,answer,a,,FALSE,,,,2026-11-21T20:15:00.000Z\n").utf8)
        #expect {
            _ = try CSVLogFile<QuestionnaireRow>.decode(data, file: "P01/questionnaires.csv")
        } throws: { error in
            "\(error)".contains("P01/questionnaires.csv") && "\(error)".contains("skipped")
        }
    }

    @Test func anAbsentOptionalOfSessionJSONIsWrittenAsNullAndAMissingKeyReadsAsNil() throws {
        let outcome = HeadphoneCheckOutcome(
            at: Date(timeIntervalSince1970: 0.25), result: .bothSides, failedAttempts: 0, lastProblem: nil,
            volumeDB: -6)
        let text = String(decoding: try RecordJSON.encoder.encode(outcome), as: UTF8.self)
        #expect(text.contains("\"last_problem\" : null"))
        #expect(text.contains("\"at\" : \"1970-01-01T00:00:00.250Z\""))
        let older =
            #"{"at": "1970-01-01T00:00:00.250Z", "result": "both_sides", "failed_attempts": 0, "volume_db": -6}"#
        #expect(try JSONDecoder().decode(HeadphoneCheckOutcome.self, from: Data(older.utf8)) == outcome)
    }

    @Test func aSessionJSONDateThatIsNotAUTCTimestampIsAnErrorNamingItsKey() {
        let bad = #"{"signal": "SIGINT", "at": "yesterday"}"#
        #expect {
            try JSONDecoder().decode(SessionInterruption.self, from: Data(bad.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["at"] && context.debugDescription.contains("yesterday")
        }
    }
}
