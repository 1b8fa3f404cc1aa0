// The doctor's summary of a PatientRecord as A4 pages of SVG, with the analyzer's own figures (ParticipantFigures).
import Foundation
import GameCore
import Localization
import StudyAnalysis
import StudyRecords

/// A few pages a doctor reads in two minutes: hearing and tinnitus, the profile in use, adherence, localization
/// progress with its trend in words, ratings over time, questionnaire scores with reliable change, the diary, and
/// what each number means. `soundsafari export --pdf` turns the pages into one PDF with rsvg-convert.
public enum DoctorReport {
    typealias W = DoctorReportWording

    /// The pages, each a whole SVG document of 595 × 842 pt.
    public static func pages(_ record: PatientRecord) -> [String] {
        var page = SVGPages()
        header(record, &page)
        hearing(record, &page)
        training(record, &page)
        localization(record, &page)
        ratings(record, &page)
        questionnaires(record, &page)
        diary(record, &page)
        page.heading(W.glossaryHeading)
        for line in W.glossary { page.paragraph(line, size: 8.5) }
        return page.documents(
            footer: W.footer(participant: record.participant, version: record.appVersion), pageLabel: W.page)
    }

    /// A day (UTC) in the active language's form: 2026-11-28 in English, 28.11.2026 in German.
    static func day(_ date: Date) -> String { Translation.language.day(date) }

    /// A logged day (`2026-11-28`, as diary.csv keeps it) in the active language's form; a day that does not parse
    /// is printed as logged.
    static func loggedDay(_ logged: String) -> String {
        let parts = logged.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
            let date = DateComponents(
                calendar: Calendar(identifier: .gregorian), timeZone: .gmt, year: parts[0], month: parts[1],
                day: parts[2]
            ).date
        else { return logged }
        return day(date)
    }

