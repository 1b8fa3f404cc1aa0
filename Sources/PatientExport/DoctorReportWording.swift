// Every sentence of the doctor's PDF in one place, marked for gettext (po/): the PDF speaks the patient's language.
import Foundation
import GameCore
import Localization
import StudyRecords

/// The PDF's wording. Numbers and days come formatted by the caller in the active language (`DoctorReport.number`,
/// `DoctorReport.day`); nothing here decides what is shown. Each sentence is looked up when it is used, so the
/// language `Translation.activate` chose for the run is the one printed.
enum DoctorReportWording {
    static var title: String { Translation.gettext("SoundSafari: summary for the doctor") }
    static func subtitle(participant: String) -> String {
        Translation.gettext(
            // TRANSLATORS: the doctor's PDF, under its title; {participant} is a study ID such as P01.
            "Participant {participant} (a pseudonymous study ID: this record holds no name)",
            ["participant": participant])
    }
    static func period(from first: String, to last: String) -> String {
        // TRANSLATORS: the doctor's PDF; {first} and {last} are days (28.11.2026 in German).
        Translation.gettext("Period of the data: {first} to {last}.", ["first": first, "last": last])
    }
    static var noData: String { Translation.gettext("Period of the data: there is no dated record yet.") }
    static func exported(on day: String, version: String) -> String {
        Translation.gettext(
            "Exported on {day} by SoundSafari {version}. Values are as the patient's program logged them.",
            ["day": day, "version": version])
    }
    static func footer(participant: String, version: String) -> String {
        Translation.gettext(
            // TRANSLATORS: the doctor's PDF, the foot of every page.
            "SoundSafari {version} · participant {participant} · health data: keep it confidential",
            ["version": version, "participant": participant])
    }
    static func page(_ page: Int, of pages: Int) -> String {
        Translation.gettext("page {page} of {pages}", ["page": String(page), "pages": String(pages)])
    }
    static var missingHeading: String { Translation.gettext("Not in this record") }

    // Hearing.
    static var hearingHeading: String { Translation.gettext("Hearing and tinnitus") }
    static var audiogramColumns: [String] {
        // TRANSLATORS: the doctor's PDF, the audiogram table's columns: O and X are the audiogram's symbols.
        [Translation.gettext("Hz"), Translation.gettext("right O"), Translation.gettext("left X")]
    }
    static var noAudiogram: String { Translation.gettext("No audiogram was measured or entered.") }
    static func audiogramSource(version: Int, day: String, source: String) -> String {
        Translation.gettext(
            // TRANSLATORS: {source} is how the audiogram came: the test's name (hearing-test) or "entered".
            "Audiogram of profile version {version} ({day}, {source}).",
            ["version": String(version), "day": day, "source": source.isEmpty ? entered : source])
    }
    static var entered: String { Translation.gettext("entered") }
    static var uncalibrated: String {
        Translation.gettext(
            "The headphones were not calibrated: thresholds are in dB relative to full scale, not dB HL, and only compare within this patient."
        )
    }
    static func tinnitus(pitch: String, probe: String, ear: String, loudness: String?) -> String {
        let values: KeyValuePairs<String, String> = [
            "pitch": pitch, "probe": probe, "ear": ear, "loudness": loudness ?? "",
        ]
        guard loudness != nil else {
            // TRANSLATORS: {probe} is the matching sound (tone, narrowband noise); {ear} is left, right or both.
            return Translation.gettext("Tinnitus pitch match: {pitch} Hz (matched with a {probe}, {ear}).", values)
        }
        return Translation.gettext(
            "Tinnitus pitch match: {pitch} Hz (matched with a {probe}, {ear}), loudness match {loudness} dB above threshold.",
            values)
    }
    /// The sound the pitch was matched with.
    static func probe(_ probe: PitchProbe) -> String {
        switch probe {
        case .tone: Translation.gettext("tone")
        case .noise: Translation.gettext("narrowband noise")
        }
    }
    /// The ear of a tinnitus match as the profile logs it (left, right, both); another word is printed as it is.
    static func ear(_ ear: String) -> String {
        switch ear {
        case "left": Translation.gettext("left ear")
        case "right": Translation.gettext("right ear")
        case "both": Translation.gettext("both ears")
        default: ear
        }
    }
    static var noTinnitus: String { Translation.gettext("No tinnitus pitch match.") }
    static func profile(version: Int, notch: String, gains: String, ceiling: String, volume: String) -> String {
        Translation.gettext(
            "Sound profile in use (version {version}): {notch}; {gains}; output ceiling {ceiling} dBFS; {volume}.",
            ["version": String(version), "notch": notch, "gains": gains, "ceiling": ceiling, "volume": volume])
    }
    static func notch(width: String, centre: String) -> String {
        Translation.gettext("notch of {width} octave at {centre} Hz", ["width": width, "centre": centre])
    }
    static var noNotch: String { Translation.gettext("no notch") }
    static func gains(rule: String, cap: String) -> String {
        guard rule != "none" else { return Translation.gettext("no gain by ear") }
        // TRANSLATORS: {rule} is a fitting rule's name (half-gain, NAL-R): keep it as it is.
        return Translation.gettext("gain by ear by the {rule} rule, at most {cap} dB", ["rule": rule, "cap": cap])
    }
    static func maxVolume(_ value: String?) -> String {
        guard let value else { return Translation.gettext("the game's default maximum volume") }
        return Translation.gettext("maximum volume {volume} dB", ["volume": value])
    }

