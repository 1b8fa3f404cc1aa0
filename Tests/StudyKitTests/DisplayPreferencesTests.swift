// display.json: read aloud and the language beside large text and contrast, and files written before they existed.
import Foundation
import StudyRecords
import Testing

@testable import StudyKit

@Suite struct DisplayPreferencesTests {
    @Test func readAloudIsWrittenAndReadBackAndAnOlderFileWithoutItMeansOff() throws {
        let folder = try TemporaryFolder()
        let participant = try ParticipantID("DP01")
        try DisplayPreferences(largeText: true, readAloud: true).write(logs: folder.url, participant: participant)
        let url = DisplayPreferences.url(logs: folder.url, participant: participant)
        #expect(try String(contentsOf: url, encoding: .utf8).contains(#""read_aloud" : true"#))
        #expect(
            try DisplayPreferences.read(logs: folder.url, participant: participant)
                == DisplayPreferences(largeText: true, highContrast: false, readAloud: true))
        try Data(#"{"high_contrast": true, "large_text": false}"#.utf8).write(to: url)
        #expect(
            try DisplayPreferences.read(logs: folder.url, participant: participant)
                == DisplayPreferences(largeText: false, highContrast: true, readAloud: false))
        try Data(#"{"high_contrast": true, "read_aloud": "yes", "large_text": false}"#.utf8).write(to: url)
        #expect(throws: StudyFileError.self) {
            _ = try DisplayPreferences.read(logs: folder.url, participant: participant)
        }
    }

    @Test func theLanguageIsRememberedAndTheWindowsSwitchesKeepIt() throws {
        let folder = try TemporaryFolder()
        let participant = try ParticipantID("DP02")
        let url = DisplayPreferences.url(logs: folder.url, participant: participant)
        try DisplayPreferences(largeText: true).write(logs: folder.url, participant: participant)
        #expect(!(try String(contentsOf: url, encoding: .utf8).contains("language")), "none chosen: no key")
        try DisplayPreferences.remember(.german, logs: folder.url, participant: participant)
        #expect(try String(contentsOf: url, encoding: .utf8).contains(#""language" : "de""#))
        #expect(
            try DisplayPreferences.read(logs: folder.url, participant: participant)
                == DisplayPreferences(largeText: true, language: .german))
        // F2, F3 and F4 write the three switches only (GameApp.rememberDisplay): the language stays.
        try DisplayPreferences(highContrast: true).write(logs: folder.url, participant: participant)
        #expect(
            try DisplayPreferences.read(logs: folder.url, participant: participant)
                == DisplayPreferences(highContrast: true, language: .german))
        try Data(#"{"high_contrast": true, "language": "fr", "large_text": false}"#.utf8).write(to: url)
        #expect(throws: StudyFileError.self) {
            _ = try DisplayPreferences.read(logs: folder.url, participant: participant)
        }
    }
}
