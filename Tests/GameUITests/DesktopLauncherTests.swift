// The desktop entry comes from the one template with its translations merged (scripts/po.sh compile); without it,
// one sentence.
import Foundation
import Testing

@testable import GameUI

@Suite struct DesktopLauncherTests {
    @Test func withoutTheMergedEntryTheLauncherSaysWhereItLookedAndToBuildFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)")
        let nowhere = [folder.appendingPathComponent("locale/soundsafari.desktop")]
        #expect {
            try DesktopLauncher.mergedTemplate(candidates: nowhere)
        } throws: { error in
            "\(error)".contains(nowhere[0].path) && "\(error)".contains("run make build")
        }
    }

    @Test func theExecLineIsReplacedAndEveryTranslatedLineKept() {
        let template = """
            [Desktop Entry]
            Name[de]=SoundSafari
            Name=SoundSafari
            Comment[de]=Ihr Training
            Comment=Your training
            Exec=soundsafari play --pick-participant

            """
        let entry = DesktopLauncher.entry(
            template: template, executable: "/opt/sound safari/soundsafari", logs: URL(fileURLWithPath: "/logs"))
        #expect(
            entry == """
                [Desktop Entry]
                Name[de]=SoundSafari
                Name=SoundSafari
                Comment[de]=Ihr Training
                Comment=Your training
                Exec="/opt/sound safari/soundsafari" play --pick-participant --logs /logs

                """)
    }
}
