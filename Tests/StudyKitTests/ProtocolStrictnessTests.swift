// Protocols are read strictly: no trailing commas, no pipes, and every sound used in the role the catalog gives it.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

#if canImport(Glibc)
    import Glibc
#endif

struct ProtocolStrictnessTests {
    @Test(arguments: [
        "{\"name\": \"x\", \"conditions\": [{\"level\": \"one-target\", \"repetitions\": 2},\n]}",
        "{\"name\": \"x\",\n \"conditions\": [{\"level\": \"one-target\", \"repetitions\": 2,}]}",
    ])
    func aTrailingCommaIsAnErrorWithItsLine(json: String) {
        let error = #expect(throws: ProtocolError.self) { try Fixtures.parse(json) }
        #expect(error?.description.contains("trailing comma") == true, "\(String(describing: error))")
        #expect(error?.line != nil)
    }

    @Test func aKeyGivenTwiceInOneObjectIsAnErrorWithItsLine() {
        let json = "{\"name\": \"x\",\n \"conditions\": [{\"level\": \"one-target\",\n \"level\": \"two-targets\"}]}"
        let error = #expect(throws: ProtocolError.self) { try Fixtures.parse(json) }
        #expect(error?.description.contains("\"level\" appears twice") == true, "\(String(describing: error))")
        #expect(error?.line == 3)
    }

    @Test func aCommaInsideAStringIsNoTrailingComma() throws {
        let study = try Fixtures.parse(
            #"{"name": "a,]", "comment": "x,}", "conditions": [{"level": "one-target", "repetitions": 2}]}"#)
        #expect(study.conditions.count == 1)
    }

    @Test func aNamedPipeGivenAsProtocolIsRefusedAtOnce() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.file("protocol.json").path, 0o600) == 0)
        let error = #expect(throws: ProtocolError.self) { try ProtocolFile.load(folder.file("protocol.json")) }
        #expect(error?.description.contains("not a regular file") == true)
    }

    let roles = ["frog": "target", "bluejay": "target", "ambience": "background", "shutter": "effect"]

    func check(_ json: String) throws {
        try Fixtures.parse(json).checkSoundRoles(
            targets: ["frog", "bluejay"], backgrounds: ["ambience"], roles: roles, file: "test.json")
    }

    @Test func theShutterIsNoTarget() {
        let json =
            #"{"name": "r", "conditions": [{"level": "two-targets", "targets": ["frog", "shutter"], "repetitions": 1}]}"#
        let error = #expect(throws: ProtocolError.self) { try check(json) }
        #expect(error?.field == "conditions[0].targets[1]")
        #expect(error?.description.contains("role 'effect', not 'target'") == true)
    }

    @Test func oneSoundIsNeverBothTargetAndBackgroundOfARound() {
        let json = #"""
            {"name": "r", "conditions": [{"level": "two-targets-background", "targets": ["frog", "bluejay"],
             "background_sound": "frog", "repetitions": 1}]}
            """#
        let error = #expect(throws: ProtocolError.self) { try check(json) }
        #expect(error?.field == "conditions[0].targets[0]")
        #expect(error?.description.contains("both a target and the background") == true)
    }

    @Test func aTargetAsBackgroundIsRefused() {
        let json = #"""
            {"name": "r", "conditions": [{"level": "two-targets-background", "background_sound": "shutter", "repetitions": 1}]}
            """#
        let error = #expect(throws: ProtocolError.self) { try check(json) }
        #expect(error?.field == "conditions[0].background_sound")
    }

    @Test func theShippedRolesPassTheCheck() throws {
        try check(#"{"name": "r", "conditions": [{"level": "two-targets-background", "repetitions": 1}]}"#)
    }
}
