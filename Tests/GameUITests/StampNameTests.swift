// The window's name for a recorded animal: its stamp's .txt where Debian installs it, in the run's language.
import Foundation
import GameCore
import Localization
import Testing

@testable import GameUI

@Suite struct StampNameTests {
    @Test("A recorded call is named from its stamp: English in English sentences, German from de.utf8")
    func aRecordedCallIsNamedFromItsStamp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-names-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "A colorful rooster.\nde.utf8=Ein bunter Hahn.\n".write(
            to: folder.appendingPathComponent("rooster.txt"), atomically: true, encoding: .utf8)
        // A name no other test draws, so the shared lookup it sets cannot change another test's picture.
        Stamps.reset(recordings: ["test_rooster": folder.appendingPathComponent("rooster.ogg")])
        defer { Stamps.reset(recordings: nil) }
        #expect(Stamps.name(of: "test_rooster", language: .german) == "Bunter Hahn")
        #expect(Stamps.name(of: "test_rooster", language: .english) == "colorful rooster")
        #expect(Stamps.name(of: "frog", language: .german) == nil, "the synthesised frog has no stamp")
        // The tests run in English: the sentence takes the stamp's English name, not the catalog's display name.
        #expect(GameWording.animal("test_rooster", displayName: "Rooster") == "colorful rooster")
        #expect(
            GameWording.instruction(
                state: .searching(TrialKey(round: 1, targetIndex: 1)), kind: .twoTargets, target: 1,
                names: ["frog", "colorful rooster"]) == "Now photograph the colorful rooster.")
        // A sound without a stamp keeps the catalog's name.
        #expect(GameWording.animal("pond_ambience", displayName: "pond ambience") == "pond ambience")
    }
}