    // Training.
    static var trainingHeading: String { Translation.gettext("Training plan and adherence") }
    static var noPlan: String { Translation.gettext("No training plan was assigned.") }
    static func plan(name: String, assigned: String, total: Int, minutes: String, perWeek: Int) -> String {
        Translation.ngettext(
            // TRANSLATORS: {plan} is the plan's name (an ID); {count} sessions in the plan; {perWeek} a week.
            "Plan \"{plan}\", assigned on {day}: {count} session of about {minutes} minutes, {perWeek} a week.",
            "Plan \"{plan}\", assigned on {day}: {count} sessions of about {minutes} minutes, {perWeek} a week.",
            total, ["plan": name, "day": assigned, "minutes": minutes, "perWeek": String(perWeek)])
    }
    /// Sessions done against the plan; sessions played before their day opened are said as such, so "done 4 of 4"
    /// never stands beside "1 due" unexplained.
    static func adherence(done: Int, total: Int, missed: Int, opened: Int) -> String {
        let doneSentence = Translation.ngettext(
            // TRANSLATORS: {done} sessions of the plan played, of {count} in the plan.
            "Done: {done} of {count} session.", "Done: {done} of {count} sessions.", total, ["done": String(done)])
        guard done <= opened else {
            return doneSentence + " "
                + Translation.ngettext(
                    // TRANSLATORS: sessions played before the plan's calendar opened them (the patient was ahead).
                    "{count} of them was played ahead of the plan's calendar; none is missed.",
                    "{count} of them were played ahead of the plan's calendar; none is missed.", done - opened)
        }
        return doneSentence + " "
            + Translation.ngettext(
                // TRANSLATORS: {count} sessions had opened by the export's day; {missed}: their day passed unplayed.
                "By the day of the export {count} session had opened; missed: {missed} (their day passed unplayed).",
                "By the day of the export {count} sessions had opened; missed: {missed} (their day passed unplayed).",
                opened, ["missed": String(missed)])
    }

