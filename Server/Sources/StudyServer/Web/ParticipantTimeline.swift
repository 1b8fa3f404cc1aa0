// A participant's timeline as a value: built from the rows a participant's page reads, with no database and no clock,
// so the same rows give the same entries, and the page the same HTML.
import Foundation
import Localization
import StudyRecords

/// The rows a participant's page reads (ParticipantPagesRepository, HRTFChoicesRepository), fetched at once.
struct ParticipantPageRows: Sendable {
    var sessions: [(session: StudyDatabase.ParticipantSession, summary: SessionSummary?)]
    var ratings: [StudyDatabase.ParticipantRating]
    var profiles: [StudyDatabase.ParticipantProfile]
    var prescriptions: [StudyDatabase.ProfilePrescription]
    var plans: [(id: Int, createdAt: Date, createdBy: String, content: String)]
    var record:
        (questionnaires: [(machine: String, rows: [QuestionnaireRow])], diary: [(machine: String, rows: [DiaryRow])])
    /// The newest plan and the sessions as PlanSchedule and WeekDose count them (the page's status).
    var plan: AssignedPlan?
    var entries: [PlanSchedule.Entry]
    var doses: [WeekDose.Entry]
    /// The participant's choices of an HRTF set by ear and the checks after them (the page's "Sound" section).
    var hrtfChoices: [StudyDatabase.HRTFChoiceEntry] = []
    var hrtfChecks: [StudyDatabase.HRTFCheckSide] = []

    /// The eight reads of the page, each on a connection of its own, all at once.
    static func read(
        site: String, participant: String, from participantPages: any ParticipantPagesRepository,
        hrtfChoices: any HRTFChoicesRepository
    ) async throws
        -> ParticipantPageRows
    {
        async let sessions = participantPages.participantSessions(site: site, participant: participant)
        async let ratings = participantPages.participantRatings(site: site, participant: participant)
        async let profiles = participantPages.participantProfiles(site: site, participant: participant)
        async let prescriptions = participantPages.prescriptions(site: site, participant: participant)
        async let record = participantPages.patientRecord(site: site, participant: participant)
        async let current = participantPages.currentPlan(site: site, participant: participant)
        async let choices = hrtfChoices.hrtfChoices(site: site, participant: participant)
        async let checks = hrtfChoices.hrtfChecks(site: site, participant: participant)
        let read = try await sessions
        let plan = try await current
        let (entries, doses) = records(read.map(\.session), current: plan)
        let (profilePrescriptions, planPrescriptions) = try await prescriptions
        return ParticipantPageRows(
            sessions: read, ratings: try await ratings, profiles: try await profiles,
            prescriptions: profilePrescriptions, plans: planPrescriptions, record: try await record,
            plan: plan?.plan, entries: entries, doses: doses, hrtfChoices: try await choices,
            hrtfChecks: try await checks)
    }

    /// The sessions in start order as `PlanSchedule` (by the current plan: a session of a copy of it is one of
    /// it) and `WeekDose` read them, from the sessions table's columns (projected from each session.json by
    /// StudyRecords' codec), so a page reads no state.
    static func records(_ sessions: [StudyDatabase.ParticipantSession], current: CurrentPlan?) -> (
        entries: [PlanSchedule.Entry], doses: [WeekDose.Entry]
    ) {
        var entries: [PlanSchedule.Entry] = []
        var doses: [WeekDose.Entry] = []
        for session in sessions.sorted(by: { $0.startOrder < $1.startOrder }) {
            let entry = PlanSchedule.Entry(
                sessionID: session.id,
                plan: session.plan.map {
                    PlanReference(
                        name: $0, version: session.planVersion ?? 0, session: session.planSession ?? 0,
                        totalSessions: session.planTotal ?? 0)
                },
                countsAsDone: SessionRecord.countsAsDone(completed: session.completed, endedByText: session.endedBy))
            entries.append(current?.counted(entry, on: session.deviceID) ?? entry)
            doses.append(
                WeekDose.Entry(
                    sessionID: session.id, input: session.input, startedAt: session.startedAt,
                    doseFraction: session.doseFraction))
        }
        return (entries, doses)
    }
}

