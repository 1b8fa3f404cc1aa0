// The main menu's About: what is stored and sent (the dashboard's /about says the same), then the credits of every
// sound, picture, HRTF set and font, read from the installed copyright files, in English and German, fitting 1280 × 720.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowAboutTests {
        @Test func aboutListsEverySourceWithItsLicenceAndGoesBackToTheMenu() async throws {
            let window = try WindowSession(name: "window-about")
            let catalogs = try LocalizedCommandTests.compiledCatalogs()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            // Up from the participant's row wraps to the language row; About is the row above it.
            let script = [
                // Four pages at 1280 × 720 in English and German: the notice on two, the credits on two.
                "wait menu", "key Up", "key Up", "key Return", "wait about", "shot privacy", "key Return", "wait next",
                "shot privacy-2", "key Return", "wait next", "shot credits", "key Return", "wait next",
                "shot credits-2",
                "key Return", "wait menu", "key Escape",
            ]
            let english = try await window.run(["play", "--input", "keyboard"], script: script, windowSize: "1280x720")
            #expect(english.status == 0, "stderr: \(english.stderr)")
            let german = try await window.run(
                ["play", "--input", "keyboard", "--language", "de"],
                script: script.map { $0.hasPrefix("shot ") ? $0 + "-de" : $0 },
                windowSize: "1280x720", environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path])
            #expect(german.status == 0, "stderr: \(german.stderr)")

            let privacy = try window.screenText("privacy") + window.screenText("privacy-2")
            for said in [
                "About SoundSafari", "Page 1 of 4", "What is stored, and where", "What is sent to the study's server",
                "• your messages to the study team and their answers (messages.csv)", "What is never sent",
                "Enter, Space, click or gamepad A: next page · Esc: back to the menu",
            ] {
                #expect(privacy.contains(said), "“\(said)” in \(privacy)")
            }
            let about = try window.screenText("credits") + window.screenText("credits-2")
            #expect(about.contains("Page 4 of 4"), "\(about)")
            for said in [
                "About SoundSafari", "Recorded animal calls and pictures",
                "Frog, Blue jay, Pond at dusk, Camera shutter, Farmyard in the wind, Forest in a breeze, Surf on a beach, "
                    + "Savannah wind: made by SoundSafari (soundsafari make-sounds); licence CC0-1.0",
                "Measured HRTF sets", "ari-nh2, ari-nh898: Acoustics Research Institute", "licence CC-BY-SA-3.0",
                "mit-kemar-large: 1994 MIT Media Laboratory", "Fonts",
            ] {
                #expect(about.contains(said), "“\(said)” in \(about)")
            }
            // What the machine has installed is what the screen says (Debian's own copyright files).
            let installed = { (package: String) in
                FileManager.default.fileExists(atPath: "/usr/share/doc/\(package)/copyright")
            }
            #expect(
                about.contains("tuxpaint-stamps (Debian package tuxpaint-stamps-default)")
                    == installed("tuxpaint-stamps-default"), "\(about)")
            #expect(about.contains("DejaVu fonts (Debian package fonts-dejavu-core)") == installed("fonts-dejavu-core"))
            #expect(try window.screenText("privacy-2-de").contains("Was nie gesendet wird"))
            let deutsch = try window.screenText("credits-de") + window.screenText("credits-2-de")
            #expect(deutsch.contains("Über SoundSafari") && deutsch.contains("Gemessene HRTF-Sets"), "\(deutsch)")
            #expect(deutsch.contains("Lizenz CC-BY-SA-3.0") && !deutsch.contains("licence"), "\(deutsch)")
            #expect(
                deutsch.contains("(Debian-Paket fonts-dejavu-core)") == installed("fonts-dejavu-core"), "\(deutsch)")
            let problems = try PseudoScreens.problems(in: window.screenshots, marked: false)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
