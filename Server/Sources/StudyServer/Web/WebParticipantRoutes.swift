// Dashboard pages of one participant (timeline, charts, profile prescription) and of one session (its trials, checks).
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import StudyAnalysis
import StudyRecords
import TidyFormats

struct WebParticipantRoutes {
    let sites: any SitesRepository
    let participantPages: any ParticipantPagesRepository
    let participantData: any ParticipantDataRepository
    let prescriptions: any PrescriptionsRepository
    let messages: any MessagesRepository
    let pictures: any PicturesRepository
    let hrtfChoices: any HRTFChoicesRepository
    let audit: any AuditRepository
    let dashboard: any DashboardRepository
    let devices: any DevicesRepository
    let instruments: any InstrumentsRepository
    let questionnaireLinks: any QuestionnaireLinksRepository
    let questionnaireAssignments: any QuestionnaireAssignmentsRepository
    let pages: WebPages

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("sites/:site/participants/:participant", use: participantPage)
        web.post("sites/:site/participants/:participant/profile", use: prescribeProfile)
        web.post("sites/:site/participants/:participant/delete", use: deleteParticipant)
        web.post("sites/:site/participants/:participant/messages", use: answerMessages)
        web.post("sites/:site/participants/:participant/questionnaire-links", use: makeQuestionnaireLink)
        web.post("sites/:site/participants/:participant/questionnaire-links/:link/revoke", use: revokeQuestionnaireLink)
        web.post("sites/:site/participants/:participant/questionnaire-assignments", use: assignQuestionnaire)
        web.post(
            "sites/:site/participants/:participant/questionnaire-assignments/:assignment/withdraw",
            use: withdrawQuestionnaire)
        web.get("sites/:site/sessions/:session", use: sessionPage)
        web.get("sites/:site/sessions/:session/pictures/:name", use: sessionPicture)
        addDoctorRecord(to: web)
    }

    /// A path parameter as typed (percent-escapes decoded), so a refusal names what the person asked for.
    static func parameter(_ name: String, _ context: AppRequestContext) -> String {
        let raw = context.parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }

    /// The site and participant of the path, when the account sees the site and anything of the participant is held
    /// there; otherwise the same 404, whether the participant is at another site or nowhere.
    func participant(_ context: AppRequestContext, roles: Role...) async throws -> (Account, String, String) {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let participant = Self.parameter("participant", context)
        let site = Self.parameter("site", context)
        let unknown = Problem.notFound(
            Sentence.gettext(
                "No participant {participant} is known at a site of yours named {site}: open one from the site's participants.",
                ["participant": participant, "site": site]))
        // participantIsKnown finds nothing at a site that does not exist: no statement of its own for that.
        guard account.sees(site: site), (try? ParticipantID(participant)) != nil,
            try await self.participantPages.participantIsKnown(site: site, participant: participant)
        else { throw unknown }
        // Reading is for every role that sees the site; prescribing is not for a researcher (403, as other pages).
        guard roles.contains(account.role) else {
            throw Problem.forbidden(
                Sentence.gettext(
                    "A {role} may not do this: ask someone with the role {roles}.",
                    ["role": account.role.rawValue, "roles": roles.map(\.rawValue).joined(separator: " or ")]))
        }
        return (account, site, participant)
    }

    // MARK: The participant's page

    @Sendable func participantPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor, .researcher)
        return try await render(site: site, participant: participant, account: account, context: context)
    }

    /// The profile a prescription starts from: the newest version the machines sent (by creation time), or the
    /// game's defaults when none was sent.
    static func current(_ profiles: [StudyDatabase.ParticipantProfile], participant: String) -> HearingProfile {
        profiles.max { ($0.profile.createdAt ?? .distantPast) < ($1.profile.createdAt ?? .distantPast) }?.profile
            ?? HearingProfile(participant: participant)
    }

    func render(
        site: String, participant: String, account: Account, context: AppRequestContext, notice: String? = nil,
        error: String? = nil, preview: (fields: ProfileFields, diff: [[String: Any]])? = nil,
        confirmDelete: StudyDatabase.ParticipantHoldings? = nil, answer: (draft: String, error: String?)? = nil,
        status: HTTPResponse.Status = .ok, questionnaireLink: String? = nil
    ) async throws -> Response {
        // The conversation with the study team is the care team's (admin, supervisor), not a researcher's. Its
        // messages, the page's rows and the site's zone are read at once.
        let team = account.role != .researcher
        func conversation() async throws -> [StudyDatabase.Message] {
            guard team else { return [] }
            return try await self.messages.messages(site: site, participant: participant)
        }
        async let read = ParticipantPageRows.read(
            site: site, participant: participant, from: participantPages, hrtfChoices: hrtfChoices)
        async let held = conversation()
        // The questionnaire sections' rows: the site's instruments (read once for both sections' choices), the
        // participant's assignments and, for the care team, their web links.
        let canPrescribe = account.role != .researcher
        async let siteInstruments = canPrescribe ? instruments.list(site: site) : []
        async let assignments = questionnaireAssignments.assignments(site: site, participant: participant)
        async let links = team ? questionnaireLinks.links(site: site, participant: participant) : []
        let context = try await context.reading(site: site, in: sites)
        let catalog = context.catalog
        let rows = try await read
        let (sessions, ratings, profiles) = (rows.sessions, rows.ratings, rows.profiles)
        let current = Self.current(profiles, participant: participant)
        let standing = Self.status(
            plan: rows.plan, entries: rows.entries, doses: rows.doses, now: Date(), catalog: catalog)
        let events = ParticipantTimeline(site: site, rows: rows, catalog: catalog).entries
        let today = catalog.isoDay(Date())
        let sessionDays = ParticipantCalendar.sessionDays(rows, catalog)
        let month = try ParticipantCalendar.month(
            context.web?.query["month"], rows: rows, sessionDays: sessionDays, today: today)

        // The charts: the report's figures, drawn by its one SVG writer.
        let progress = ParticipantFigures.progress(
            sessions.compactMap { entry in
                guard let index = entry.session.index, let summary = entry.summary else { return nil }
                return (index, summary)
            }, catalog: catalog)
        var ratingCharts: [[String: Any]] = []
        if let start = ratings.first?.answeredAt {
            for item in Array(Set(ratings.map(\.item))).sorted() {
                let points = ratings.filter { $0.item == item && !$0.skipped }.map {
                    ($0.answeredAt.timeIntervalSince(start) / 86_400, $0.value ?? .nan)
                }
                if let svg = ParticipantFigures.line(
                    title: catalog.gettext("Rating: {item}", ["item": item]),
                    xLabel: catalog.gettext("days since the first rating"), yLabel: item, points: points,
                    language: catalog.language)
                {
                    ratingCharts.append(["name": item, "svg": svg])
                }
            }
            // The sound level around the patient at each answer, beside the ratings (one chart per unit).
            for unit in AmbientLevel.Unit.allCases {
                let points = ratings.compactMap { rating in
                    rating.ambientLevel.flatMap { level in
                        level.unit == unit
                            ? (rating.answeredAt.timeIntervalSince(start) / 86_400, level.decibels) : nil
                    }
                }
                if let svg = ParticipantFigures.ambientLevel(points, unit: unit.rawValue, catalog: catalog) {
                    ratingCharts.append(["name": "ambient_level_db (\(unit.rawValue))", "svg": svg])
                }
            }
        }
        let dose = ParticipantFigures.weeklyDose(
            sessions.compactMap { entry in entry.session.index.map { ($0, entry.session.weekDoseFraction) } },
            catalog: catalog)
        let audiogramProfile = profiles.last { $0.profile.audiogram != nil }?.profile
        let audiogram = audiogramProfile.flatMap { profile in
            profile.audiogram.flatMap { audiogram in
                ParticipantFigures.audiogram(
                    right: audiogram.right, left: audiogram.left, unit: audiogram.unit.rawValue,
                    calibrated: audiogram.unit.rawValue == "dB HL", tinnitusPitchHz: profile.tinnitus?.pitchHz,
                    catalog: catalog)
            }
        }

        let fields = preview?.fields ?? ProfileFields(current)
        var page: [String: Any] = [
            "site": site, "participant": participant, "plan": standing.plan, "dose": standing.dose,
            "doseAlert": standing.alert,
            "events": events.map { event in
                [
                    "at": catalog.time(event.at == .distantPast ? nil : event.at), "kind": event.kind,
                    "what": event.what, "detail": event.detail, "link": event.link, "hasLink": !event.link.isEmpty,
                ]
            },
            "noEvents": events.isEmpty,
            "progress": progress.map { ["name": $0.name, "svg": $0.svg ?? "", "none": $0.svg == nil] },
            "ratings": ratingCharts, "noRatings": ratingCharts.isEmpty,
            "audiogram": audiogram ?? "", "noAudiogram": audiogram == nil,
            "doseChart": dose ?? "", "noDose": dose == nil,
            "current": ProfileFields(current).summary(catalog),
            "currentVersion": profiles.isEmpty
                ? catalog.gettext("none synced yet: the game's defaults")
                : catalog.gettext("version {version}", ["version": String(current.version)]),
            "prescribe": canPrescribe,
            "form": fields.formValues(catalog),
        ]
        page.merge(
            ParticipantHRTF.page(
                participant: participant, current: current, synced: !profiles.isEmpty, choices: rows.hrtfChoices,
                checks: rows.hrtfChecks, site: site, catalog: catalog)
        ) { held, _ in held }
        if let preview {
            page["preview"] = ["diff": preview.diff, "fields": preview.fields.formValues(catalog)]
        }
        // Deleting is the admin's (as the command line's and the API's deletion).
        if account.role == .admin {
            page["canDelete"] = ["confirmDelete": confirmDelete.map { ["held": $0.description] as Any } ?? false]
        }
        page["calendar"] = ParticipantCalendar.values(
            month: month, rows: rows, sessionDays: sessionDays, today: today,
            link: DashboardLinks.participant(site: site, participant),
            catalog: catalog)
        if let notice { page["notice"] = notice }
        if let error { page["error"] = error }
        let messages = try await held
        if team {
            page["conversation"] = Self.conversation(
                messages, draft: answer?.draft ?? "", error: answer?.error, catalog: context.catalog)
        }
        // Questionnaires assigned without a plan: read by every role, assigned and withdrawn by the care team.
        let instrumentList = try await siteInstruments
        page["assigned"] = try await assignmentSection(
            site: site, participant: participant, records: try await assignments, instruments: instrumentList,
            canAssign: canPrescribe, catalog: catalog)
        // Personal web questionnaire links: the care team's, as the messages.
        if team {
            page["questionnaireLinks"] = Self.linkSection(
                instruments: instrumentList, links: try await links, made: questionnaireLink, catalog: catalog)
        }
        let response = pages.render(
            "participant",
            title: context.catalog.gettext(
                "Participant {participant} · site {site}", ["participant": participant, "site": site]), page: page,
            web: context.web,
            status: status)
        try await self.audit.auditView(
            "participant", by: account, site: site, participant: participant, requestID: context.id)
        if !messages.isEmpty {
            // Shown: the patient's messages are read now, and the reading is a row of its own.
            let read = try await self.messages.markMessagesRead(site: site, participant: participant)
            try await self.audit.auditView(
                "messages", by: account, site: site, participant: participant,
                detail: ["messages": String(messages.count), "newly_read": String(read)], requestID: context.id)
        }
        return response
    }

    /// The participant's plan by the one adherence rule (`PlanSchedule`) and the listening dose of the last 7 days by
    /// the one dose rule (`WeekDose.of`), as the page's two status lines; `alert` when the dose is past 100 %.
    static func status(
        plan: AssignedPlan?, sessions: [SessionRecord], now: Date, catalog: MessageCatalog = .english
    ) -> (plan: String, dose: String, alert: Bool) {
        status(
            plan: plan,
            entries: sessions.map {
                PlanSchedule.Entry(sessionID: $0.sessionID, plan: $0.plan, countsAsDone: $0.countsAsDone)
            }, doses: sessions.map(WeekDose.Entry.init), now: now, catalog: catalog)
    }

    /// The same from the sessions as the schedule and the dose rule read them.
    static func status(
        plan: AssignedPlan?, entries: [PlanSchedule.Entry], doses: [WeekDose.Entry], now: Date,
        catalog: MessageCatalog
    ) -> (plan: String, dose: String, alert: Bool) {
        let planText = plan.map { assigned in
            let schedule = PlanSchedule.of(assigned, entries: entries, today: now)
            return catalog.ngettext(
                "Plan '{plan}' version {version}: {done} of {count} session done, {missed} missed; next: {next}.",
                "Plan '{plan}' version {version}: {done} of {count} sessions done, {missed} missed; next: {next}.",
                assigned.plan.totalSessions,
                [
                    "plan": assigned.plan.name, "version": String(assigned.version), "done": String(schedule.done),
                    "missed": String(schedule.missed), "next": schedule.dueNext(catalog),
                ])
        }
        let week = WeekDose.of(doses, before: now, excluding: nil)
        let dose =
            week.sessions == 0
            ? catalog.gettext(
                "No session of the last 7 days logged a listening dose (none played, or headphones not calibrated).")
            : catalog.ngettext(
                "Listening dose of the last 7 days: {percent} % of the safe weekly dose, over {count} session.",
                "Listening dose of the last 7 days: {percent} % of the safe weekly dose, over {count} sessions.",
                week.sessions, ["percent": catalog.number(week.fraction * 100, 0)])
        return (
            planText ?? catalog.gettext("No training plan: the sessions follow protocols."), dose, week.fraction > 1
        )
    }

    /// For each profile prescription, the first session that used the version the machine wrote for it (its
    /// profile.json version whose `source` names the prescription, and a session of that machine logging that
    /// `profile_version`).
    static func applications(
        of prescriptions: [StudyDatabase.ProfilePrescription], profiles: [StudyDatabase.ParticipantProfile],
        sessions: [StudyDatabase.ParticipantSession]
    ) -> [Int: StudyDatabase.ParticipantSession] {
        var applied: [Int: StudyDatabase.ParticipantSession] = [:]
        for prescription in prescriptions {
            guard
                let written = profiles.first(where: {
                    $0.profile.source.hasSuffix(" prescription \(prescription.id)")
                })
            else { continue }
            applied[prescription.id] =
                sessions.filter {
                    $0.deviceID == written.deviceID && $0.profileVersion == written.profile.version
                }.min { $0.startedAt < $1.startedAt }
        }
        return applied
    }

    // MARK: Prescribing a profile version

    /// The five settings a supervisor prescribes, as the form shows them.
    struct ProfileFields {
        var notchCentreHz: Double?
        var notchWidthOctaves: Double?
        var gainRule: String
        var maxGainDB: Double
        var maxVolumeDB: Double?
        /// Whether the shared machines (a lab PC) receive it too: not a setting of the profile, where it goes.
        var sharedMachines = false

        init(_ profile: HearingProfile) {
            notchWidthOctaves = profile.notchWidthOctaves
            notchCentreHz = profile.notchWidthOctaves == nil ? nil : profile.effectiveNotchCenterHz
            gainRule = profile.gainRule.rawValue
            maxGainDB = profile.maxGainDB
            maxVolumeDB = profile.maxVolumeDB
        }

        /// The form's fields; a value that is not a number is refused in one sentence naming the field (in the
        /// page's language).
        init(form: WebForm, catalog: MessageCatalog = .english) throws {
            func number(_ name: String, _ label: String, example: String) throws -> Double? {
                let text = (form[name] ?? "").trimmingCharacters(in: .whitespaces)
                if text.isEmpty { return nil }
                guard let value = catalog.typedNumber(text), value.isFinite else {
                    throw PrescriptionCheck.Refusal(
                        description: catalog.gettext(
                            "The {field} '{text}' is not a number: type one such as {example}, or leave it empty.",
                            ["field": label, "text": text, "example": example]))
                }
                return value
            }
            notchCentreHz = try number("notch_centre", catalog.gettext("notch centre"), example: "4000")
            let width = (form["notch_width"] ?? "").trimmingCharacters(in: .whitespaces)
            notchWidthOctaves = width == "none" || width.isEmpty ? nil : catalog.typedNumber(width)
            if notchWidthOctaves == nil && !(width == "none" || width.isEmpty) {
                throw PrescriptionCheck.Refusal(
                    description: catalog.gettext(
                        "The notch width '{width}' is not one of 1, 0.5, 0.25 or none: pick one.", ["width": width]))
            }
            gainRule = form["gain_rule"] ?? ""
            guard let cap = try number("max_gain", catalog.gettext("gain cap"), example: "20") else {
                throw PrescriptionCheck.Refusal(
                    description: catalog.gettext("The gain cap is empty: type a cap in dB from 0 to 40."))
            }
            maxGainDB = cap
            maxVolumeDB = try number("max_volume", catalog.gettext("maximum volume"), example: "-6")
            sharedMachines = form["shared_machines"] == "yes"
            if notchWidthOctaves != nil && notchCentreHz == nil {
                throw PrescriptionCheck.Refusal(
                    description: catalog.gettext(
                        "A notch needs its centre: type the centre in Hz (250 to 16000), or set the width to none."))
            }
            // A centre typed with "no notch" was dropped without a word (and the preview then said nothing changes).
            if let centre = notchCentreHz, notchWidthOctaves == nil {
                throw PrescriptionCheck.Refusal(
                    description: catalog.gettext(
                        "A notch centre of {centre} Hz with the width \"no notch\" makes no notch: pick a width (1, 0.5 or 0.25 octave), or clear the centre.",
                        ["centre": catalog.number(centre, 0)]))
            }
        }

        func notchText(_ catalog: MessageCatalog) -> String {
            guard let width = notchWidthOctaves, let centre = notchCentreHz else {
                return catalog.gettext("no notch")
            }
            return catalog.gettext(
                "notch at {centre} Hz, {width} octave wide",
                ["centre": catalog.number(centre, 0), "width": catalog.number(width, 2)])
        }

        func summary(_ catalog: MessageCatalog) -> String {
            catalog.gettext(
                "{notch}; gain rule {rule}, cap {cap} dB; maximum volume {volume}",
                [
                    "notch": notchText(catalog), "rule": gainRule, "cap": catalog.number(maxGainDB),
                    "volume": maxVolumeDB.map { "\(catalog.number($0)) dB" }
                        ?? catalog.gettext("the game's default"),
                ])
        }

        func formValues(_ catalog: MessageCatalog) -> [String: Any] {
            [
                "notchCentre": notchCentreHz.map { catalog.number($0, 0) } ?? "",
                "widths": ["1", "0.5", "0.25", "none"].map { value in
                    [
                        "value": value,
                        "label": value == "none"
                            ? catalog.gettext("no notch")
                            : catalog.gettext("{width} octave", ["width": catalog.number(written: value)]),
                        "selected": value == (notchWidthOctaves.map { String(format: "%g", $0) } ?? "none"),
                    ]
                },
                "rules": ["none", "half-gain", "nal-r"].map { ["value": $0, "selected": $0 == gainRule] },
                "maxGain": catalog.number(maxGainDB),
                "maxVolume": maxVolumeDB.map { catalog.number($0) } ?? "",
                "notchWidth": notchWidthOctaves.map { String(format: "%g", $0) } ?? "none", "gainRule": gainRule,
                "sharedMachines": sharedMachines,
            ]
        }

        /// `base` with these settings: the notch's centre is kept apart from the measured tinnitus pitch (a centre
        /// at the pitch is the notch that follows it); everything else (audiogram, tinnitus, calibration, ceiling)
        /// stays as it was.
        func applied(
            to base: HearingProfile, at date: Date, by name: String, catalog: MessageCatalog = .english
        ) throws -> Data {
            var profile = base
            profile.version = 1
            profile.createdAt = date
            profile.source = "dashboard (\(name))"
            profile.notchWidthOctaves = notchWidthOctaves
            profile.notchCenterHz = notchCentreHz == profile.tinnitus?.pitchHz ? nil : notchCentreHz
            // GainRule is GameCore's: named through the profile's own value, so the server imports StudyRecords only.
            guard let rule = type(of: base.gainRule).allCases.first(where: { $0.rawValue == gainRule }) else {
                throw PrescriptionCheck.Refusal(
                    description: catalog.gettext(
                        "The gain rule '{rule}' is not one of none, half-gain or nal-r: pick one.", ["rule": gainRule]))
            }
            profile.gainRule = rule
            profile.maxGainDB = maxGainDB
            profile.maxVolumeDB = maxVolumeDB
            return HearingProfile.encoded(versions: [profile])
        }

        /// Each setting with its current and prescribed value, and whether it changes.
        func diff(against current: ProfileFields, catalog: MessageCatalog = .english) -> [[String: Any]] {
            func volume(_ value: Double?) -> String {
                value.map { "\(catalog.number($0)) dB" } ?? catalog.gettext("the game's default")
            }
            let rows: [(String, String, String)] = [
                (catalog.gettext("Notch"), current.notchText(catalog), notchText(catalog)),
                (catalog.gettext("Gain rule"), current.gainRule, gainRule),
                (
                    catalog.gettext("Gain cap"), "\(catalog.number(current.maxGainDB)) dB",
                    "\(catalog.number(maxGainDB)) dB"
                ),
                (catalog.gettext("Maximum volume"), volume(current.maxVolumeDB), volume(maxVolumeDB)),
            ]
            return rows.map { ["setting": $0.0, "current": $0.1, "new": $0.2, "changed": $0.1 != $0.2] }
        }
    }

    /// The form posts twice: `step=preview` shows what changes against the current version, `step=send` (from the
    /// preview's button, carrying the same values) stores the prescription for the site's machines.
    @Sendable func prescribeProfile(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor)
        let profiles = try await self.participantPages.participantProfiles(site: site, participant: participant)
        let current = Self.current(profiles, participant: participant)
        let fields: ProfileFields
        let content: String
        do {
            fields = try ProfileFields(form: context.webForm, catalog: context.catalog)
            let data = try fields.applied(to: current, at: Date(), by: account.name, catalog: context.catalog)
            content = try PrescriptionCheck.content(
                kind: "profile", participant: participant, data: data, name: "The prescribed profile")
        } catch let refusal as PrescriptionCheck.Refusal {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                error: refusal.worded(in: context.catalog),
                status: .badRequest)
        }
        let diff = fields.diff(against: ProfileFields(current), catalog: context.catalog)
        guard context.webForm["step"] == "send" else {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                preview: (fields, diff))
        }
        guard diff.contains(where: { $0["changed"] as? Bool == true }) else {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                error: context.catalog.gettext(
                    "Nothing changes against the current version: change a setting, or prescribe nothing."),
                status: .badRequest)
        }
        let id = try await self.prescriptions.prescribe(
            kind: "profile", site: site, participant: participant, content: content,
            by: (account.name, account.role.rawValue), requestID: context.id, key: nil,
            sharedMachines: fields.sharedMachines)
        return try await render(
            site: site, participant: participant, account: account, context: context,
            notice: context.catalog.gettext(
                "Prescription {id}: the profile reaches {participant}'s machines of {site} at their next sync; this page shows the session that first uses it.",
                ["id": String(id), "participant": participant, "site": site]))
    }

    /// The participant's deletion, the admin's: the first post only asks, saying what is held and what deleting
    /// does; the second (`confirm=yes`) deletes as `participant delete --yes` and the API do (one transaction, audited
    /// as `participant.delete` with what was held) and shows the site's page.
    @Sendable func deleteParticipant(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin)
        guard context.webForm["confirm"] == "yes" else {
            let held = try await self.participantData.holdings(site: site, participant: participant)
            return try await render(
                site: site, participant: participant, account: account, context: context,
                confirmDelete: held ?? StudyDatabase.ParticipantHoldings(counts: [:]))
        }
        let before: StudyDatabase.ParticipantHoldings
        do {
            (before, _) = try await self.participantData.deleteParticipant(
                site: site, participant: participant, by: (account.name, account.role.rawValue),
                requestID: context.id)
        } catch let refusal as StudyDatabase.Refusal {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                error: refusal.worded(in: context.catalog), status: .conflict)
        }
        return try await WebSiteRoutes(
            sites: sites, dashboard: dashboard, devices: devices, participantPages: participantPages,
            prescriptions: prescriptions, messages: messages, audit: audit, instruments: instruments, pages: pages
        ).site(
            site, context: context,
            notice: context.catalog.gettext(
                "Deleted {participant} of {site}: {held}. The site's machines can no longer send {participant}'s files; audited.",
                ["participant": participant, "site": site, "held": before.description]))
    }

    // MARK: The session's page

    /// "yes" or "no" in the page's language (a trial's hit, a front-back confusion).
    static func yesNo(_ value: Bool, _ catalog: MessageCatalog) -> String {
        value ? catalog.gettext("yes") : catalog.gettext("no")
    }

    /// A session's state as its page and the timeline say it: completed, or how it ended.
    static func state(completed: Bool, endedBy: String?, _ catalog: MessageCatalog) -> String {
        if completed { return catalog.gettext("completed") }
        // TRANSLATORS: {how} is the log's ended_by code (quit, time, crash…), kept as the log writes it.
        return endedBy.map { catalog.gettext("not completed ({how})", ["how": $0]) }
            ?? catalog.gettext("not completed (still open)")
    }

    @Sendable func sessionPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let site = Self.parameter("site", context)
        let id = Self.parameter("session", context)
        guard account.sees(site: site),
            let (session, participant, state) = try await self.participantPages.participantSession(site: site, id: id)
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No session {session} is known at a site of yours named {site}: open one from its participant's page.",
                    ["session": id, "site": site]))
        }
        let context = try await context.reading(site: site, in: sites)
        let catalog = context.catalog
        let record = try? SessionRecord.decode(Data(state.utf8), file: "\(participant)/\(id)/session.json")
        let trials = try await self.participantPages.sessionTrials(id: id)
        var page: [String: Any] = [
            "site": site, "participant": participant, "session": id,
            "index": session.index.map(String.init) ?? "?", "machine": session.machine,
            "started": catalog.time(session.startedAt),
            "ended": catalog.time(session.endedAt),
            "state": Self.state(completed: session.completed, endedBy: session.endedBy, catalog),
            "protocol": session.protocolName, "input": session.input,
            "plan": session.plan.map {
                catalog.gettext(
                    "{plan} session {number} of {total}",
                    [
                        "plan": $0, "number": session.planSession.map(String.init) ?? "?",
                        "total": session.planTotal.map(String.init) ?? "?",
                    ])
            } ?? catalog.gettext("none"),
            "played": catalog.number(session.playedSeconds),
            "trials": trials.map { trial in
                [
                    "trial": trial.trial, "round": trial.round, "target": trial.target, "condition": trial.condition,
                    "targetBearing": catalog.number(trial.targetBearing), "aim": catalog.number(trial.aimBearing),
                    "deviation": catalog.number(trial.deviation), "time": catalog.number(trial.time, 2),
                    "hit": trial.hit.map { Self.yesNo($0, catalog) } ?? "—",
                    "frontBack": Self.yesNo(trial.frontBackConfusion, catalog),
                ]
            },
            "noTrials": trials.isEmpty,
        ]
        let pictures = try await self.pictures.sessionPictures(session: id)
        page["pictures"] = pictures.map { name in
            ["name": name, "src": DashboardLinks.sessionPicture(site: site, session: id, name: name)]
        }
        page["noPictures"] = pictures.isEmpty
        if let record {
            page["checks"] = record.headphoneChecks.map { check in
                [
                    "at": catalog.time(check.at),
                    "result": check.result == .bothSides
                        ? catalog.gettext("passed: both sides heard") : catalog.gettext("continued anyway"),
                    "failed": check.failedAttempts, "problem": check.lastProblem ?? "—",
                    "volume": catalog.number(check.volumeDB),
                ]
            }
            page["noChecks"] = record.headphoneChecks.isEmpty
            page["volumes"] = record.volumeEvents.map { event in
                [
                    "at": catalog.time(event.at), "volume": catalog.number(event.volumeDB),
                    "source": event.source,
                ]
            }
            page["noVolumes"] = record.volumeEvents.isEmpty
            if let output = record.output {
                let tailoring = output.tailoring
                func gains(_ values: [Double: Double]) -> String {
                    values.isEmpty
                        ? catalog.gettext("none")
                        : values.sorted { $0.key < $1.key }.map {
                            "\(catalog.number($0.key, 0)) Hz +\(catalog.number($0.value))"
                        }
                        .joined(separator: ", ")
                }
                var notchText = catalog.gettext("none")
                if let notch = tailoring.notch {
                    let centre = catalog.number(notch.centerHz, 0)
                    let width = catalog.number(notch.widthOctaves, 2)
                    if let depth = output.notchDepthDB {
                        notchText = catalog.gettext(
                            "at {centre} Hz, {width} octave wide, {depth} dB deep",
                            ["centre": centre, "width": width, "depth": catalog.number(depth)])
                    } else {
                        notchText = catalog.gettext(
                            "at {centre} Hz, {width} octave wide", ["centre": centre, "width": width])
                    }
                }
                page["output"] = [
                    "volume": catalog.number(output.volumeDB),
                    "notch": notchText,
                    "rule": tailoring.gainRule.rawValue, "cap": catalog.number(tailoring.maxGainDB),
                    "left": gains(tailoring.leftGains), "right": gains(tailoring.rightGains),
                    "ceiling": catalog.number(tailoring.ceilingDBFS),
                    "profileVersion": tailoring.profileVersion.map(String.init)
                        ?? catalog.gettext("none (no profile)"),
                    "limited": output.limitedBlocks,
                ]
            }
            if let exposure = record.exposure {
                page["exposure"] = [
                    "duration": catalog.number(exposure.durationSeconds), "note": exposure.note,
                    "dose": exposure.doseFraction.map { catalog.number($0 * 100) + " %" } ?? "—",
                    "week": exposure.weekDoseFraction.map { catalog.number($0 * 100) + " %" } ?? "—",
                ]
            }
        }
        let response = pages.render(
            "session",
            title: context.catalog.gettext(
                "Session {number} of {participant} · site {site}",
                ["number": session.index.map(String.init) ?? "?", "participant": participant, "site": site]),
            page: page, web: context.web)
        try await self.audit.auditView(
            "session", by: account, site: site, participant: participant, detail: ["session": id],
            requestID: context.id)
        return response
    }
}
