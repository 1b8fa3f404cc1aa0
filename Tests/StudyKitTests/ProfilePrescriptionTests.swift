// Hearing-profile prescriptions written into the logs: the participant's next version, once, conflicts named.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

@Suite struct ProfilePrescriptionTests {
    let server = "http://study.example"

    func prescription(_ id: Int, maxGainDB: Double) throws -> SyncClient.Prescription {
        let profile = HearingProfile(
            participant: "P07", version: 1, createdAt: Date(timeIntervalSince1970: 1_800_000_000), source: "supervisor",
            maxGainDB: maxGainDB)
        let json = """
            {"id": \(id), "participant": "P07", "kind": "profile", "content": \(try String(decoding: JSONEncoder().encode(String(decoding: HearingProfile.encoded(versions: [profile]), as: UTF8.self)), as: UTF8.self))}
            """
        return try JSONDecoder().decode(SyncClient.Prescription.self, from: Data(json.utf8))
    }

    @Test func aPrescribedVersionIsWrittenOnceAsTheNextVersionAndALocalOneMadeMeanwhileIsNamed() throws {
        let folder = try TemporaryFolder()
        let logs = folder.url
        // The participant's own first version (a hearing test on this machine): no conflict with a first prescription.
        try HearingProfile.append(HearingProfile(participant: "P07", version: 0, source: "hearing-test"), logs: logs)
        let first = try Prescriptions.applyProfiles(
            [try prescription(3, maxGainDB: 12)], server: server, logs: logs, at: Date())
        #expect(first.written.map(\.version) == [2] && first.conflicts.isEmpty && first.last == 3)
        // Applied again (a sync killed before it saved its cursor): nothing is written twice.
        let again = try Prescriptions.applyProfiles(
            [try prescription(3, maxGainDB: 12)], server: server, logs: logs, at: Date())
        #expect(again.written.isEmpty)
        // A version made here after the prescribed one, then a new prescription: both kept, the prescription current.
        try HearingProfile.append(
            HearingProfile(participant: "P07", version: 0, source: "profile set", maxGainDB: 5), logs: logs)
        let second = try Prescriptions.applyProfiles(
            [try prescription(5, maxGainDB: 15)], server: server, logs: logs, at: Date())
        #expect(second.written.map(\.version) == [4])
        #expect(second.conflicts.count == 1 && second.conflicts[0].hasPrefix("P07: version 3 made on this machine"))
        let versions = try HearingProfile.loadAll(logs: logs, participant: "P07")
        #expect(versions.map(\.maxGainDB) == [GainRule.defaultMaxGainDB, 12, 5, 15])
        #expect(versions.last?.source == Prescriptions.source(id: 5, server: server))
    }
}
