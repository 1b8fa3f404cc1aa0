// Every sentence of the doctor's PDF, in English, in one place: a translation replaces this file's strings only.
import Foundation

/// The PDF's wording. Numbers come formatted by the caller; nothing here decides what is shown.
enum DoctorReportWording {
    static let title = "SoundSafari: summary for the doctor"
    static func subtitle(participant: String) -> String {
        "Participant \(participant) (a pseudonymous study ID: this record holds no name)"
    }
    static func period(from first: String, to last: String) -> String { "Period of the data: \(first) to \(last)." }
    static let noData = "Period of the data: there is no dated record yet."
    static func exported(on day: String, version: String) -> String {
        "Exported on \(day) by SoundSafari \(version). Values are as the patient's program logged them."
    }
    static func footer(participant: String, version: String) -> String {
        "SoundSafari \(version) · participant \(participant) · health data: keep it confidential"
    }
    static func page(_ page: Int, of pages: Int) -> String { "page \(page) of \(pages)" }
    static let missingHeading = "Not in this record"

    // Hearing.
    static let hearingHeading = "Hearing and tinnitus"
    static let audiogramColumns = ["Hz", "right O", "left X"]
    static let noAudiogram = "No audiogram was measured or entered."
    static func audiogramSource(version: Int, day: String, source: String) -> String {
        "Audiogram of profile version \(version) (\(day), \(source.isEmpty ? "entered" : source))."
    }
    static let uncalibrated =
        "The headphones were not calibrated: thresholds are in dB relative to full scale, not dB HL, and only compare within this patient."
    static func tinnitus(pitch: String, probe: String, ear: String, loudness: String?) -> String {
        "Tinnitus pitch match: \(pitch) Hz (matched with a \(probe), \(ear))"
            + (loudness.map { ", loudness match \($0) dB above threshold." } ?? ".")
    }
    static let noTinnitus = "No tinnitus pitch match."
    static func profile(version: Int, notch: String, gains: String, ceiling: String, volume: String) -> String {
        "Sound profile in use (version \(version)): \(notch); \(gains); output ceiling \(ceiling) dBFS; \(volume)."
    }
    static func notch(width: String, centre: String) -> String { "notch of \(width) octave at \(centre) Hz" }
    static let noNotch = "no notch"
    static func gains(rule: String, cap: String) -> String {
        rule == "none" ? "no gain by ear" : "gain by ear by the \(rule) rule, at most \(cap) dB"
    }
    static func maxVolume(_ value: String?) -> String {
        value.map { "maximum volume \($0) dB" } ?? "the game's default maximum volume"
    }

    // Training.
    static let trainingHeading = "Training plan and adherence"
    static let noPlan = "No training plan was assigned."
    static func plan(name: String, assigned: String, total: Int, minutes: String, perWeek: Int) -> String {
        "Plan \"\(name)\", assigned on \(assigned): \(total) sessions of about \(minutes) minutes, \(perWeek) a week."
    }
    static func adherence(done: Int, total: Int, missed: Int, opened: Int) -> String {
        "Done: \(done) of \(total) sessions. Missed: \(missed) (their day passed unplayed). Due by the export's day: \(opened)."
    }

    // Localization.
    static let localizationHeading = "Localization progress"
    static let noSessions = "There are no sessions with photos yet."
    static let oneSession = "One session only: no trend yet."
    static func trend(count: Int, first: String, latest: String, verdict: String) -> String {
        let sessions = count == 1 ? "the first session" : "the first \(count) sessions"
        let latestSessions = count == 1 ? "the latest" : "the latest \(count)"
        return "Median localization error: \(first)° in \(sessions), \(latest)° in \(latestSessions): \(verdict)."
    }
    static func better(_ percent: String) -> String { "\(percent) % smaller, an improvement" }
    static func worse(_ percent: String) -> String { "\(percent) % larger, a deterioration" }
    static let same = "about the same (within 5 %)"
    static func reversals(first: String, latest: String) -> String {
        "Front-back reversals: \(first) % of photos at first, \(latest) % lately."
    }
    static let sessionColumns = ["session", "date", "photos", "median error", "reversals", "median time", "done"]
    static let yes = "yes"
    static let no = "no"

