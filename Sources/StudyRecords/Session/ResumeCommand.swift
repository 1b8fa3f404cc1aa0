// The command line that continues an unfinished session: what the window tells the terminal and `status` lists.
import Foundation
import GameCore

/// How a session was started, which decides the command that continues it.
public enum SessionKind: Sendable, Equatable {
    /// `play --mode M` (a built-in mode is stored as a protocol named after its one level).
    case play
    /// `study --protocol FILE`; the file's path when known (session.json stores the protocol, not its path).
    case study(protocolFile: String?)
    /// `train` (a training-plan session; `--resume` refuses it, `train` continues it by itself).
    case training
    /// `simulate` (a bot played it).
    case simulation
    /// `rate` (a reminder's questionnaire: answering again is the way back).
    case prompt

    /// The kind of a stored session, as far as session.json tells it.
    public static func of(_ record: SessionRecord) -> SessionKind {
        if record.plan != nil { return .training }
        if record.environment.input.hasPrefix("bot-") { return .simulation }
        let resolved = record.resolvedProtocol
        if resolved.conditions.count == 1, resolved.conditions[0].level.rawValue == resolved.name,
            resolved.conditions[0].name == resolved.name
        {
            return .play
        }
        return .study(protocolFile: nil)
    }
}

public enum ResumeCommand {
    /// The command that continues `participant`'s newest unfinished session of `kind` in `logs`. A study whose
    /// protocol file is unknown names it `FILE.json`, and `protocolName` says which protocol that is.
    public static func text(_ kind: SessionKind, participant: String, logs: String, protocolName: String? = nil)
        -> String
    {
        let logs = shellWord(logs)
        switch kind {
        case .play:
            return "soundsafari play --participant \(participant) --logs \(logs) --resume"
        case .study(let file):
            let command =
                "soundsafari study --protocol \(shellWord(file ?? "FILE.json")) --participant \(participant) "
                + "--logs \(logs) --resume"
            guard file == nil else { return command }
            return command + " (FILE.json: the protocol file of '\(protocolName ?? "?")')"
        case .prompt:
            return "soundsafari rate --participant \(participant) --logs \(logs)"
        case .training:
            return "soundsafari train --participant \(participant) --logs \(logs)"
        case .simulation:
            return "soundsafari simulate --participant \(participant) --logs \(logs) --resume"
        }
    }

    /// A path as one shell word (quoted when it holds anything but safe characters).
    public static func shellWord(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+:=@%,")
        if !text.isEmpty, text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
