// `install-launcher` writes the desktop entry and icon into $XDG_DATA_HOME, never into the real home in tests.
import Foundation
import Testing

@Suite struct InstallLauncherTests {
    @Test func theLauncherOpensTheMenuOnTheLogsFolderAndItsIconIsTheFrog() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("launcher")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let logs = folder.appendingPathComponent("my logs")
        let output = try SoundSafariBinary.run(
            ["install-launcher", "--logs", logs.path], environment: ["XDG_DATA_HOME": data.path])
        #expect(output.status == 0, "\(output.stderr)")
        let entry = try String(
            contentsOf: data.appendingPathComponent("applications/soundsafari.desktop"), encoding: .utf8)
        let lines = entry.split(separator: "\n").map(String.init)
        #expect(lines.first == "[Desktop Entry]")
        for line in ["Type=Application", "Name=SoundSafari", "Icon=soundsafari", "Terminal=false"] {
            #expect(lines.contains(line), "\(entry)")
        }
        // The one entry (packaging/soundsafari/soundsafari.desktop.in) with po/de.po's wording merged in by msgfmt.
        for line in [
            "Name[de]=SoundSafari", "GenericName[de]=Hörtrainingsspiel",
            "Comment[de]=Finden Sie das Tier mit den Ohren und machen Sie sein Foto: Ihr Training",
        ] {
            #expect(lines.contains(line), "\(entry)")
        }
        #expect(lines.filter { $0.hasPrefix("Exec=") }.count == 1, "one Exec line: \(entry)")
        // The program's absolute path, then the name picker on the logs folder (quoted: its name has a space).
        let exec = try #require(lines.first { $0.hasPrefix("Exec=") })
        #expect(exec.hasPrefix("Exec=/"), "\(exec)")
        #expect(exec.hasSuffix(#" play --pick-participant --logs "\#(logs.path)""#), "\(exec)")
        let icon = try PNGPixels(
            contentsOf: data.appendingPathComponent("icons/hicolor/256x256/apps/soundsafari.png"))
        #expect(icon.width == 256 && icon.height == 256)
        #expect(icon.count((90, 190, 70), x: 0..<256, y: 0..<256, tolerance: 2) > 2000, "the frog's green")
        #expect(output.stdout.contains(data.path), "the terminal names where it went: \(output.stdout)")
    }

    /// Issue 38, item 13: the help named ← → for the launcher's name picker, which is stepped with ↑ ↓.
    @Test func theHelpNamesThePickersKeys() throws {
        let help = try SoundSafariBinary.run(["install-launcher", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("their ID with ↑ ↓"), "\(help.stdout)")
        #expect(!text.contains("← →"), "\(help.stdout)")
    }
}
