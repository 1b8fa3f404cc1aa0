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
        let template = try mergedTemplate(executable: URL(fileURLWithPath: executable))
        let applications = dataHome.appendingPathComponent("applications", isDirectory: true)
        let icons = dataHome.appendingPathComponent("icons/hicolor/256x256/apps", isDirectory: true)
        let desktopFile = applications.appendingPathComponent("soundsafari.desktop")
        let icon = icons.appendingPathComponent("soundsafari.png")
        do {
            for folder in [applications, icons] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try AtomicFile.replace(icon, with: Data(try drawIcon().pngBytes(for: icon.path)))
            try AtomicFile.replace(
                desktopFile, with: Data(entry(template: template, executable: executable, logs: logs).utf8))
        } catch let error as ResultPictureError {
            throw LauncherError.cannotWrite(path: icon.path, reason: "\(error)")
        } catch {
            throw LauncherError.cannotWrite(path: desktopFile.path, reason: error.localizedDescription)
        }
        return Installed(desktopFile: desktopFile, icon: icon)
    }

    /// Where the one desktop entry is found with its translations merged in (`scripts/po.sh compile` makes it from
    /// `packaging/soundsafari/soundsafari.desktop.in` and `po/*.po`): a build's `locale/` beside the program, a
    /// prefix install's `share/applications`, then the Debian package's.
    package static func templateCandidates(executable: URL) -> [URL] {
        let bin = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            bin.appendingPathComponent("locale/soundsafari.desktop"),
            bin.deletingLastPathComponent().appendingPathComponent("share/applications/soundsafari.desktop"),
            URL(fileURLWithPath: "/usr/share/applications/soundsafari.desktop"),
        ]
    }

    static func mergedTemplate(executable: URL) throws -> String {
        try mergedTemplate(candidates: templateCandidates(executable: executable))
    }

    package static func mergedTemplate(candidates: [URL]) throws -> String {
        for candidate in candidates {
            if let text = try? String(contentsOf: candidate, encoding: .utf8) { return text }
        }
        throw LauncherError.noTemplate(searched: candidates.map(\.path))
    }

    /// The entry's text: the merged template (every language's `Name[xx]`, `Comment[xx]`…) with its `Exec` line
    /// running the window on the logs folder (an absolute path), beginning with the name picker.
    package static func entry(template: String, executable: String, logs: URL) -> String {
        let command = [executable, "play", "--pick-participant", "--logs", logs.standardizedFileURL.path].map(
            execArgument)
        let lines = template.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Exec=") ? "Exec=" + command.joined(separator: " ") : String(line)
        }
        return lines.joined(separator: "\n")
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

/// The launcher could not be written, or the desktop entry to write is not installed.
package enum LauncherError: Error, CustomStringConvertible, LocalizedError {
    case cannotWrite(path: String, reason: String)
    case noTemplate(searched: [String])

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "Cannot write the launcher '\(path)' (\(reason)): check that the folder is writable, or point XDG_DATA_HOME at one that is."
        case .noTemplate(let searched):
            "The desktop entry with its translations (soundsafari.desktop) is in none of \(searched.joined(separator: ", ")): run make build, which makes it beside the program, then install-launcher again."
        }
    }
    package var errorDescription: String? { description }
}
