// `soundsafari install-launcher`: the desktop entry and icon, so SoundSafari opens from the applications menu.
import ArgumentParser
import Foundation
import GameUI
import SpatialAudio

struct InstallLauncherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-launcher",
        abstract: "Put SoundSafari into the desktop's applications menu (a .desktop entry and an icon).",
        discussion: """
            Writes $XDG_DATA_HOME/applications/soundsafari.desktop and \
            $XDG_DATA_HOME/icons/hicolor/256x256/apps/soundsafari.png (XDG_DATA_HOME defaults to ~/.local/share). \
            The launcher opens the main menu on the logs folder given here (as an absolute path): the patient picks \
            their ID with ↑ ↓ and chooses "Train (my plan)", without a terminal. Run it again after moving the \
            program or the logs.
            """)

    @Option(help: "Folder for the study logs the launcher opens.") var logs = "StudyLogs"

    func run() throws {
        let logsFolder = URL(
            fileURLWithPath: logs, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let installed = try DesktopLauncher.install(
            dataHome: XDGDataHome.folder(), executable: UserSystemd.executablePath, logs: logsFolder)
        print("Launcher: \(installed.desktopFile.path)")
        print("Icon: \(installed.icon.path)")
        print("It opens the main menu on \(logsFolder.standardizedFileURL.path).")
    }
}
