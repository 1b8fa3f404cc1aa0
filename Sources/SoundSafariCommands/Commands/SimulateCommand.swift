// `soundsafari simulate`: a whole session played by a bot with no window and no audio device.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

extension BotKind: ExpressibleByArgument {}

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play a session with a bot, headless, and write exactly the files a real session writes.",
        discussion: """
            The bot hears the binaural audio rendered offline by the game engine (the listener bot) or reads the \
            true bearings (ideal, noisy). Time is virtual unless --realtime is given, so sessions run in seconds.
            """)

    @Option(
        help:
            "Built-in mode: one-target, two-targets, two-targets-background or one-target-background (default: one-target)."
    )
    var mode: String?

    @Option(name: .customLong("protocol"), help: "A protocol file (JSON) instead of --mode.")
    var protocolFile: String?

    @Option(help: "A training plan (JSON): play the participant's next plan sessions (assigned first if new).")
    var plan: String?

    @Option(help: "With --plan: how many plan sessions to play one after the other (the calendar is ignored).")
    var sessions: Int?

    @Option(parsing: .unconditional, help: "Rounds to play in a built-in mode (1-30, as in play; default 3).")
    var rounds: Int?

    @Option(help: "Pseudonymous participant ID (no real names).")
    var participant: String = "SIM01"

    @Option(
        help:
            "Who plays: ideal (reads the true bearing), noisy (seeded aim error), listener (hears only the audio), learner (aim error shrinking over sessions)."
    )
    var bot: BotKind = .ideal

    @Option(
        name: .customLong("reaction-s"),
        help: "Ideal bot only: photograph this many seconds after each target's first audible sample (0 < S ≤ 60).")
    var reactionSeconds: Double?

    @Option(help: "Session seed: the same seed gives the same bearings and bot behaviour.")
    var seed: UInt64?

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    @Flag(help: "Run on the real clock (60 Hz in real time) instead of the virtual one.")
    var realtime = false

    @Flag(
        help:
            "Continue the participant's latest incomplete session at the first target not yet logged (a training-plan session continues with --plan instead)."
    )
    var resume = false

    @Flag(
        help:
            "Ask the tinnitus questionnaire before and after the rounds and answer it with a bot (plausible values, some skipped) into ratings.csv; with --plan, the plan's questionnaires too (into questionnaires.csv)."
    )
    var answerRatings = false

    @Option(help: "OpenAL Soft HRTF to render with (default: OpenAL's default).")
    var hrtf: String?

    @Option(help: "Folder holding sounds.json (default: found from the executable or the current folder).")
    var sounds: String?

    /// The lines a participant reads (the session's summary, the plan's standing, points, scenes) are in the
    /// language `train` would choose for them.
    @OptionGroup var language: LanguageOption

    func validate() throws {
        if mode != nil, protocolFile != nil { throw ValidationError("Give either --mode or --protocol, not both.") }
        if let mode, LevelKind(rawValue: mode) == nil {
            let known = LevelKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("Unknown mode '\(mode)'; use one of: \(known).")
        }
        if rounds != nil, plan != nil || protocolFile != nil {
            // A plan or protocol sets its own rounds: the flag would be ignored without a word.
            throw ValidationError(
                "--rounds sets the rounds of a built-in --mode; a \(plan != nil ? "plan" : "protocol") sets its own, so leave --rounds out."
            )
        }
        let rounds = self.rounds ?? 3
        guard StudyProtocol.builtInRounds.contains(rounds) else {
            let range = StudyProtocol.builtInRounds
            throw ValidationError(
                "--rounds \(rounds) is out of range: use \(range.lowerBound) to \(range.upperBound), as in play "
                    + "(for more, write a protocol file with repetitions and use --protocol).")
        }
        if let reactionSeconds {
            if bot != .ideal {
                throw ValidationError("--reaction-s times the ideal bot; leave it out with --bot \(bot).")
            }
            if !(reactionSeconds > 0 && reactionSeconds <= 60) {
                throw ValidationError(
                    "--reaction-s must be more than 0 and at most 60 seconds (got \(reactionSeconds)).")
            }
        }
        if plan != nil, mode != nil || protocolFile != nil || resume {
            throw ValidationError(
                "--plan plays the plan's own protocol and continues an interrupted plan session by itself; leave out --mode, --protocol and --resume."
            )
        }
        if let sessions {
            guard plan != nil else { throw ValidationError("--sessions counts plan sessions; give --plan FILE too.") }
            guard sessions >= 1 else { throw ValidationError("--sessions must be at least 1 (got \(sessions)).") }
        }
        if resume, mode != nil || protocolFile != nil {
            throw ValidationError(
                "--resume continues the protocol the session started with; leave out --mode and --protocol.")
        }
    }

    func run() throws {
        try language.activate(logs: URL(fileURLWithPath: logs), participant: participant)
        if let plan {
            try runPlan(URL(fileURLWithPath: plan))
            return
        }
        let source: SessionSource
        if let protocolFile {
            source = .protocolFile(URL(fileURLWithPath: protocolFile))
        } else {
            source = .mode(
                LevelKind(rawValue: mode ?? LevelKind.oneTarget.rawValue) ?? .oneTarget, rounds: rounds ?? 3)
        }
        let request = SessionRequest(
            source: source, participant: participant,
            seed: seed, resume: resume, input: bot.device, ratings: answerRatings)
        InterruptSignals.install()
        try InterruptedExit.run {
            let outcome = try Simulation(
                request: request, store: FileSessionStore(logs: URL(fileURLWithPath: logs)), bot: bot,
                realtime: realtime, hrtfName: hrtf, soundsFolder: sounds, pictures: ResultPictureFiles(),
                reactionSeconds: reactionSeconds
            ).run()
            if let warning = outcome.repeatWarning { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
            print(Self.summary(outcome))
        }
    }

    /// Plays `--sessions` sessions of the plan back to back, each prepared as `train` prepares it.
    private func runPlan(_ planFile: URL) throws {
        let logsFolder = URL(fileURLWithPath: logs)
        // Ctrl-C ends the running plan session as resumable, like a single simulate run.
        InterruptSignals.install()
        // The plan's questionnaires are the bot's too (--answer-ratings), from this machine's instruments.
        let instruments =
            answerRatings ? try QuestionnaireFolders.library(questionnaires: nil, sounds: sounds).all() : []
        let id = try ParticipantID(participant)
        // The synthesised animals standing in for the recorded ones are said once a run, not once a session.
        var saidSafariNotice = false
        try InterruptedExit.run {
            for number in 1...(sessions ?? 1) {
                let start = try TrainingStart.prepare(
                    logs: logsFolder, participant: participant, planFile: number == 1 ? planFile : nil,
                    input: bot.device,
                    seed: seed.map { $0 &+ UInt64(number) }, ignoreCalendar: true, askRatings: answerRatings)
                guard let request = start.request, let planSession = start.schedule.next else {
                    print(start.schedule.summary)
                    return
                }
                let plan = start.schedule.assigned.plan
                let questionnaireSeed = (seed ?? 0) &+ UInt64(number)
                if answerRatings {
                    try PlanQuestionnaireRun.check(plan, library: instruments, needsWording: false)
                    let before = try PlanQuestionnaireRun.answerByBot(
                        plan.questionnaires.before(planSession: planSession), logs: logsFolder, participant: id,
                        library: instruments, seed: questionnaireSeed, at: Date())
                    for sitting in before { print(Self.summary(sitting)) }
                }
                let outcome = try Simulation(
                    request: request, store: FileSessionStore(logs: logsFolder), bot: bot, realtime: realtime,
                    hrtfName: hrtf, soundsFolder: sounds, pictures: ResultPictureFiles(),
                    reactionSeconds: reactionSeconds
                ).run()
                if let notice = outcome.safariNotice, !saidSafariNotice {
                    FileHandle.standardError.write(Data((notice + "\n").utf8))
                    saidSafariNotice = true
                }
                print(Self.summary(outcome))
                if let scene = outcome.scene.flatMap(SafariScene.named), plan.session.scene != nil {
                    print(
                        Translation.gettext(
                            "Scene: {scene} (the plan's own: no scene opens or changes).", ["scene": scene.title]))
                } else if let scene = outcome.scene.flatMap(SafariScene.named) {
                    let safari = try SafariProgress.read(
                        logs: logsFolder, participant: id, assigned: start.schedule.assigned)
                    var line = Translation.gettext("Scene: {scene}.", ["scene": scene.title])
                    if let opened = safari.justOpened {
                        line += " " + Translation.gettext("New scene open: the {scene}!", ["scene": opened.title])
                    }
                    if let next = SafariWording.nextMilestone(safari) { line += " " + next }
                    print(line)
                }
                if answerRatings, outcome.completed || outcome.endedBy == .time,
                    let index = PastSession.all(logs: logsFolder, participant: id).first(where: {
                        $0.sessionID == outcome.folder.lastPathComponent
                    })?.sessionIndex
                {
                    let after = try PlanQuestionnaireRun.answerByBot(
                        plan.questionnaires.after(
                            planSession: planSession, totalSessions: plan.totalSessions, sessionIndex: index),
                        logs: logsFolder, participant: id, library: instruments, seed: questionnaireSeed, at: Date())
                    for sitting in after { print(Self.summary(sitting)) }
                }
                if let staircase = outcome.staircase {
                    let number = { (value: Double) in Translation.language.number(String(format: "%.2f", value)) }
                    print(
                        Translation.ngettext(
                            "Staircase ({parameter}): next value {value}, {count} reversal this session, threshold {threshold}.",
                            "Staircase ({parameter}): next value {value}, {count} reversals this session, threshold {threshold}.",
                            staircase.runReversals.count,
                            [
                                "parameter": start.schedule.assigned.plan.adaptive.parameter.rawValue,
                                "value": number(staircase.value),
                                "threshold": staircase.runThreshold.map(number) ?? Translation.gettext("none yet"),
                            ]))
                }
                let series = try ProgressPicture.write(logs: logsFolder, participant: participant)
                if let comparison = ProgressChart.comparison(series) { print(comparison) }
                let built = try PatientProgress.read(
                    logs: logsFolder, participant: try ParticipantID(participant), assigned: start.schedule.assigned)
                // simulate plays plan sessions at once, whatever the calendar says: a session before its day is early.
                let early =
                    built.keptInARow == 0
                    ? Translation.gettext(" (this one early: simulate ignores the plan's calendar)") : ""
                print(
                    Translation.gettext(
                        "Points: {session} this session, {total} in all",
                        ["session": String(built.sessionPoints.last ?? 0), "total": String(built.totalPoints)])
                        + "; "
                        + Translation.ngettext(
                            "{count} session in a row on time", "{count} sessions in a row on time", built.keptInARow)
                        + early + "; "
                        + Translation.ngettext("album: {count} photo", "album: {count} photos", built.album.count)
                        + ".")
            }
        }
    }

    /// "Questionnaire mini-tq (baseline): A1 finished, total 14.000 (moderate (8-12))."
    static func summary(_ sitting: QuestionnaireSitting) -> String {
        let administration = sitting.administration
        let values = [
            "instrument": sitting.instrument.id, "moment": sitting.moment.rawValue,
            "administration": administration?.id ?? Translation.gettext("nothing"),
        ]
        var line =
            sitting.isFinished
            ? Translation.gettext("Questionnaire {instrument} ({moment}): {administration} finished", values)
            : Translation.gettext("Questionnaire {instrument} ({moment}): {administration} not finished", values)
        if let total = administration?.finished?.value {
            line +=
                Translation.gettext(", total {total}", ["total": Translation.language.number(total)])
                + (administration?.finished?.band.map { " (\($0))" } ?? "")
        }
        return line + "."
    }

    static func summary(_ outcome: Simulation.Outcome) -> String {
        let trials = outcome.trials
        var lines = [Translation.gettext("Session folder: {folder}", ["folder": outcome.folder.path])]
        // A plan session that played its minutes is done (it counts for the plan) though rounds were still listed:
        // "not completed" read as a failure for every such session.
        let state =
            outcome.endedBy == .time
            ? Translation.gettext(
                "session done: its plan's minutes were played ({seconds} s).",
                ["seconds": String(format: "%.0f", outcome.playedSeconds)])
            : outcome.completed
                ? Translation.gettext("session completed.") : Translation.gettext("session not completed.")
        lines.append(
            Translation.ngettext(
                "Rows logged this run: {count}; {state}", "Rows logged this run: {count}; {state}", trials.count,
                ["state": state]))
        if !trials.isEmpty {
            let deviations = trials.map(\.absDeviationDeg).sorted()
            let median =
                deviations.count % 2 == 1
                ? deviations[deviations.count / 2]
                : (deviations[deviations.count / 2 - 1] + deviations[deviations.count / 2]) / 2
            let mean = deviations.reduce(0, +) / Double(deviations.count)
            let time = trials.map(\.timeSeconds).reduce(0, +) / Double(trials.count)
            let confusions = trials.filter(\.frontBackConfusion).count
            let number = { (value: Double) in Translation.language.number(String(format: "%.2f", value)) }
            lines.append(
                Translation.gettext(
                    "Abs deviation: median {median}°, mean {mean}°, max {max}°; mean time {time} s; front-back confusions: {confusions}.",
                    [
                        "median": number(median), "mean": number(mean), "max": number(deviations.last ?? 0),
                        "time": number(time), "confusions": String(confusions),
                    ]))
        }
        return lines.joined(separator: "\n")
    }
}
