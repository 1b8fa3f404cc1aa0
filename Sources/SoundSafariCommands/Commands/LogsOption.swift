// `--logs DIR` of every command: an empty value is refused (it wrote the session into the current folder).
import ArgumentParser

enum LogsOption {
    /// The `transform` of each `--logs` option: the folder as given, or an error naming the option.
    static func parse(_ text: String) throws -> String {
        guard !text.isEmpty else {
            throw ValidationError(
                "--logs is empty; give the folder for the study logs (leave --logs out for StudyLogs).")
        }
        return text
    }
}
