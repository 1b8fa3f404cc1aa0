// codebook.md of the researcher export: what each file and column holds, the ratings items, how to read it in R.
import Foundation
import StudyRecords

enum ExportCodebook {
    static func text(sites: [String]) -> String {
        let items = RatingItem.all.enumerated().map { number, item -> String in
            let scale: String
            switch item.scale {
            case .yesNo: scale = "yes / no: 1 = yes, 0 = no"
            case .slider(let left, let right): scale = "slider \"\(left)\" … \"\(right)\": 0.000 … 1.000"
            case .manikin(let dimension, let left, let right):
                scale = "SAM \(dimension.rawValue), \"\(left)\" … \"\(right)\": 1 … \(RatingItem.manikinPoints)"
            }
            return "| \(number + 1) | `\(item.id)` | \(item.question) | \(scale) |"
        }
        return """
            # SoundSafari study export: codebook

            Sites: \(sites.joined(separator: ", ")). Exported by `soundsafari-server` from what the sites' machines synced.
            Every file is a tidy CSV (comma-separated, UTF-8, header line, `TRUE`/`FALSE`, timestamps UTC ISO 8601 with
            milliseconds, empty cells for missing values) whose first column is `site`. The columns after `site` are those
            of the game's logs (SoundSafari's docs/LOG-FORMAT.md describes each), so `soundsafari-analyze` reads this folder
            as it reads a logs folder, and R reads each file with `read.csv("trials.csv")`.

            **`session_index` is the server's number**: each participant's sessions of a site, counted across all their
            machines in the order of `started_at` (ties by `session_id`). A machine's own number is in sessions.csv
            (`local_session_index`). Participant IDs are pseudonyms of a site: the same ID at two sites is two people, so
            analyse such sites one at a time (`--site`) or rename one site's IDs.

            ## participants.csv

            One row per participant of a site: the current answers (the latest row of the sheet, by `registered_at`).
            Columns: `site`, \(ParticipantRecord.columns.map { "`\($0)`" }.joined(separator: ", ")).

            ## sessions.csv

            One row per session (its latest session.json state).

            | column | meaning |
            | --- | --- |
            | `site` | the site of the machine that sent the session |
            | `participant`, `session_id` | as in the logs |
            | `session_index` | the server's number (above) |
            | `local_session_index` | the number the machine gave it |
            | `device_id` | the machine (the log's `device_id`; empty for sessions logged before it existed) |
            | `started_at`, `ended_at` | session start and end (`ended_at` empty: running, or crashed) |
            | `completed` | every target of every round logged |
            | `ended_by` | `all_targets`, `time`, `player` or `signal` |
            | `played_s` | playing time in seconds |
            | `protocol`, `input` | the protocol's name (or the built-in mode) and the input device |
            | `plan`, `plan_version`, `plan_session`, `plan_total_sessions` | the training plan followed, if any |
            | `profile_version` | the hearing-profile version applied (empty: none) |
            | `headphone_check`, `headphone_failed_attempts` | the last headphone check's result and failed attempts |
            | `dose_fraction`, `week_dose_fraction` | sound exposure of the session and of its week (1 = 100 %) |
            | `n_trials` | trial rows the server holds for the session |

            ## trials.csv

            One row per photographed or skipped target (`skipped` TRUE: given up, no photo; leave such rows out of
            deviation and time statistics): `site`, then the logs' trials.csv columns
            (\(TrialRow.columns.map { "`\($0)`" }.joined(separator: ", "))), ordered by site, participant,
            `session_index` and trial. Rows of a session whose session.json has not reached the server yet are left out
            (the export says how many).

            ## ratings.csv

            One row per answered or skipped question: `site`, then the logs' ratings.csv columns
            (\(RatingRow.columns.map { "`\($0)`" }.joined(separator: ", "))). `value` is empty exactly when `skipped` is
            `TRUE`. `ambient_level_db` is the sound level around the patient while they rated, in `ambient_level_unit`:
            `dBFS` (an uncalibrated microphone; RMS re full scale) or `dBA` (calibrated); both empty when it was not
            measured (not allowed, no microphone, a simulated session, or logs from before issue 45). Compare levels of
            one unit only. The items (codebook version \(RatingItem.codebookVersion)):

            | # | `item` | question | scale and stored `value` |
            | --- | --- | --- | --- |
            \(items.joined(separator: "\n"))

            ## profiles.csv

            One row per version of a machine's hearing profile (profile.json): `site`, `participant`, `machine` (the
            machine's name on the server), `version` (its number in that machine's file), `created_at`, `source` (what
            made it: a hearing test, an audiogram, a prescription), `gain_rule` and `max_gain_db`, `ceiling_dbfs`,
            `max_volume_db`, `notch_width_octaves`, `tinnitus_pitch_hz`, `calibrated`, `notch_center_hz` (where the
            notch sits, empty without a notch: the tinnitus pitch, or a centre a supervisor prescribed apart from it).
            sessions.csv's `profile_version` names the version a session applied.

            ## audiograms.csv

            Every hearing threshold of every profile version that holds an audiogram, one ear and frequency per row:
            `site`, `participant`, `machine`, `version` (as in profiles.csv), `unit` (`dB HL`, or `dB re full scale
            (uncalibrated)` from a hearing test without calibrated headphones: compare one unit only), `ear` (`left`
            or `right`), `frequency_hz`, `threshold_db`.

            ## questionnaires.csv

            Every questionnaire answer, score and administration record the machines logged: `site`, then the logs'
            questionnaires.csv columns (\(QuestionnaireRow.columns.map { "`\($0)`" }.joined(separator: ", "))),
            by site and participant; `soundsafari-analyze questionnaires` reads this folder's file.

            ## diary.csv

            Every version of every diary entry (events and therapies, as added, edited and removed): `site`, then the
            logs' diary.csv columns (\(DiaryRow.columns.map { "`\($0)`" }.joined(separator: ", "))), by site and
            participant, in the order the machine wrote them (an entry's current state is its highest `version`).

            """
    }
}
