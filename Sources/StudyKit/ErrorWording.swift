// The sentences of errors made where there are no catalogs (TidyFormats), worded in the run's language.
import Foundation
import Localization
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// TidyFormats reads and writes files for the game, the analyzer and the server and has no catalogs
/// (docs/ARCHITECTURE.md): its errors carry their facts (a path, what the path is, the errno) and say them in
/// English for a log or a researcher. What a patient reads — the error screen, the terminal's "Fehler: …" — is worded
/// here from the same facts, in the run's language (`Translation`). In English the words are TidyFormats' own.
public enum ErrorWording {
    /// `error`'s sentence in the run's language, if it is an error this words; nil for any other (its own words
    /// stand: the targets that may translate do so in their `description`).
    public static func sentence(for error: any Error) -> String? {
        switch error {
        case let error as NotARegularFileError: notARegularFile(error)
        case let error as AtomicFileError: notWritten(error)
        case let error as CSVReadError: csv(error)
        default: nil
        }
    }

    static func notARegularFile(_ error: NotARegularFileError) -> String {
        let values = ["path": error.path]
        // One sentence per kind, so a translation can inflect "folder", "device"… as its grammar needs.
        return switch error.kind {
        case .folder:
            Translation.gettext(
                "{path} is a folder, not a regular file; give the path of the file itself (nothing was read from it).",
                values)
        case .fifo:
            Translation.gettext(
                "{path} is a FIFO (named pipe), not a regular file; give the path of the file itself (nothing was read from it).",
                values)
        case .characterDevice:
            Translation.gettext(
                "{path} is a character device, not a regular file; give the path of the file itself (nothing was read from it).",
                values)
        case .blockDevice:
            Translation.gettext(
                "{path} is a block device, not a regular file; give the path of the file itself (nothing was read from it).",
                values)
        case .socket:
            Translation.gettext(
                "{path} is a socket, not a regular file; give the path of the file itself (nothing was read from it).",
                values)
        case .other:
            Translation.gettext(
                "{path} is not a regular file; give the path of the file itself (nothing was read from it).",
                values)
        }
    }

    static func notWritten(_ error: AtomicFileError) -> String {
        switch error {
        case .alreadyExists(let path):
            return Translation.gettext(
                "{path} already exists and is never overwritten; choose another folder.", ["path": path])
        case .notWritten(let path, let code):
            switch code {
            case ENOSPC, EDQUOT:
                return Translation.gettext(
                    "Cannot write {path}: the disk is full (no space left); nothing was changed — free some space or fix the folder's permissions, then run the command again.",
                    ["path": path])
            default:
                // The system's reason is glibc's English (the catalogs hold SoundSafari's sentences only).
                return Translation.gettext(
                    "Cannot write {path}: {reason}; nothing was changed — free some space or fix the folder's permissions, then run the command again.",
                    ["path": path, "reason": error.reason])
            }
        }
    }

    /// The CSV errors whose every word is TidyFormats' own; a row's problem is its reader's text (English), so
    /// those keep their description.
    static func csv(_ error: CSVReadError) -> String? {
        switch error {
        case .unreadable(let file, let reason):
            return Translation.gettext(
                "{file}: cannot open the file ({reason}); check the path.", ["file": file, "reason": reason])
        case .empty(let file):
            return Translation.gettext(
                "{file}: the file is empty; expected a header row naming the columns.", ["file": file])
        case .missingColumn(let file, let line, let column, let header):
            let values = [
                "file": file, "line": String(line), "column": column, "header": header.joined(separator: ", "),
            ]
            guard let guess = CSVReadError.closest(to: column, in: header) else {
                return Translation.gettext(
                    "{file}:{line}: no column named '{column}'; the header has: {header}.", values)
            }
            return Translation.gettext(
                "{file}:{line}: no column named '{column}'; did you mean '{guess}'? the header has: {header}.",
                values.merging(["guess": guess]) { a, _ in a })
        case .malformed, .invalidRow:
            return nil
        }
    }
}