    // Localization.
    static var localizationHeading: String { Translation.gettext("Localization progress") }
    static var noSessions: String { Translation.gettext("There are no sessions with photos yet.") }
    static var oneSession: String { Translation.gettext("One session only: no trend yet.") }
    static func trend(count: Int, first: String, latest: String, verdict: String) -> String {
        Translation.ngettext(
            // TRANSLATORS: {first} and {latest} are angles in degrees; {verdict} is e.g. "12 % smaller, an improvement".
            "Median localization error: {first}° in the first session, {latest}° in the latest: {verdict}.",
            "Median localization error: {first}° in the first {count} sessions, {latest}° in the latest {count}: {verdict}.",
            count, ["first": first, "latest": latest, "verdict": verdict])
    }
    static func better(_ percent: String) -> String {
        Translation.gettext("{percent} % smaller, an improvement", ["percent": percent])
    }
    static func worse(_ percent: String) -> String {
        Translation.gettext("{percent} % larger, a deterioration", ["percent": percent])
    }
    static var same: String { Translation.gettext("about the same (within 5 %)") }
    static func reversals(first: String, latest: String) -> String {
        Translation.gettext(
            "Front-back reversals: {first} % of photos at first, {latest} % lately.",
            ["first": first, "latest": latest])
    }
    static var sessionColumns: [String] {
        [
            // TRANSLATORS: the doctor's PDF, the sessions table's columns (narrow: keep them short).
            Translation.gettext("session"), Translation.gettext("date"), Translation.gettext("photos"),
            Translation.gettext("median error"), Translation.gettext("reversals"), Translation.gettext("median time"),
            Translation.gettext("done"),
        ]
    }
    static var yes: String { Translation.gettext("yes") }
    static var no: String { Translation.gettext("no") }

    // Ratings.
    static var ratingsHeading: String { Translation.gettext("Tinnitus ratings over time") }
    static var noRatings: String { Translation.gettext("No tinnitus ratings were given.") }
    static func ratingsCount(_ answered: Int, skipped: Int) -> String {
        Translation.ngettext(
            "{count} answer ({skipped} questions skipped) before and after sessions and at reminders.",
            "{count} answers ({skipped} questions skipped) before and after sessions and at reminders.",
            answered, ["skipped": String(skipped)])
    }
    static var ratingColumns: [String] {
        [
            Translation.gettext("question"), Translation.gettext("answers"), Translation.gettext("first"),
            Translation.gettext("latest"), Translation.gettext("scale"),
        ]
    }
    /// A rating item's short name in the table (its ID's words in English).
    static func ratingName(_ id: String) -> String {
        switch id {
        case "tinnitus_noticed": Translation.gettext("tinnitus noticed")
        case "tinnitus_loudness": Translation.gettext("tinnitus loudness")
        case "tinnitus_distress": Translation.gettext("tinnitus distress")
        case "mood": Translation.gettext("mood")
        case "arousal": Translation.gettext("arousal")
        case "stress": Translation.gettext("stress")
        case "concentration": Translation.gettext("concentration")
        default: id.replacingOccurrences(of: "_", with: " ")
        }
    }
    static var yesNoScale: String { Translation.gettext("1 yes, 0 no") }
    /// A scale's two ends, from the rating item's own anchors in the words the game asks them (`askedAnchor`).
    static func sliderScale(_ left: String, _ right: String) -> String {
        Translation.gettext(
            "0 {left} … 1 {right}", ["left": RatingItem.askedAnchor(left), "right": RatingItem.askedAnchor(right)])
    }
    static func manikinScale(_ left: String, _ right: String) -> String {
        Translation.gettext(
            "1 {left} … 9 {right}", ["left": RatingItem.askedAnchor(left), "right": RatingItem.askedAnchor(right)])
    }
    static var loudnessTitle: String { Translation.gettext("Tinnitus loudness") }
    static var distressTitle: String { Translation.gettext("Tinnitus distress") }
    static var daysAxis: String { Translation.gettext("days since the first rating") }
    static var sliderAxis: String { Translation.gettext("0 none … 1 extreme") }

