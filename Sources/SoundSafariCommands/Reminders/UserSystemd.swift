// The per-user systemd the reminders are installed into: the unit folder and `systemctl --user`.
import Foundation
import StudyKit
import StudyRecords
import TidyFormats

/// Where user units live (`$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`: a test points
/// XDG_CONFIG_HOME at a temporary folder) and how `systemctl --user` is run (found on PATH).
struct UserSystemd {
    let configHome: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        configHome = ConfigHome.url(environment: environment)
    }

    var unitFolder: URL { configHome.appendingPathComponent("systemd/user") }

    func settingsURL(_ participant: ParticipantID) -> URL {
        ReminderSettings.url(configHome: configHome, participant: participant)
    }

    /// The participant's installed unit files, by name.
    func installedUnits(_ participant: ParticipantID) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: unitFolder.path)) ?? []
        return names.filter { $0.hasPrefix(ReminderUnits.prefix(for: participant)) }.sorted()
    }

    /// Writes the units (replacing the participant's earlier ones, which are removed first).
    func install(_ units: ReminderUnits, participant: ParticipantID) throws {
        // Owner-only, like the logs: the unit names and command lines name the participant and the logs folder.
        try OwnerOnlyFolder.createWithParents(unitFolder)
        for name in installedUnits(participant) {
            try FileManager.default.removeItem(at: unitFolder.appendingPathComponent(name))
        }
        for file in units.files {
            let url = unitFolder.appendingPathComponent(file.name)
            do { try AtomicFile.replace(url, with: Data(file.text.utf8)) } catch {
                throw ReminderError(
                    flag: url.path, problem: "cannot be written (\(error)); check the folder's permissions")
            }
        }
    }

    /// Runs `systemctl --user ARGS`; a failure is a sentence saying what to run once a desktop session is up.
    func systemctl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["systemctl", "--user"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw ReminderError(
                flag: "systemctl", problem: "cannot be started (\(error)); reminders need systemd's per-user manager")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw ReminderError(
                flag: "systemctl --user \(arguments.joined(separator: " "))",
                problem:
                    "failed (\(said.isEmpty ? "status \(process.terminationStatus)" : said)); the unit files are in \(unitFolder.path): run this command again inside your desktop session, where systemd's user manager runs"
            )
        }
    }

    /// The absolute path of the running `soundsafari`, which the services run.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }
}