    /// A number as a person reads it in the active language: at most `digits` decimals, no trailing zeros, the
    /// language's decimal mark (2,5 in German).
    static func number(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "–" }
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return Translation.language.number(text == "-0" ? "0" : text)
    }

    static func header(_ record: PatientRecord, _ page: inout SVGPages) {
        // Wrapped: a translation may be longer than the page is wide (German's is).
        page.paragraph(W.title, size: 18, weight: "bold", color: "#1b3a5c")
        page.paragraph(W.subtitle(participant: record.participant), size: 10.5, weight: "bold")
        let dates =
            record.sessions.map(\.record.startedAt) + record.ratings.map(\.answeredAt)
            + record.questionnaireRows.map(\.recordedAt) + record.profiles.compactMap(\.createdAt)
            + (record.plan.map { [$0.assignedAt] } ?? [])
        if let first = dates.min(), let last = dates.max() {
            page.paragraph(W.period(from: day(first), to: day(last)))
        } else {
            page.paragraph(W.noData)
        }
        page.paragraph(W.exported(on: day(record.exportedAt), version: record.appVersion))
        let missing = record.missing
        if !missing.isEmpty {
            page.paragraph(W.missingHeading + ": " + missing.joined(separator: " "), size: 9.5)
        }
    }

    static func hearing(_ record: PatientRecord, _ page: inout SVGPages) {
        page.heading(W.hearingHeading)
        let inUse = record.profileInUse
        if let profile = record.audiogramProfile, let audiogram = profile.audiogram {
            page.paragraph(
                W.audiogramSource(
                    version: profile.version, day: profile.createdAt.map(day) ?? "–", source: profile.source))
            if audiogram.unit != .hearingLevel { page.paragraph(W.uncalibrated, size: 9) }
            if let svg = ParticipantFigures.audiogram(
                right: audiogram.right, left: audiogram.left, unit: audiogram.unit.rawValue,
                calibrated: audiogram.unit == .hearingLevel, tinnitusPitchHz: inUse?.tinnitus?.pitchHz)
            {
                page.keep(300)
                let height = page.figure(svg, width: 300, advance: false)
                // The thresholds as numbers beside the figure: a doctor may want to copy them.
                let frequencies = Set(audiogram.left.keys).union(audiogram.right.keys).sorted()
                let rows = frequencies.map { f in
                    [
                        number(f, digits: 0), audiogram.right[f].map { number($0) } ?? "–",
                        audiogram.left[f].map { number($0) } ?? "–",
                    ]
                }
                let tableHeight = page.table(
                    W.audiogramColumns, rows, columns: [50, 60, 60], x: SVGPages.margin + 320, advance: false)
                page.advance(max(height, tableHeight) + 8)
            }
        } else {
            page.paragraph(W.noAudiogram)
        }
        if let tinnitus = inUse?.tinnitus {
            page.paragraph(
                W.tinnitus(
                    pitch: number(tinnitus.pitchHz, digits: 0), probe: W.probe(tinnitus.probe),
                    ear: W.ear(tinnitus.ear),
                    loudness: tinnitus.levelDBAboveThreshold.map { number($0) }))
        } else {
            page.paragraph(W.noTinnitus)
        }
        if let profile = inUse {
            let notch = profile.tailoring.notch.map {
                W.notch(width: number($0.widthOctaves, digits: 2), centre: number($0.centerHz, digits: 0))
            }
            page.paragraph(
                W.profile(
                    version: profile.version, notch: notch ?? W.noNotch,
                    gains: W.gains(rule: profile.gainRule.rawValue, cap: number(profile.maxGainDB)),
                    ceiling: number(profile.ceilingDBFS), volume: W.maxVolume(profile.maxVolumeDB.map { number($0) })))
        }
    }

    static func training(_ record: PatientRecord, _ page: inout SVGPages) {
        page.heading(W.trainingHeading)
        guard let assigned = record.plan else {
            page.paragraph(W.noPlan)
            return
        }
        let plan = assigned.plan
        page.paragraph(
            W.plan(
                name: plan.name, assigned: day(assigned.assignedAt), total: plan.totalSessions,
                minutes: number(plan.minutesPerSession), perWeek: plan.sessionsPerWeek))
        if let schedule = record.schedule {
            page.paragraph(
                W.adherence(
                    done: schedule.done, total: plan.totalSessions, missed: schedule.missed, opened: schedule.opened))
        }
    }

    /// The sessions with photos, by session number: the logs' numbers, unless sessions of several machines share
    /// numbers (each machine counts its own; the study server's record holds them all), when the sessions are
    /// counted in the order they were played, so the doctor's table and figure run in time.
    static func summarised(_ record: PatientRecord) -> [(
        index: Int, session: PatientRecord.Session, summary: SessionSummary
    )] {
        let logged = record.sessions.compactMap(\.record.sessionIndex)
        let useLogged = logged.count == record.sessions.count && Set(logged).count == logged.count
        let played = record.sessions.sorted { $0.record.startedAt < $1.record.startedAt }
        return played.enumerated().compactMap { ordinal, session in
            session.summary.map { ((useLogged ? session.record.sessionIndex : nil) ?? ordinal + 1, session, $0) }
        }.sorted { $0.index < $1.index }
    }

    static func localization(_ record: PatientRecord, _ page: inout SVGPages) {
        page.heading(W.localizationHeading)
        let sessions = summarised(record)
        guard !sessions.isEmpty else {
            page.paragraph(W.noSessions)
            return
        }
        if sessions.count == 1 {
            page.paragraph(W.oneSession)
        } else {
            // The first and the latest sessions compared, as the patient's progress chart compares them.
            let count = min(3, sessions.count / 2)
            func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }
            let first = mean(sessions.prefix(count).map(\.summary.medianAbsDeviationDeg))
            let latest = mean(sessions.suffix(count).map(\.summary.medianAbsDeviationDeg))
            let change = first > 0 ? (latest - first) / first * 100 : 0
            let verdict =
                change <= -5
                ? W.better(number(-change, digits: 0)) : change >= 5 ? W.worse(number(change, digits: 0)) : W.same
            page.paragraph(
                W.trend(count: count, first: number(first), latest: number(latest), verdict: verdict), weight: "bold")
            let firstRates = sessions.prefix(count).compactMap(\.summary.reversalRate)
            let latestRates = sessions.suffix(count).compactMap(\.summary.reversalRate)
            if !firstRates.isEmpty && !latestRates.isEmpty {
                page.paragraph(
                    W.reversals(
                        first: number(mean(firstRates) * 100, digits: 0),
                        latest: number(mean(latestRates) * 100, digits: 0)))
            }
        }
        // A figure of one session is a lone dot at its edge: the table says it better.
        if sessions.count > 1 {
            page.sideBySide(
                ParticipantFigures.progress(sessions.map { ($0.index, $0.summary) }).prefix(2).compactMap(\.svg))
        }
        page.table(
            W.sessionColumns,
            sessions.map { entry in
                [
                    String(entry.index), day(entry.session.record.startedAt), String(entry.summary.photos),
                    number(entry.summary.medianAbsDeviationDeg) + "°",
                    entry.summary.reversalRate.map { number($0 * 100, digits: 0) + " %" } ?? "–",
                    number(entry.summary.medianTimeSeconds) + " s", entry.session.record.countsAsDone ? W.yes : W.no,
                ]
            }, columns: [55, 80, 50, 85, 70, 80, 50])
    }

    static func ratings(_ record: PatientRecord, _ page: inout SVGPages) {
        page.heading(W.ratingsHeading)
        guard let start = record.ratings.map(\.answeredAt).min() else {
            page.paragraph(W.noRatings)
            return
        }
        let answered = record.ratings.filter { !$0.skipped }
        page.paragraph(W.ratingsCount(answered.count, skipped: record.ratings.count - answered.count))
        var figures: [String] = []
        for (item, title) in [("tinnitus_loudness", W.loudnessTitle), ("tinnitus_distress", W.distressTitle)] {
            let points = answered.filter { $0.item == item }.map {
                ($0.answeredAt.timeIntervalSince(start) / 86_400, $0.value ?? .nan)
            }
            if let svg = ParticipantFigures.line(title: title, xLabel: W.daysAxis, yLabel: W.sliderAxis, points: points)
            {
                figures.append(svg)
            }
        }
        page.sideBySide(figures)
        var rows: [[String]] = []
        for item in RatingItem.all {
            let own = answered.filter { $0.item == item.id }.sorted { $0.answeredAt < $1.answeredAt }
            guard let first = own.first, let last = own.last else { continue }
            let scale: String
            switch item.scale {
            case .yesNo: scale = W.yesNoScale
            case .slider(let left, let right): scale = W.sliderScale(left, right)
            case .manikin(_, let left, let right): scale = W.manikinScale(left, right)
            }
            rows.append([
                W.ratingName(item.id), String(own.count),
                number(first.value ?? .nan, digits: 2),
                number(last.value ?? .nan, digits: 2), scale,
            ])
        }
        page.table(W.ratingColumns, rows, columns: [105, 62, 45, 45, 242])
    }

    static func questionnaires(_ record: PatientRecord, _ page: inout SVGPages) {
        page.heading(W.questionnairesHeading)
        let administrations = Administration.all(record.questionnaireRows)
        guard !administrations.isEmpty else {
            page.paragraph(W.noQuestionnaires)
            return
        }
        var unscored: [String] = []
        var instruments: [String] = []
        for administration in administrations where !instruments.contains(administration.instrument) {
            instruments.append(administration.instrument)
        }
        for id in instruments {
            let own = administrations.filter { $0.instrument == id && $0.isFinished }
            let scored = own.compactMap { a in
                a.finished.flatMap { f in f.value.flatMap(Double.init).map { (a, f, $0) } }
            }
            guard let first = scored.first(where: { $0.0.moment == .baseline }) ?? scored.first,
                let latest = scored.last
            else {
                unscored.append(id)
                continue
            }
            let instrument = record.instruments.first { $0.key.id == id }?.value
            let title = instrument?.title ?? id
            let firstScore = W.score(number(first.2), band: first.1.band, day: day(first.1.recordedAt))
            guard scored.count > 1 else {
                page.paragraph(W.scoredOnce(title, firstScore))
                continue
            }
            // The analyzer's rule (QuestionnaireAnalysis): the baseline's total against the latest; lower is less distress.
            let rci = instrument.flatMap { InstrumentScore.reliableChangeIndex($0, before: first.2, after: latest.2) }
            let verdict =
                rci.map { value in
                    let words = abs(value) <= 1.96 ? W.noReliableChange : value < 0 ? W.improved : W.worsened
                    return W.rci(words, number(value, digits: 2))
                } ?? W.noRCI
            page.paragraph(
                W.scoreChange(
                    title, first: firstScore,
                    latest: W.score(number(latest.2), band: latest.1.band, day: day(latest.1.recordedAt)),
                    change: (latest.2 >= first.2 ? "+" : "") + number(latest.2 - first.2), verdict: verdict))
        }
        if !unscored.isEmpty { page.paragraph(W.unscored + unscored.joined(separator: ", ") + ".", size: 9) }
    }

    static func diary(_ record: PatientRecord, _ page: inout SVGPages) {
        page.heading(W.diaryHeading)
        guard !record.diary.isEmpty else {
            page.paragraph(W.noDiary)
            return
        }
        // One line each, wrapped rather than cut: a name or a note is the patient's own words.
        for entry in record.diary {
            page.paragraph(
                W.diaryEntry(
                    from: loggedDay(entry.date), until: entry.endDate.isEmpty ? nil : loggedDay(entry.endDate),
                    ongoing: entry.kind == .therapy && entry.endDate.isEmpty, kind: entry.kind.rawValue,
                    type: entry.type, name: entry.name, note: entry.note), size: 9.5)
        }
    }
}