/// The timeline of a participant's page, newest first: sessions (each linking its page), answerings of ratings,
/// profile versions, plan and profile prescriptions (with the session that applied a profile), questionnaire
/// administrations and the diary's current entries.
struct ParticipantTimeline: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var at: Date
        var kind: String
        var what: String
        var detail: String
        var link: String

        init(_ at: Date, _ kind: String, _ what: String, _ detail: String, _ link: String) {
            (self.at, self.kind, self.what, self.detail, self.link) = (at, kind, what, detail, link)
        }
    }

    var entries: [Entry]

    /// The entries in `catalog`'s language (the page's); the kinds stay codes (the rows' CSS classes).
    init(site: String, rows: ParticipantPageRows, catalog: MessageCatalog = .english) {
        var events: [Entry] = []
        let number = { (value: Int?) in value.map(String.init) ?? "?" }
        for (session, summary) in rows.sessions {
            let plan = session.plan.map { name in
                session.planSession.map {
                    catalog.gettext(
                        " · plan {plan} session {number} of {total}",
                        ["plan": name, "number": String($0), "total": String(session.planTotal ?? 0)])
                } ?? catalog.gettext(" · plan {plan}", ["plan": name])
            }
            let result = summary.map {
                catalog.ngettext(
                    "{count} photo, median deviation {deviation}°, median time {time} s",
                    "{count} photos, median deviation {deviation}°, median time {time} s", $0.photos,
                    [
                        "deviation": catalog.number($0.medianAbsDeviationDeg),
                        "time": catalog.number($0.medianTimeSeconds),
                    ])
            }
            events.append(
                Entry(
                    session.startedAt, "session",
                    catalog.gettext(
                        "Session {number} ({protocol}{plan})",
                        ["number": number(session.index), "protocol": session.protocolName, "plan": plan ?? ""]),
                    [
                        WebParticipantRoutes.state(
                            completed: session.completed, endedBy: session.endedBy, catalog),
                        result ?? catalog.gettext("no trials synced"),
                        session.profileVersion.map {
                            catalog.gettext("profile version {version}", ["version": String($0)])
                        } ?? catalog.gettext("profile version none"),
                        catalog.gettext("on {machine}", ["machine": session.machine]),
                    ].joined(separator: "; "), "/sites/\(site)/sessions/\(session.id)"
                ))
        }
        // One line per answering: the ratings of one session at one moment (before or after it), whenever each was
        // answered, linking the session; ratings asked outside a session, by time (within ten minutes at a moment).
        var group: [StudyDatabase.ParticipantRating] = []
        func flush() {
            guard let first = group.first else { return }
            let answers = group.map {
                "\($0.item) \($0.skipped ? catalog.gettext("skipped") : catalog.number($0.value, 2))"
            }
            // TRANSLATORS: {moment} is the log's code of when the ratings were asked (before, after, …).
            let what =
                first.session.map { _ in
                    catalog.gettext(
                        "Ratings {moment} session {number}",
                        ["moment": first.moment, "number": number(first.sessionIndex)])
                } ?? catalog.gettext("Ratings ({moment})", ["moment": first.moment])
            events.append(
                Entry(
                    first.answeredAt, "rating", what, answers.joined(separator: ", "),
                    first.session.map { "/sites/\(site)/sessions/\($0)" } ?? ""))
            group = []
        }
        let bySession = Dictionary(grouping: rows.ratings.filter { $0.session != nil }) {
            "\($0.session ?? "") \($0.moment)"
        }
        for key in bySession.keys.sorted() {
            group = bySession[key] ?? []
            flush()
        }
        for rating in rows.ratings where rating.session == nil {
            if let first = group.first,
                first.moment != rating.moment || rating.answeredAt.timeIntervalSince(first.answeredAt) > 600
            {
                flush()
            }
            group.append(rating)
        }
        flush()
        for version in rows.profiles {
            events.append(
                Entry(
                    version.profile.createdAt ?? .distantPast, "profile",
                    catalog.gettext(
                        "Profile version {version} on {machine}",
                        ["version": String(version.profile.version), "machine": version.machine]),
                    catalog.gettext(
                        "{summary}; source: {source}",
                        [
                            "summary": WebParticipantRoutes.ProfileFields(version.profile).summary(catalog),
                            "source": version.profile.source,
                        ]),
                    ""
                ))
        }
        let applied = WebParticipantRoutes.applications(
            of: rows.prescriptions, profiles: rows.profiles, sessions: rows.sessions.map(\.session))
        for prescription in rows.prescriptions {
            let when = applied[prescription.id]
            events.append(
                Entry(
                    prescription.createdAt, "prescription",
                    catalog.gettext(
                        "Profile prescribed (prescription {id}) by {account}",
                        ["id": String(prescription.id), "account": prescription.createdBy]),
                    WebParticipantRoutes.ProfileFields(prescription.profile).summary(catalog) + "; "
                        + (when.map {
                            catalog.gettext(
                                "applied from session {number} at {when}",
                                ["number": number($0.index), "when": catalog.time($0.startedAt)])
                        }
                            ?? catalog.gettext(
                                "not applied yet: it reaches the machine at its next sync, and counts as applied when a session logs its profile version"
                            )),
                    when.map { "/sites/\(site)/sessions/\($0.id)" } ?? ""
                ))
        }
        for plan in rows.plans {
            let name = (try? TrainingPlanFile.parse(Data(plan.content.utf8), file: "plan").name) ?? "plan"
            events.append(
                Entry(
                    plan.createdAt, "prescription",
                    catalog.gettext(
                        "Training plan prescribed (prescription {id}) by {account}",
                        ["id": String(plan.id), "account": plan.createdBy]),
                    name, ""
                ))
        }
        for (machine, rows) in rows.record.questionnaires {
            for (administration, answers) in Dictionary(grouping: rows, by: \.administration) {
                guard let first = answers.min(by: { $0.recordedAt < $1.recordedAt }) else { continue }
                let finished = answers.first { $0.record == .finished }
                let subscales = answers.filter { $0.record == .subscale }.map {
                    "\($0.item) \($0.value.map { catalog.number(written: $0) } ?? "—")"
                }
                let score =
                    finished.map { row in
                        catalog.gettext(
                            "total {score}", ["score": row.value.map { catalog.number(written: $0) } ?? "—"])
                            + (row.band.map { " (\($0))" } ?? "")
                            + (subscales.isEmpty ? "" : "; " + subscales.joined(separator: ", "))
                            + ((row.prorated ?? false) ? "; " + catalog.gettext("prorated") : "")
                    }
                    ?? catalog.ngettext(
                        "not finished: {count} answer so far", "not finished: {count} answers so far",
                        answers.filter { $0.record == .answer }.count)
                events.append(
                    Entry(
                        finished?.recordedAt ?? first.recordedAt, "questionnaire",
                        catalog.gettext(
                            "Questionnaire {instrument} ({administration}, {moment})",
                            [
                                "instrument": first.instrument, "administration": administration,
                                "moment": first.moment.rawValue,
                            ]),
                        score + "; " + catalog.gettext("on {machine}", ["machine": machine]), ""
                    ))
            }
        }
        for (machine, rows) in rows.record.diary {
            for entry in DiaryState.current(rows) {
                let date = DiaryRow.day(entry.date) ?? entry.recordedAt
                let period =
                    entry.kind == .therapy
                    ? catalog.gettext(
                        "from {start} to {end}",
                        [
                            "start": catalog.day(entry.date),
                            "end": entry.endDate.isEmpty ? catalog.gettext("ongoing") : catalog.day(entry.endDate),
                        ])
                    : catalog.gettext("on {day}", ["day": catalog.day(entry.date)])
                events.append(
                    Entry(
                        date, "diary",
                        // TRANSLATORS: {kind} is the diary's code for the entry's kind (therapy, event…).
                        catalog.gettext("Diary {kind}: {name}", ["kind": entry.kind.rawValue, "name": entry.name]),
                        "\(entry.type) \(period)" + (entry.note.isEmpty ? "" : "; \(entry.note)") + "; "
                            + catalog.gettext("on {machine}", ["machine": machine]),
                        ""
                    ))
            }
        }
        events.sort { $0.at > $1.at }
        entries = events
    }
}
