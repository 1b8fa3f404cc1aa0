// The participant's last volume comes from their newest session's volume events.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

struct LastVolumeTests {
    @Test func theNewestSessionsLastVolumeEventIsRemembered() throws {
        let folder = try TemporaryFolder()
        let participant = try ParticipantID("P09")
        #expect(try LastVolume.find(logs: folder.url, participant: participant) == nil)
        let resolved = StudyProtocol.builtIn(mode: .oneTarget, rounds: 1, seed: 1).resolve(
            participantNumber: 1, sessionSeed: 1)
        let environment = SessionEnvironment(
            appVersion: "1", input: "keyboard", hrtf: "x", audioDevice: "y", sampleRate: 48_000)
        let first = try SessionRecorder.start(
            logs: folder.url, participant: participant, resolvedProtocol: resolved, environment: environment,
            startedAt: Date(timeIntervalSince1970: 1_000_000))
        try first.recordOutput(
            SessionOutput(volumeDB: -21, tailoring: .none, notchDepthDB: nil), volumeSource: "session start",
            at: Date(timeIntervalSince1970: 1_000_000))
        let second = try SessionRecorder.start(
            logs: folder.url, participant: participant, resolvedProtocol: resolved, environment: environment,
            startedAt: Date(timeIntervalSince1970: 2_000_000))
        try second.recordOutput(
            SessionOutput(volumeDB: -12, tailoring: .none, notchDepthDB: nil), volumeSource: "session start",
            at: Date(timeIntervalSince1970: 2_000_000))
        try second.recordOutput(
            SessionOutput(volumeDB: -9, tailoring: .none, notchDepthDB: nil), volumeSource: "volume change",
            at: Date(timeIntervalSince1970: 2_000_100))
        // A later simulated session (a bot at 0 dB) says nothing about the participant's headphones.
        let bot = try SessionRecorder.start(
            logs: folder.url, participant: participant, resolvedProtocol: resolved,
            environment: SessionEnvironment(
                appVersion: "1", input: "bot-ideal", hrtf: "x", audioDevice: "offline loopback (simulate)",
                sampleRate: 48_000),
            startedAt: Date(timeIntervalSince1970: 3_000_000))
        try bot.recordOutput(
            SessionOutput(volumeDB: 0, tailoring: .none, notchDepthDB: nil), volumeSource: "session start",
            at: Date(timeIntervalSince1970: 3_000_000))
        #expect(try LastVolume.find(logs: folder.url, participant: participant) == -9)
        let record = try SessionRecord.read(second.folder.sessionJSONURL)
        #expect(record.volumeEvents.map(\.volumeDB) == [-12, -9])
        #expect(record.output?.volumeDB == -9)
    }
}
