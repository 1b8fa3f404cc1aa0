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

extension DashboardAlert.Kind {
    /// The overview's heading of this kind's alerts, in `catalog`'s language.
    func title(_ catalog: MessageCatalog) -> String {
        switch self {
        case .missed: catalog.gettext("Missed plan sessions")
        case .dose: catalog.gettext("Weekly listening dose past 100 %")
        case .headphones: catalog.gettext("Headphone checks failed or continued anyway")
        case .tinnitus: catalog.gettext("Tinnitus rated worse")
        case .quiet: catalog.gettext("Machines that do not sync")
        case .unreadable: catalog.gettext("Synced data that cannot be read")
        case .messages: catalog.gettext("Unread messages")
        }
    }
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

    /// The alerts of `site` at `now`, kind by kind (`DashboardAlert.Kind`'s order), each kind's in participant order.
    /// Missed sessions are the participants table's (`PlanSchedule` over the kept summary rows, the one adherence
    /// rule the table, the participant's page and `soundsafari status` count with); the weekly dose is the one dose
    /// rule, `WeekDose.of`, over the sessions table's columns; headphone checks are read from the `headphone_check`
    /// lists of the sessions of the last `headphoneDays` days. No session.json is read whole: a site of 1,000
    /// participants read 16,000 to judge these, 3.5 s a page. The texts are in `catalog`'s language (the page's).
    public func alerts(
        site: String, now: Date, thresholds: AlertThresholds, catalog: MessageCatalog = .english
    ) async throws -> [DashboardAlert] {
        guard let siteID = try await dashboard.siteID(site) else { return [] }
        // The five reads are independent, so they run at once (one after another they were 65 of the page's
        // 100–130 ms on a site of 1,000 participants, with one client).
        let headphoneSince = now.addingTimeInterval(-Double(thresholds.headphoneDays) * 86_400)
        async let table = dashboard.participantTable(site: site, now: now)
        async let recentSessions = dashboard.recentSessions(
            siteID: siteID, since: min(headphoneSince, now.addingTimeInterval(-7 * 86_400)))
        async let tinnitus = tinnitusAlerts(
            siteID: siteID, site: site, margin: thresholds.tinnitusMargin, catalog: catalog)
        async let quiet = quietMachineAlerts(site: site, now: now, days: thresholds.quietDays, catalog: catalog)
        async let unread = messages.unreadMessages(sites: [site])
        var alerts: [DashboardAlert] = []
        for row in try await table {
            guard let schedule = row.schedule, schedule.missed > 0 else { continue }
            alerts.append(
                DashboardAlert(
                    site: site, kind: .missed, participant: row.participant,
                    text: catalog.ngettext(
                        "missed {count} session of the plan '{plan}' ({done} of {total} done; due next: {next}).",
                        "missed {count} sessions of the plan '{plan}' ({done} of {total} done; due next: {next}).",
                        schedule.missed,
                        [
                            "plan": schedule.assigned.plan.name, "done": String(schedule.done),
                            "total": String(schedule.assigned.plan.totalSessions), "next": schedule.dueNext(catalog),
                        ])))
        }
        let recent = Dictionary(grouping: try await recentSessions, by: \.participant)
        let participants = recent.keys.sorted()
        for participant in participants {
            let week = WeekDose.of(recent[participant, default: []].map(\.dose), before: now, excluding: nil)
            guard week.fraction > 1 else { continue }
            alerts.append(
                DashboardAlert(
                    site: site, kind: .dose, participant: participant,
                    text: catalog.ngettext(
                        "listened {percent} % of the weekly safe dose in the last 7 days ({count} session).",
                        "listened {percent} % of the weekly safe dose in the last 7 days ({count} sessions).",
                        week.sessions, ["percent": catalog.number(week.fraction * 100, 0)])))
        }
        for participant in participants {
            for session in recent[participant, default: []] where session.dose.startedAt > headphoneSince {
                alerts += headphoneAlerts(session, site: site, catalog: catalog)
            }
        }
        alerts += try await tinnitus
        alerts += try await quiet
        // A message to the study team nobody of the site has read yet (the participant's page marks it read).
        alerts += try await unread.map { unread in
            DashboardAlert(
                site: site, kind: .messages, participant: unread.participant,
                text: catalog.ngettext(
                    "wrote {count} message to the study team that nobody has read yet.",
                    "wrote {count} messages to the study team that nobody has read yet.", unread.count))
        }
        return alerts
    }

    /// A session's headphone checks that failed or were continued anyway, read with the game's codec; a list that
    /// cannot be read (ingest reads it with the same codec, so a database edited by hand) is an alert saying so.
    private func headphoneAlerts(
        _ session: StudyDatabase.RecentSession, site: String, catalog: MessageCatalog
    ) -> [DashboardAlert] {
        guard let json = session.headphoneChecks else { return [] }
        let checks: [HeadphoneCheckOutcome]
        do {
            checks = try HeadphoneCheckOutcome.decodeList(Data(json.utf8), file: session.file)
        } catch {
            return [
                DashboardAlert(
                    site: site, kind: .unreadable, participant: session.participant,
                    text: catalog.gettext(
                        "the headphone checks of {file} cannot be read ({error}); they are left out of these alerts.",
                        ["file": session.file, "error": (error as? RecordError)?.reason ?? "\(error)"]))
            ]
        }
        let when = catalog.time(session.dose.startedAt)
        return checks.filter { $0.result == .continuedAnyway || $0.failedAttempts > 0 }.map { check in
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
            return DashboardAlert(site: site, kind: .headphones, participant: session.participant, text: text)
        }
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