    // Ratings.
    static let ratingsHeading = "Tinnitus ratings over time"
    static let noRatings = "No tinnitus ratings were given."
    static func ratingsCount(_ answered: Int, skipped: Int) -> String {
        "\(answered) answers (\(skipped) questions skipped) before and after sessions and at reminders."
    }
    static let ratingColumns = ["question", "answers", "first", "latest", "scale"]
    static let yesNoScale = "1 yes, 0 no"
    static func sliderScale(_ left: String, _ right: String) -> String { "0 \(left) … 1 \(right)" }
    static func manikinScale(_ left: String, _ right: String) -> String { "1 \(left) … 9 \(right)" }
    static let loudnessTitle = "Tinnitus loudness"
    static let distressTitle = "Tinnitus distress"
    static let daysAxis = "days since the first rating"
    static let sliderAxis = "0 none … 1 extreme"

    // Questionnaires.
    static let questionnairesHeading = "Questionnaires"
    static let noQuestionnaires = "No questionnaire was answered."
    static func score(_ total: String, band: String?, day: String) -> String {
        total + (band.map { " (\($0))" } ?? "") + " on \(day)"
    }
    static func scoredOnce(_ title: String, _ score: String) -> String { "\(title): \(score); taken once so far." }
    static func scoreChange(_ title: String, first: String, latest: String, change: String, verdict: String) -> String {
        "\(title): \(first), latest \(latest); change \(change); \(verdict)."
    }
    static func rci(_ words: String, _ value: String) -> String { "\(words) (reliable change index \(value))" }
    static let improved = "improved"
    static let worsened = "worsened"
    static let noReliableChange = "no reliable change"
    static let noRCI = "the reliable change is not computable: the instrument file declares no reliability and SD"
    static let unscored = "Taken without a score (answers only): "

    // Diary.
    static let diaryHeading = "Diary: events and therapies"
    static let noDiary = "The diary is empty."
    static func diaryEntry(
        from: String, until: String?, ongoing: Bool, kind: String, type: String, name: String, note: String
    ) -> String {
        let period = from + (until.map { " to \($0)" } ?? "") + (ongoing ? " onwards (ongoing)" : "")
        return period + ", \(kind) (\(type)): \(name)" + (note.isEmpty ? "" : " — \(note)")
    }

    // Glossary.
    static let glossaryHeading = "What the numbers mean"
    static let glossary = [
        "Hearing threshold (dB HL): the softest tone heard at a frequency, measured by SoundSafari's hearing test (Hughson-Westlake) or entered from an audiogram. Right ear O in red, left ear X in blue; hearing level increases downwards.",
        "Tinnitus pitch: the frequency the patient matched to their tinnitus (the median of 3 to 5 runs, with an octave check).",
        "Sound profile: how the game's sound is tailored: a notch filter at the tinnitus pitch, gains per ear from the audiogram, and a limiter whose ceiling no sample exceeds.",
        "Localization error: the angle between where an animal called from and where the patient pointed, per photo; each session's median is shown. Training lowers it.",
        "Front-back reversal: a photo taken at the mirror image of the animal across the ears' axis (in front instead of behind, or the reverse), in per cent of a session's photos.",
        "Adherence: sessions done against the plan's calendar; a session is missed when its day passed unplayed.",
        "Tinnitus ratings: loudness and distress on sliders from 0 (not audible, not at all) to 1 (extremely); mood and arousal on 9-point manikin scales.",
        "Reliable change: the Jacobson–Truax index of the change between the first and the latest total; beyond ±1.96 the change exceeds the instrument's measurement error (lower totals are less distress). It needs the instrument's published reliability and SD.",
    ]
}
