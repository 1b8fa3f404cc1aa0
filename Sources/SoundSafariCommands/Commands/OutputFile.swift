// The rule for files a command writes on request (`render --out`): no silent replacement, never a log.
import ArgumentParser
import Foundation
import StudyKit
import StudyRecords

enum OutputFile {
    /// Refuses a path that holds a file already (unless `force`) and, always, a study log.
    static func check(_ path: String, option: String, force: Bool) throws {
        let url = URL(fileURLWithPath: path)
        if LogFileNames.isLog(url) {
            throw ValidationError(
                "\(option) \(path) is a study log, lies in a logs, participant or session folder, or links to one; logs are never written over — choose another file."
            )
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            throw ValidationError("\(option) \(path) is a folder; give the path of a file to write.")
        }
        if !force {
            throw ValidationError(
                "\(option) \(path) already exists; choose another name, or add --force to replace it.")
        }
    }
}