    // Questionnaires.
    static var questionnairesHeading: String { Translation.gettext("Questionnaires") }
    static var noQuestionnaires: String { Translation.gettext("No questionnaire was answered.") }
    /// A total with its band (the instrument's own words, such as "mild (0-7)") and its day.
    static func score(_ total: String, band: String?, day: String) -> String {
        guard let band else { return Translation.gettext("{total} on {day}", ["total": total, "day": day]) }
        // TRANSLATORS: {band} is the instrument's own band name with its range, e.g. "mild (0-7)".
        return Translation.gettext("{total}, {band}, on {day}", ["total": total, "band": band, "day": day])
    }
    static func scoredOnce(_ title: String, _ score: String) -> String {
        Translation.gettext("{title}: {score}; taken once so far.", ["title": title, "score": score])
    }
    static func scoreChange(_ title: String, first: String, latest: String, change: String, verdict: String) -> String {
        Translation.gettext(
            "{title}: {first}, latest {latest}; change {change}; {verdict}.",
            ["title": title, "first": first, "latest": latest, "change": change, "verdict": verdict])
    }
    static func rci(_ words: String, _ value: String) -> String {
        Translation.gettext("{words} (reliable change index {value})", ["words": words, "value": value])
    }
    static var improved: String { Translation.gettext("improved") }
    static var worsened: String { Translation.gettext("worsened") }
    static var noReliableChange: String { Translation.gettext("no reliable change") }
    static var noRCI: String {
        Translation.gettext(
            "the reliable change is not computable: the instrument file declares no reliability and SD")
    }
    static var unscored: String { Translation.gettext("Taken without a score (answers only): ") }

    // Diary.
    static var diaryHeading: String { Translation.gettext("Diary: events and therapies") }
    static var noDiary: String { Translation.gettext("The diary is empty.") }
    static func diaryEntry(
        from: String, until: String?, ongoing: Bool, kind: String, type: String, name: String, note: String
    ) -> String {
        let period =
            ongoing
            ? Translation.gettext("{from} onwards (ongoing)", ["from": from])
            : until.map { Translation.gettext("{from} to {until}", ["from": from, "until": $0]) } ?? from
        let kindWord = kind == "therapy" ? Translation.gettext("therapy") : Translation.gettext("event")
        let values: KeyValuePairs<String, String> = [
            "period": period, "kind": kindWord, "type": type, "name": name, "note": note,
        ]
        guard !note.isEmpty else {
            // TRANSLATORS: a diary line; {kind} is "event" or "therapy", {type} the patient's category, {name} their words.
            return Translation.gettext("{period}, {kind} ({type}): {name}", values)
        }
        // TRANSLATORS: a diary line with the patient's note after the dash.
        return Translation.gettext("{period}, {kind} ({type}): {name} — {note}", values)
    }

    // Glossary.
    static var glossaryHeading: String { Translation.gettext("What the numbers mean") }
    static var glossary: [String] {
        [
            Translation.gettext(
                "Hearing threshold (dB HL): the softest tone heard at a frequency, measured by SoundSafari's hearing test (Hughson-Westlake) or entered from an audiogram. Right ear O in red, left ear X in blue; hearing level increases downwards."
            ),
            Translation.gettext(
                "Tinnitus pitch: the frequency the patient matched to their tinnitus (the median of 3 to 5 runs, with an octave check)."
            ),
            Translation.gettext(
                "Sound profile: how the game's sound is tailored: a notch filter at the tinnitus pitch, gains per ear from the audiogram, and a limiter whose ceiling no sample exceeds."
            ),
            Translation.gettext(
                "Localization error: the angle between where an animal called from and where the patient pointed, per photo; each session's median is shown. Training lowers it."
            ),
            Translation.gettext(
                "Front-back reversal: a photo taken at the mirror image of the animal across the ears' axis (in front instead of behind, or the reverse), in per cent of a session's photos."
            ),
            Translation.gettext(
                "Adherence: sessions done against the plan's calendar; a session is missed when its day passed unplayed."
            ),
            Translation.gettext(
                "Tinnitus ratings: loudness and distress on sliders from 0 (not audible, not at all) to 1 (extremely); mood and arousal on 9-point manikin scales."
            ),
            Translation.gettext(
                "Reliable change: the Jacobson–Truax index of the change between the first and the latest total; beyond ±1.96 the change exceeds the instrument's measurement error (lower totals are less distress). It needs the instrument's published reliability and SD."
            ),
        ]
    }
}
