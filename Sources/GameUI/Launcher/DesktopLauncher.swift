// The desktop launcher: a .desktop entry and an icon, so a patient opens SoundSafari without a terminal.
import CSDL2
import Foundation
import SpatialAudio
import TidyFormats

/// Writes `applications/soundsafari.desktop` and `icons/hicolor/256x256/apps/soundsafari.png` under the user's
/// data folder (`XDGDataHome`), the places desktop environments look for user applications (freedesktop.org
/// Desktop Entry and Icon Theme specifications). The entry starts the window's main menu on the given logs
/// folder, where the patient picks their name (← → cycles the registered IDs) and presses "Train (my plan)".
package enum DesktopLauncher {
    package struct Installed: Equatable {
        package let desktopFile: URL
        package let icon: URL
    }

    package static func install(dataHome: URL, executable: String, logs: URL) throws -> Installed {
        let applications = dataHome.appendingPathComponent("applications", isDirectory: true)
        let icons = dataHome.appendingPathComponent("icons/hicolor/256x256/apps", isDirectory: true)
        let desktopFile = applications.appendingPathComponent("soundsafari.desktop")
        let icon = icons.appendingPathComponent("soundsafari.png")
        do {
            for folder in [applications, icons] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try AtomicFile.replace(icon, with: Data(try drawIcon().pngBytes(for: icon.path)))
            try AtomicFile.replace(desktopFile, with: Data(entry(executable: executable, logs: logs).utf8))
        } catch let error as ResultPictureError {
            throw LauncherError(path: icon.path, reason: "\(error)")
        } catch {
            throw LauncherError(path: desktopFile.path, reason: error.localizedDescription)
        }
        return Installed(desktopFile: desktopFile, icon: icon)
    }

    /// The entry's text. `Exec` runs the window on the logs folder (an absolute path), beginning with the name picker.
    package static func entry(executable: String, logs: URL) -> String {
        let command = [executable, "play", "--pick-participant", "--logs", logs.standardizedFileURL.path].map(
            execArgument)
        return """
            [Desktop Entry]
            Type=Application
            Version=1.0
            Name=SoundSafari
            GenericName=Hearing training game
            Comment=Find the animal by ear and take its photo: your training
            Exec=\(command.joined(separator: " "))
            Icon=soundsafari
            Terminal=false
            Categories=Game;Education;MedicalSoftware;
            Keywords=tinnitus;hearing;training;

            """
    }

    /// One argument of `Exec` (Desktop Entry specification, "The Exec key"): quoted when it holds a space or a
    /// reserved character, with `"`, `` ` ``, `$` and `\` escaped inside the quotes; `%` is doubled (field codes),
    /// and the backslashes of the escapes are themselves escaped, as every string value's are.
    static func execArgument(_ argument: String) -> String {
        let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
        let percent = argument.replacingOccurrences(of: "%", with: "%%")
        guard percent.contains(where: { reserved.contains($0) }) else { return percent }
        var quoted = ""
        for character in percent {
            if "\"`$\\".contains(character) { quoted += "\\\\" }
            quoted.append(character)
        }
        return "\"" + quoted + "\""
    }

    /// The frog of the result pictures on a rounded green tile, 256 × 256.
    static func drawIcon() throws -> SDLSurface {
        let surface = try SDLSurface(width: 256, height: 256)
        let tile = SDL_Color(r: 40, g: 85, b: 50, a: 255)
        let sky = SDL_Color(r: 150, g: 200, b: 235, a: 255)
        surface.fill(x: 24, y: 0, w: 208, h: 256, tile)
        surface.fill(x: 0, y: 24, w: 256, h: 208, tile)
        for (cx, cy) in [(24, 24), (232, 24), (24, 232), (232, 232)] {
            surface.fillCircle(cx: Int32(cx), cy: Int32(cy), radius: 24, tile)
        }
        surface.fillCircle(cx: 128, cy: 112, radius: 84, sky)
        surface.strokeCircle(cx: 128, cy: 112, radius: 84, thickness: 8, SDL_Color(r: 255, g: 210, b: 63, a: 255))
        AnimalArt.draw("frog", on: surface, cx: 128, cy: 130)
        return surface
    }
}

/// The launcher could not be written.
package struct LauncherError: Error, CustomStringConvertible, LocalizedError {
    let path: String
    let reason: String
    package var description: String {
        "Cannot write the launcher '\(path)' (\(reason)): check that the folder is writable, or point XDG_DATA_HOME at one that is."
    }
    package var errorDescription: String? { description }
}
