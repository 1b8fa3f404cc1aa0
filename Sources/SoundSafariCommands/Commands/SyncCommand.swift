// `soundsafari sync`: enrol this machine with a study server once, then send what its logs folder holds that the server does not.
import ArgumentParser
import Foundation
import Localization
import StudyKit
import StudyRecords

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the logs folder to the study server (enrol once with --server URL --enrol CODE).",
        discussion: """
            Sends participants.csv rows, ratings.csv, questionnaires.csv, diary.csv, messages.csv, hrtf-choice.csv and trials.csv rows, every new state of session.json and \
            plan-NNN.json files and profile.json versions, in batches of at most --batch-kib KiB; the server answers how far it holds each \
            file, so an interrupted sync resumes where it stopped and a second sync sends nothing. Then writes the \
            training plans and hearing-profile versions prescribed on the server for the machine's site as each \
            participant's next plan-NNN.json and next profile version (a version made here meanwhile is kept and \
            reported as a conflict), appends the study team's answers to each participant's messages.csv, and stores \
            the questionnaires (instrument files) a supervisor added for the site among the added ones, each checked \
            as questionnaire add checks a file (a refused one is named, the sync goes on), appends the answers \
            given on the server's web questionnaire to each participant's questionnaires.csv, and writes the \
            questionnaires the study team assigned (or withdrew) into each participant's \
            questionnaire-assignments.json, which rate's reminder prompt asks when due; no other local file \
            is written or changed. The folders of participants whose data \
            an admin deleted on the server are not sent, and the summary names them. The enrolment (server, device token, last \
            prescription applied) is kept owner-only in $XDG_CONFIG_HOME/soundsafari/sync.json. Once enrolled, \
            play, study, train and rate start `sync --background` after each photo and session and when they end, without \
            waiting for it; one sync runs at a time, and each background sync's outcome is a line of \
            sync.log beside sync.json (a failure is shown at the next start and retried). tracker.csv rows go like \
            trials.csv rows. Result pictures (round-NN.png, round-NN-target-K.png) go only with --with-pictures, \
            each once: the dashboard's session page then shows them (background syncs send none).
            """,
        subcommands: [SyncStatusCommand.self])

    @Option(help: "The study server's address, e.g. https://study.example.org (with --enrol).")
    var server: String?

    @Option(help: "A one-time enrolment code from the server's admin or supervisor (with --server).")
    var enrol: String?

    @Option(help: "This machine's name on the server when enrolling (default: its host name).")
    var name: String?

    @Option(help: "Folder of the study logs.")
    var logs: String = "StudyLogs"

    @Flag(help: "List what would be sent; send and receive nothing.")
    var dryRun = false

    @Flag(help: "Also send each session's result pictures the server does not hold yet.")
    var withPictures = false

    @Option(help: "Largest batch in KiB (1 to 768).")
    var batchKib = SyncPlan.defaultBatchBytes / 1024

    @Flag(
        help:
            "Sync as the game does after a session: print nothing, log the outcome to sync.log, leave the sync to one already running."
    )
    var background = false

    func validate() throws {
        if (server == nil) != (enrol == nil) {
            throw ValidationError("--server and --enrol go together: give both to enrol this machine, neither to sync.")
        }
        if !(1...768).contains(batchKib) { throw ValidationError("--batch-kib \(batchKib) is not between 1 and 768.") }
        if enrol != nil && dryRun {
            throw ValidationError("--dry-run does not apply to --enrol: enrol first, then sync --dry-run.")
        }
        if enrol != nil && withPictures {
            throw ValidationError("--with-pictures goes with a sync: enrol first, then sync --with-pictures.")
        }
        if background && (enrol != nil || dryRun) {
            throw ValidationError("--background only syncs: leave out --enrol and --dry-run.")
        }
    }

    func run() throws {
        if let server, let enrol {
            let url = try SyncClient.serverURL(server)
            let machine = name ?? ProcessInfo.processInfo.hostName
            let settings = try SyncClient(server: url, token: nil).enrol(code: enrol, name: machine)
            try settings.save()
            print(
                "Enrolled \(machine) with \(settings.server) for site \(settings.site) (device \(settings.device)); the token is in \(SyncSettings.url().path)."
            )
            return
        }
        // The summary speaks the language of the person who runs it (a background sync's goes to sync.log).
        try LanguageOption.activateFromEnvironment()
        if background {
            try BackgroundSync.runAsBackground { try syncOnce() }
            return
        }
        if dryRun {
            let settings = try Self.enrolment()
            let client = SyncClient(server: try SyncClient.serverURL(settings.server), token: settings.token)
            let state = try client.state()
            let batches = try SyncPlan.batches(
                logs: URL(fileURLWithPath: logs), held: state.held, deleted: Set(state.deleted),
                batchBytes: batchKib * 1024, pictures: withPictures)
            for batch in batches { print("would send \(Self.describe(batch))") }
            print("\(batches.isEmpty ? "Nothing" : "\(batches.count) batches") to send to \(settings.server).")
            return
        }
        _ = try Self.enrolment()
        // One sync at a time: a background sync of this machine finishes first (it holds the lock briefly).
        let lockURL = BackgroundSync.lockURL()
        try OwnerOnlyFolder.createWithParents(lockURL.deletingLastPathComponent())
        var lock = try FileLock.tryAcquire(lockURL)
        if lock == nil {
            print("Waiting for the background sync of this machine to finish…")
            lock = try FileLock.acquire(lockURL)
        }
        defer { withExtendedLifetime(lock) {} }
        print(try syncOnce())
    }

    /// Sends what the server lacks, then writes the site's new prescriptions; returns the summary sentence.
    func syncOnce() throws -> String {
        let settings = try Self.enrolment()
        let client = SyncClient(server: try SyncClient.serverURL(settings.server), token: settings.token)
        let logsURL = URL(fileURLWithPath: logs)
        let state = try client.state()
        let batches = try SyncPlan.batches(
            logs: logsURL, held: state.held, deleted: Set(state.deleted), batchBytes: batchKib * 1024,
            pictures: withPictures)
        var sent = Tally()
        for batch in batches {
            let stored = try client.send(batch)
            sent.add(batch, stored: stored.stored)
        }
        // Down: the site's new prescriptions, each a new plan version beside the participant's others.
        var settingsNow = settings
        let prescriptions = try client.prescriptions(after: settings.appliedPrescription ?? 0)
        let (written, last) = try Prescriptions.apply(
            prescriptions, server: settings.server, logs: logsURL, at: Date())
        if let last {
            settingsNow.appliedPrescription = last
            try settingsNow.save()
        }
        var received =
            written.isEmpty
            ? ""
            : "; received \(written.count) plans (\(written.map { $0.url.lastPathComponent }.joined(separator: ", ")))"
        // Hearing-profile versions prescribed for the site's participants, each the participant's next version.
        let profiles = try Prescriptions.applyProfiles(
            try client.prescriptions(after: settingsNow.appliedProfilePrescription ?? 0, kind: "profile"),
            server: settings.server, logs: logsURL, at: Date())
        if let last = profiles.last {
            settingsNow.appliedProfilePrescription = last
            try settingsNow.save()
        }
        if !profiles.written.isEmpty {
            received +=
                "; received \(profiles.written.count) profile versions ("
                + profiles.written.map { "\($0.participant) version \($0.version)" }.joined(separator: ", ") + ")"
        }
        // Questionnaires a supervisor assigned to a participant (or withdrew), for the reminder's prompt to ask; one
        // this game cannot read is named and the sync goes on.
        let assigned = try AssignedQuestionnaires.apply(
            try client.prescriptions(after: settingsNow.appliedQuestionnairePrescription ?? 0, kind: "questionnaire"),
            server: settings.server, logs: logsURL, at: Date())
        if let last = assigned.last {
            settingsNow.appliedQuestionnairePrescription = last
            try settingsNow.save()
        }
        if !assigned.assigned.isEmpty {
            received +=
                "; received \(assigned.assigned.count) questionnaire assignments ("
                + assigned.assigned.map { "\($0.participant) \($0.instrument)" }.joined(separator: ", ") + ")"
        }
        if !assigned.withdrawn.isEmpty {
            received +=
                "; withdrawn \(assigned.withdrawn.count) questionnaire assignments ("
                + assigned.withdrawn.map { "\($0.participant) \($0.instrument)" }.joined(separator: ", ") + ")"
        }
        if !assigned.refused.isEmpty {
            received += "; refused: " + assigned.refused.joined(separator: " ")
        }
        // The study team's answers, each appended to its participant's messages.csv (the game's Messages screen).
        let answers = try TeamAnswers.apply(
            try client.answers(after: settingsNow.receivedAnswer ?? 0), logs: logsURL, at: Date())
        if let last = answers.last {
            settingsNow.receivedAnswer = last
            try settingsNow.save()
        }
        if !answers.written.isEmpty {
            received +=
                "; received \(answers.written.count) answers ("
                + Set(answers.written.map(\.participant)).sorted().joined(separator: ", ") + ")"
        }
        // Instruments a supervisor added on the server, stored beside this machine's added ones (checked as
        // `questionnaire add` checks a file); a refused one is named and the sync goes on.
        let instruments = ReceivedInstruments.apply(
            try client.instruments(after: settingsNow.receivedInstrument ?? 0), server: settings.server,
            library: Self.instrumentLibrary())
        if let last = instruments.last {
            settingsNow.receivedInstrument = last
            try settingsNow.save()
        }
        if !instruments.written.isEmpty {
            received +=
                "; received \(instruments.written.count) instruments ("
                + instruments.written.map(\.lastPathComponent).joined(separator: ", ") + ")"
        }
        if !instruments.refused.isEmpty {
            received += "; refused: " + instruments.refused.joined(separator: " ")
        }
        // Answers given on the server's web questionnaire, appended to questionnaires.csv: the game continues an
        // administration begun there (and one begun here goes on there once its rows are sent up).
        let web = try WebAnswers.apply(
            try client.webAnswers(after: settingsNow.receivedWebAnswer ?? 0), logs: logsURL)
        if let last = web.last {
            settingsNow.receivedWebAnswer = last
            try settingsNow.save()
        }
        if !web.written.isEmpty {
            received +=
                "; received \(web.written.count) web questionnaire rows ("
                + Set(web.written.map(\.participant)).sorted().joined(separator: ", ") + ")"
        }
        if !profiles.conflicts.isEmpty {
            received += "; conflicts: " + profiles.conflicts.joined(separator: "; ")
        }
        let left = SyncPlan.deletedFolders(logs: logsURL, deleted: state.deleted)
        if !left.isEmpty {
            received +=
                "; not sent: \(left.joined(separator: ", ")) (deleted on the server by an administrator: move their folders out of \(logs))"
        }
        return "Synced \(logs) with \(settings.server): \(sent.summary)\(received)."
    }

    /// The machine's instruments: the shipped folder found as for play (its ids are checked against a received
    /// one), else none shipped — a machine synced without the game's data files still stores the server's.
    static func instrumentLibrary() -> InstrumentLibrary {
        (try? QuestionnaireFolders.library(questionnaires: nil, sounds: nil))
            ?? InstrumentLibrary(
                shipped: URL(fileURLWithPath: "/nonexistent/Questionnaires"), added: InstrumentLibrary.addedFolder())
    }

    /// The stored enrolment, or the sentence saying how to enrol.
    static func enrolment() throws -> SyncSettings {
        guard let settings = try SyncSettings.load() else {
            throw SyncError(
                "This machine is not enrolled with a study server: run soundsafari sync --server URL --enrol CODE first."
            )
        }
        return settings
    }

    static func describe(_ batch: SyncBatch) -> String {
        if let first = batch.first, batch.kind != "plan", batch.kind != ResultPictureItem.kind {
            let unit = batch.kind == "profile" ? "versions" : "records"
            return "\(batch.file): \(unit) \(first) to \(first + batch.items.count - 1)"
        }
        return "\(batch.file)" + (batch.kind == "session" ? ": its current state" : "")
    }

    /// What one sync stored, for its summary line.
    struct Tally {
        var files = Set<String>()
        var sessions = 0
        var rows = 0
        var plans = 0
        var profiles = 0
        var pictures = 0

        mutating func add(_ batch: SyncBatch, stored: Int) {
            guard stored > 0 else { return }
            files.insert(batch.file)
            switch batch.kind {
            case "session": sessions += stored
            case "plan": plans += stored
            case "profile": profiles += stored
            case ResultPictureItem.kind: pictures += stored
            default: rows += stored
            }
        }

        /// The line `sync` ends with, in the active language.
        var summary: String {
            // TRANSLATORS: `soundsafari sync` when the server already holds everything.
            guard !files.isEmpty else { return Translation.gettext("nothing new to send") }
            var parts = [
                // TRANSLATORS: the parts of `soundsafari sync`'s line "3 rows, 1 session state, … sent in 2 files".
                Translation.ngettext("{count} row", "{count} rows", rows),
                Translation.ngettext("{count} session state", "{count} session states", sessions),
                Translation.ngettext("{count} plan", "{count} plans", plans),
                Translation.ngettext("{count} profile version", "{count} profile versions", profiles),
            ]
            if pictures > 0 { parts.append(Translation.ngettext("{count} picture", "{count} pictures", pictures)) }
            return Translation.ngettext(
                // TRANSLATORS: {parts} is the list "3 rows, 1 session state, …"; {count} the number of files.
                "{parts} sent in {count} file", "{parts} sent in {count} files", files.count,
                ["parts": parts.joined(separator: ", ")])
        }
    }
}

struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Say what the logs folder holds that the study server does not yet.")

    /// `sync`'s own options (`--logs`): `sync status --logs DIR` reads the same one.
    @ParentCommand var sync: SyncCommand
    var logs: String { sync.logs }

    func run() throws {
        let settings = try SyncCommand.enrolment()
        let client = SyncClient(server: try SyncClient.serverURL(settings.server), token: settings.token)
        let state = try client.state()
        let batches = try SyncPlan.batches(
            logs: URL(fileURLWithPath: logs), held: state.held, deleted: Set(state.deleted))
        let items = batches.reduce(0) { $0 + $1.items.count }
        let files = Set(batches.map(\.file))
        if let last = BackgroundSync.lastOutcome() {
            print("Last background sync (\(last.time)): \(last.failed ? "failed: " : "")\(last.sentence)")
        }
        print(
            items == 0
                ? "Nothing pending: \(settings.server) holds everything in \(logs) (site \(settings.site), device \(settings.device))."
                : "Pending for \(settings.server): \(items) items in \(files.count) files of \(logs); run soundsafari sync to send them."
        )
    }
}
