// `soundsafari simulate`: a whole session played by a bot with no window and no audio device.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import SessionRuntime
import StudyKit

extension BotKind: ExpressibleByArgument {}

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play a session with a bot, headless, and write exactly the files a real session writes.",
        discussion: """
            The bot hears the binaural audio rendered offline by the game's engine (the listener bot) or reads the \
            true bearings (ideal, noisy). Time is virtual unless --realtime is given, so sessions run in seconds.
            """)

    @Option(
        help:
            "Built-in mode: one-target, two-targets, two-targets-background or one-target-background (default: one-target)."
    )
    var mode: String?

    @Option(name: .customLong("protocol"), help: "A protocol file (JSON) instead of --mode.")
    var protocolFile: String?

    @Option(parsing: .unconditional, help: "Rounds to play in a built-in mode (1-30, as in play).")
    var rounds: Int = 3

    @Option(help: "Pseudonymous participant ID (no real names).")
    var participant: String = "SIM01"

    @Option(
        help: "Who plays: ideal (reads the true bearing), noisy (seeded aim error), listener (hears only the audio).")
    var bot: BotKind = .ideal

    @Option(help: "Session seed: the same seed gives the same bearings and bot behaviour.")
    var seed: UInt64?

    @Option(help: "Folder for the study logs.")
    var logs: String = "StudyLogs"

    @Flag(help: "Run on the real clock (60 Hz in real time) instead of the virtual one.")
    var realtime = false

    @Flag(help: "Continue the participant's latest incomplete session at the first target not yet logged.")
    var resume = false

    @Flag(
        help:
            "Ask the tinnitus questionnaire before and after the rounds and answer it with a bot (plausible values, some skipped) into ratings.csv."
    )
    var answerRatings = false

    @Option(help: "OpenAL Soft HRTF to render with (default: OpenAL's default).")
    var hrtf: String?

    @Option(help: "Folder holding sounds.json (default: found from the executable or the current folder).")
    var sounds: String?

    func validate() throws {
        if mode != nil, protocolFile != nil { throw ValidationError("Give either --mode or --protocol, not both.") }
        if let mode, LevelKind(rawValue: mode) == nil {
            let known = LevelKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("Unknown mode '\(mode)'; use one of: \(known).")
        }
        guard StudyProtocol.builtInRounds.contains(rounds) else {
            let range = StudyProtocol.builtInRounds
            throw ValidationError(
                "--rounds \(rounds) is out of range: use \(range.lowerBound) to \(range.upperBound), as in play "
                    + "(for more, write a protocol file with repetitions and use --protocol).")
        }
        if resume, mode != nil || protocolFile != nil {
            throw ValidationError(
                "--resume continues the protocol the session started with; leave out --mode and --protocol.")
        }
    }

    func run() throws {
        let source: SessionSource
        if let protocolFile {
            source = .protocolFile(URL(fileURLWithPath: protocolFile))
        } else {
            source = .mode(LevelKind(rawValue: mode ?? LevelKind.oneTarget.rawValue) ?? .oneTarget, rounds: rounds)
        }
        let request = SessionRequest(
            source: source, participant: participant,
            seed: seed, resume: resume, input: bot.device, ratings: answerRatings)
        InterruptSignals.install()
        try InterruptedExit.run {
            let outcome = try Simulation(
                request: request, store: FileSessionStore(logs: URL(fileURLWithPath: logs)), bot: bot,
                realtime: realtime, hrtfName: hrtf, soundsFolder: sounds, pictures: ResultPictureFiles()
            ).run()
            if let warning = outcome.repeatWarning { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
            print(Self.summary(outcome))
        }
    }

    static func summary(_ outcome: Simulation.Outcome) -> String {
        let trials = outcome.trials
        var lines = ["Session folder: \(outcome.folder.path)"]
        lines.append(
            "Rows logged this run: \(trials.count); session \(outcome.completed ? "completed" : "not completed").")
        if !trials.isEmpty {
            let deviations = trials.map(\.absDeviationDeg).sorted()
            let median =
                deviations.count % 2 == 1
                ? deviations[deviations.count / 2]
                : (deviations[deviations.count / 2 - 1] + deviations[deviations.count / 2]) / 2
            let mean = deviations.reduce(0, +) / Double(deviations.count)
            let time = trials.map(\.timeSeconds).reduce(0, +) / Double(trials.count)
            let confusions = trials.filter(\.frontBackConfusion).count
            lines.append(
                String(
                    format:
                        "Abs deviation: median %.2f°, mean %.2f°, max %.2f°; mean time %.2f s; front-back confusions: %d.",
                    median, mean, deviations.last ?? 0, time, confusions))
        }
        return lines.joined(separator: "\n")
    }
}
