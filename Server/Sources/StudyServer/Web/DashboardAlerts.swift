// The overview's alerts: missed plan sessions, weekly dose past 100 %, headphone checks, tinnitus worse, quiet machines,
// unread messages.
import Foundation
import Localization
import StudyRecords
import TidyFormats

/// When an alert fires (`soundsafari-server serve --alert-…` sets them; docs/SERVER.md lists them).
public struct AlertThresholds: Sendable, Equatable {
    /// A machine that has not synced for more than this many days (or never) is an alert.
    public var quietDays: Int
    /// A tinnitus rating (loudness or distress, 0–1 sliders) at least this much above the participant's first
    /// answered rating of the same item is an alert.
    public var tinnitusMargin: Double
    /// A headphone check that failed or was continued anyway is an alert for this many days after its session.
    public var headphoneDays: Int

    public init(quietDays: Int = 7, tinnitusMargin: Double = 0.2, headphoneDays: Int = 7) {
        self.quietDays = quietDays
        self.tinnitusMargin = tinnitusMargin
        self.headphoneDays = headphoneDays
    }
}

/// One alert of the overview: what happened to whom; `participant` nil for a machine.
public struct DashboardAlert: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case missed, dose, headphones, tinnitus, quiet, unreadable, messages
    }
    public var site: String
    public var kind: Kind
    public var participant: String?
    public var text: String
}

/// Where a participant's dashboard page and a session's picture are: site and IDs percent-encoded as path segments.
enum DashboardLinks {
    static func participant(site: String, _ id: String) -> String {
        "/sites/\(segment(site))/participants/\(segment(id))"
    }

    /// A result picture of a session (WebPictureRoutes).
    static func sessionPicture(site: String, session: String, name: String) -> String {
        "/sites/\(segment(site))/sessions/\(segment(session))/pictures/\(segment(name))"
    }

    static func segment(_ text: String) -> String { segmentEncoding.encode(text) }

    /// What a path segment keeps as it is (built once: a table of 50 participants asks for 50 links).
    static let segmentEncoding: PercentEncoding = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return PercentEncoding(allowed: allowed)
    }()
}

/// A site's alerts, judged from what the dashboard's reads, the machines and the messages hold.
struct SiteAlerts: Sendable {
    let dashboard: any DashboardRepository
    let devices: any DevicesRepository
    let messages: any MessagesRepository

    /// The tinnitus items whose rating growing means worse (RatingItem's sliders, 0 = none, 1 = worst).
    static let tinnitusItems = ["tinnitus_loudness", "tinnitus_distress"]

