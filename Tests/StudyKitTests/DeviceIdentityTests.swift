// The machine's device_id: drawn once per config folder, kept owner-only, the same for processes started at once.
import Foundation
import Synchronization
import Testing

@testable import StudyKit

struct DeviceIdentityTests {
    @Test func oneConfigFolderKeepsOneIdentifierAndTwoFoldersAreTwoMachines() throws {
        let a = try TemporaryFolder()
        let b = try TemporaryFolder()
        let first = try DeviceIdentity.current(environment: ["XDG_CONFIG_HOME": a.url.path])
        #expect(try DeviceIdentity.current(environment: ["XDG_CONFIG_HOME": a.url.path]) == first)
        #expect(try DeviceIdentity.current(environment: ["XDG_CONFIG_HOME": b.url.path]) != first)
        let file = DeviceIdentity.url(environment: ["XDG_CONFIG_HOME": a.url.path])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func manyStartsAtOnceAgreeOnOneIdentifier() throws {
        let folder = try TemporaryFolder()
        let environment = ["XDG_CONFIG_HOME": folder.url.path]
        let ids = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let id = (try? DeviceIdentity.current(environment: environment)) ?? "failed"
            ids.withLock { $0.append(id) }
        }
        #expect(Set(ids.withLock { $0 }).count == 1)
        #expect(!ids.withLock { $0 }.contains("failed"))
    }

    @Test func aDamagedIdentifierFileIsNamedNeverReplaced() throws {
        let folder = try TemporaryFolder()
        let environment = ["XDG_CONFIG_HOME": folder.url.path]
        let file = DeviceIdentity.url(environment: environment)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "not an id; rm -rf\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: StudyFileError.damagedDeviceID(path: file.path)) {
            try DeviceIdentity.current(environment: environment)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not an id; rm -rf\n")
    }
}