    /// The alerts of `site` at `now`. Missed sessions and the weekly dose are those of `ParticipantStatus` (the one
    /// adherence rule, PlanSchedule, and the one dose rule, WeekDose) over the sessions' synced session.json states:
    /// the same numbers `soundsafari status` prints from the logs. SQL only narrows which states are read: the
    /// sessions of each participant's current plan version and those started in the last 7 days. The texts are in
    /// `catalog`'s language (the page's).
    public func alerts(
        site: String, now: Date, thresholds: AlertThresholds, catalog: MessageCatalog = .english
    ) async throws -> [DashboardAlert] {
        guard let siteID = try await dashboard.siteID(site) else { return [] }
        var alerts: [DashboardAlert] = []

        let current = try await dashboard.currentPlans(siteID: siteID)
        let plans = current.mapValues(\.plan)
        var sessions: [String: [SessionRecord]] = [:]
        let weekStart = now.addingTimeInterval(-Double(max(7, thresholds.headphoneDays)) * 86_400)
        for (participant, file, state, device) in try await dashboard.alertStates(
            siteID: siteID, since: weekStart, plans: current)
        {
            do {
                var record = try SessionRecord.decode(Data(state.utf8), file: file)
                // A session of the plan's copy on another machine counts as one of the plan (PlanCopies).
                if let plan = current[participant], let reference = record.plan {
                    record.plan =
                        plan.counted(
                            PlanSchedule.Entry(sessionID: record.sessionID, plan: reference, countsAsDone: false),
                            on: device
                        ).plan
                }
                sessions[participant, default: []].append(record)
            } catch {
                // Ingest reads every state with the same codec, so this is a database edited by hand: say so.
                alerts.append(
                    DashboardAlert(
                        site: site, kind: .unreadable, participant: participant,
                        text: catalog.gettext(
                            "the synced state of {file} cannot be read ({error}); its sessions are left out of these alerts.",
                            ["file": file, "error": "\(error)"])
                    ))
            }
        }
        for participant in Set(plans.keys).union(sessions.keys).sorted() {
            let records = sessions[participant] ?? []
            let status = ParticipantStatus(
                participant: participant, sessions: records, plan: plans[participant], ratings: [], today: now,
                logs: "")
            if let missed = status.missed, missed > 0, let plan = plans[participant] {
                alerts.append(
                    DashboardAlert(
                        site: site, kind: .missed, participant: participant,
                        text: catalog.ngettext(
                            "missed {count} session of the plan '{plan}' ({done} of {total} done; due next: {next}).",
                            "missed {count} sessions of the plan '{plan}' ({done} of {total} done; due next: {next}).",
                            missed,
                            [
                                "plan": plan.plan.name, "done": String(status.done),
                                "total": String(plan.plan.totalSessions),
                                // The same schedule ParticipantStatus counted with, worded in the page's language
                                // (its `dueNext` is the English of `status`'s CSV); which session is unfinished
                                // does not change what is due next, so the order of `records` does not matter.
                                "next": PlanSchedule.of(plan, sessions: records, today: now).dueNext(catalog),
                            ])))
            }
            if let week = status.weekDose, week.fraction > 1 {
                alerts.append(
                    DashboardAlert(
                        site: site, kind: .dose, participant: participant,
                        text: catalog.ngettext(
                            "listened {percent} % of the weekly safe dose in the last 7 days ({count} session).",
                            "listened {percent} % of the weekly safe dose in the last 7 days ({count} sessions).",
                            week.sessions, ["percent": catalog.number(week.fraction * 100, 0)])))
            }
            let since = now.addingTimeInterval(-Double(thresholds.headphoneDays) * 86_400)
            for record in records where record.startedAt > since {
                for check in record.headphoneChecks
                where check.result == .continuedAnyway || check.failedAttempts > 0 {
                    let when = catalog.time(record.startedAt)
                    let problem = check.lastProblem.map { $0.replacingOccurrences(of: "_", with: " ") }
                    let text =
                        switch (check.result == .continuedAnyway, problem) {
                        case (true, nil):
                            catalog.gettext(
                                "the headphone check of the session of {when} was continued anyway.", ["when": when])
                        case (true, let problem?):
                            catalog.gettext(
                                "the headphone check of the session of {when} was continued anyway (last problem: {problem}).",
                                ["when": when, "problem": problem])
                        case (false, nil):
                            catalog.ngettext(
                                "the headphone check of the session of {when} failed {count} time.",
                                "the headphone check of the session of {when} failed {count} times.",
                                check.failedAttempts, ["when": when])
                        case (false, let problem?):
                            catalog.ngettext(
                                "the headphone check of the session of {when} failed {count} time (last problem: {problem}).",
                                "the headphone check of the session of {when} failed {count} times (last problem: {problem}).",
                                check.failedAttempts, ["when": when, "problem": problem])
                        }
                    alerts.append(
                        DashboardAlert(site: site, kind: .headphones, participant: participant, text: text))
                }
            }
        }
        alerts += try await tinnitusAlerts(
            siteID: siteID, site: site, margin: thresholds.tinnitusMargin, catalog: catalog)
        alerts += try await quietMachineAlerts(site: site, now: now, days: thresholds.quietDays, catalog: catalog)
        // A message to the study team nobody of the site has read yet (the participant's page marks it read).
        alerts += try await messages.unreadMessages(sites: [site]).map { unread in
            DashboardAlert(
                site: site, kind: .messages, participant: unread.participant,
                text: catalog.ngettext(
                    "wrote {count} message to the study team that nobody has read yet.",
                    "wrote {count} messages to the study team that nobody has read yet.", unread.count))
        }
        return alerts
    }

    /// Participants whose newest answered rating of a tinnitus item is at least `margin` above their first one.
    private func tinnitusAlerts(
        siteID: Int, site: String, margin: Double, catalog: MessageCatalog
    ) async throws -> [DashboardAlert] {
        try await dashboard.ratingChanges(siteID: siteID, items: Self.tinnitusItems).compactMap { change in
            guard change.last - change.first >= margin - 1e-9 else { return nil }
            return DashboardAlert(
                site: site, kind: .tinnitus, participant: change.participant,
                text: catalog.gettext(
                    "rated {item} {last} on {lastAt}, {rise} above the first rating ({first} on {firstAt}; an alert from +{margin}).",
                    [
                        "item": change.item.replacingOccurrences(of: "_", with: " "),
                        "last": catalog.number(change.last, 2),
                        "lastAt": catalog.time(change.lastAt),
                        "rise": catalog.number(change.last - change.first, 2),
                        "first": catalog.number(change.first, 2),
                        "firstAt": catalog.time(change.firstAt),
                        "margin": catalog.number(margin, 2),
                    ]))
        }
    }

    /// The site's machines (not revoked) that have not synced for more than `days` days: since their last sync, or
    /// since their enrolment when they never synced (a machine enrolled minutes ago is not quiet; it was an alert).
    private func quietMachineAlerts(
        site: String, now: Date, days: Int, catalog: MessageCatalog
    ) async throws -> [DashboardAlert] {
        try await devices.devicesWithLastSync(site: site).compactMap { device, last in
            guard device.revokedAt == nil, now.timeIntervalSince(last ?? device.enrolledAt) > Double(days) * 86_400
            else { return nil }
            return DashboardAlert(
                site: site, kind: .quiet, participant: nil,
                text: last.map { last in
                    catalog.ngettext(
                        "The machine {machine} has not synced since {when} (more than {count} day is an alert).",
                        "The machine {machine} has not synced since {when} (more than {count} days is an alert).",
                        days, ["machine": device.name, "when": catalog.time(last)])
                }
                    ?? catalog.ngettext(
                        "The machine {machine} has not synced since its enrolment (more than {count} day is an alert).",
                        "The machine {machine} has not synced since its enrolment (more than {count} days is an alert).",
                        days, ["machine": device.name]))
        }
    }
}
