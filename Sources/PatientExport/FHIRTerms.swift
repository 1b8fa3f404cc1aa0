// The FHIR vocabulary of the export: the project's canonical URLs, its own code system, the LOINC codes it uses.
import GameCore
import StudyRecords

/// Every code the FHIR export writes, in one place; docs/FHIR.md lists the same codes and the validator
/// (scripts/fhir-validate.py) refuses a bundle that uses any code not listed there.
public enum FHIRTerms {
    /// The project's canonical base: an identifier for its code system and questionnaires (nothing is served there).
    public static let base = "https://soundsafari.org/fhir"
    /// The project's own code system.
    public static let codeSystem = base + "/CodeSystem/soundsafari"
    /// The system of the Patient's identifier: the pseudonymous study ID.
    public static let participantIDSystem = base + "/participant-id"
    /// The system of a Device's identifier: the machine's `device_id` of session.json.
    public static let deviceIDSystem = base + "/device-id"
    /// The system of a session's identifier: its `session_id`.
    public static let sessionIDSystem = base + "/session-id"
    public static let loinc = "http://loinc.org"
    public static let ucum = "http://unitsofmeasure.org"
    public static let observationCategory = "http://terminology.hl7.org/CodeSystem/observation-category"
    public static let dataAbsentReason = "http://terminology.hl7.org/CodeSystem/data-absent-reason"

    /// A Questionnaire's canonical URL.
    public static func questionnaireURL(_ instrument: String) -> String { base + "/Questionnaire/" + instrument }

    /// One code of the project's code system.
    public struct Concept: Sendable, Equatable {
        public let code: String
        public let display: String
        public let definition: String
    }

    /// The project's code system, every code (docs/FHIR.md has the same table).
    public static let concepts: [Concept] = fixedConcepts + diaryConcepts

    static let fixedConcepts: [Concept] = [
        Concept(
            code: "hearing-threshold-left", display: "Hearing threshold, left ear",
            definition:
                "Pure-tone threshold of the left ear at a frequency LOINC has no code for; the frequency is the component test-frequency."
        ),
        Concept(
            code: "hearing-threshold-right", display: "Hearing threshold, right ear",
            definition:
                "Pure-tone threshold of the right ear at a frequency LOINC has no code for; the frequency is the component test-frequency."
        ),
        Concept(
            code: "threshold-re-full-scale-left", display: "Uncalibrated threshold, left ear",
            definition:
                "Threshold of the left ear in dB relative to the headphones' full scale, measured without a calibration (not dB HL)."
        ),
        Concept(
            code: "threshold-re-full-scale-right", display: "Uncalibrated threshold, right ear",
            definition:
                "Threshold of the right ear in dB relative to the headphones' full scale, measured without a calibration (not dB HL)."
        ),
        Concept(code: "test-frequency", display: "Test frequency", definition: "The frequency of a threshold, in Hz."),
        Concept(
            code: "tinnitus-pitch", display: "Tinnitus pitch match",
            definition: "The frequency matched to the tinnitus (median of the runs), in Hz."),
        Concept(
            code: "tinnitus-loudness-match", display: "Tinnitus loudness match",
            definition: "The level matched to the tinnitus, in dB above the threshold at its pitch."),
        Concept(
            code: "tinnitus-ear", display: "Tinnitus ear", definition: "Where the tinnitus is: left, right or both."),
        Concept(
            code: "tinnitus-probe", display: "Pitch-match probe",
            definition: "What the tinnitus was matched against: a tone, or 1/3-octave noise."),
        Concept(
            code: "sound-profile", display: "Sound profile in use",
            definition: "The participant's output tailoring of the newest profile.json version, as components."),
        Concept(
            code: "notch-center-frequency", display: "Notch centre",
            definition: "Centre of the notch filter at the tinnitus pitch, in Hz."),
        Concept(code: "notch-width", display: "Notch width", definition: "Width of the notch filter, in octaves."),
        Concept(
            code: "gain-rule", display: "Gain rule",
            definition: "How per-ear gains follow the audiogram: half-gain, nal-r or none."),
        Concept(code: "max-gain", display: "Maximum gain", definition: "The cap on any ear's gain, in dB."),
        Concept(
            code: "output-ceiling", display: "Output ceiling",
            definition: "The limiter's ceiling, in dB relative to full scale."),
        Concept(
            code: "max-volume", display: "Maximum volume",
            definition: "The supervisor's maximum volume, in dB (0 dB is the game's full volume)."),
        Concept(
            code: "rating-tinnitus-noticed", display: "Tinnitus noticed",
            definition: "Did you notice your tinnitus just now? (yes/no; ratings codebook)"),
        Concept(
            code: "rating-tinnitus-loudness", display: "Tinnitus loudness",
            definition: "How loud is your tinnitus right now? (0 not audible … 1 extremely loud)"),
        Concept(
            code: "rating-tinnitus-distress", display: "Tinnitus distress",
            definition: "How distressing is your tinnitus right now? (0 not at all … 1 extremely)"),
        Concept(
            code: "rating-mood", display: "Mood (SAM valence)",
            definition: "How is your mood? (Self-Assessment Manikin, 1 very unhappy … 9 very happy)"),
        Concept(
            code: "rating-arousal", display: "Arousal (SAM)",
            definition: "How aroused or restless are you? (Self-Assessment Manikin, 1 very calm … 9 very excited)"),
        Concept(
            code: "rating-stress", display: "Stress",
            definition: "How stressed do you feel? (0 not at all … 1 extremely)"
        ),
        Concept(
            code: "rating-concentration", display: "Concentration",
            definition:
                "How much did you concentrate on what you were doing? (0 not at all … 1 completely; after a session only)"
        ),
        Concept(
            code: "rating-moment", display: "Rating moment",
            definition: "When a rating was answered: before or after a session, or at a reminder's prompt."),
        Concept(
            code: "session-index", display: "Session number",
            definition: "The participant's session_index: 1 for their first session, and so on."),
        Concept(
            code: "localization-session", display: "Localization training session",
            definition: "One session's localization outcomes, as components (the progress chart's summary)."),
        Concept(
            code: "median-abs-deviation", display: "Median localization error",
            definition: "Median absolute deviation between the animal's direction and the photo, in degrees."),
        Concept(
            code: "front-back-reversal-rate", display: "Front-back reversals",
            definition: "Photos taken at the front-back mirror of the animal, in per cent of the session's photos."),
        Concept(
            code: "median-search-time", display: "Median search time",
            definition: "Median time from the animal's first sound to the photo, in seconds."),
        Concept(code: "photos", display: "Photos", definition: "Animals photographed in the session."),
        Concept(code: "skipped-animals", display: "Skipped animals", definition: "Animals the patient skipped."),
        Concept(
            code: "session-completed", display: "Session done",
            definition: "True when the session counts as done: completed, or ended by the plan's minutes."),
        Concept(
            code: "questionnaire-score", display: "Questionnaire total score",
            definition:
                "The total of a scored instrument's administration as logged (questionnaires.csv's finished row); derivedFrom names the QuestionnaireResponse."
        ),
        Concept(
            code: "reliable-change-index", display: "Reliable change index",
            definition:
                "Jacobson–Truax RCI of this total against the instrument's first administration; |RCI| > 1.96 is a reliable change."
        ),
        Concept(
            code: "plan-adherence", display: "Training adherence",
            definition: "Sessions done, missed and opened so far under the plan's calendar, as components."),
        Concept(code: "sessions-done", display: "Sessions done", definition: "Plan sessions done."),
        Concept(
            code: "sessions-missed", display: "Sessions missed",
            definition: "Plan sessions whose day passed unplayed."),
        Concept(
            code: "sessions-opened", display: "Sessions due so far",
            definition: "Plan sessions whose day has come by the export's date."),
        Concept(
            code: "localization-training", display: "Sound localization training",
            definition: "SoundSafari's training plan: sessions of finding animals by ear."),
        Concept(
            code: "diary-event", display: "Diary event",
            definition: "An event the patient noted in their diary; the value names its type."),
        Concept(
            code: "diary-therapy", display: "Diary therapy",
            definition: "A therapy the patient noted in their diary; the code's second coding names its type."),
    ]

    /// The diary's event and therapy types (`DiaryRow.eventTypes`, `therapyTypes`) as codes `event.TYPE`,
    /// `therapy.TYPE`.
    static var diaryConcepts: [Concept] {
        DiaryRow.eventTypes.map {
            Concept(code: "event.\($0)", display: "Event: \($0)", definition: "A diary event of type \($0).")
        }
            + DiaryRow.therapyTypes.map {
                Concept(code: "therapy.\($0)", display: "Therapy: \($0)", definition: "A diary therapy of type \($0).")
            }
    }

    /// One LOINC code: an ear's hearing threshold at one frequency (the Pure tone threshold audiometry panel 89015-2).
    public struct LOINCThreshold: Sendable, Equatable {
        public let code: String
        public let ear: Ear
        public let frequencyHz: Double
        public var display: String { "Hearing threshold Ear - \(ear.rawValue) --\(Int(frequencyHz)) Hz" }
    }

    /// The LOINC codes used for audiogram thresholds (docs/FHIR.md lists the same). Other frequencies take the
    /// project's `hearing-threshold-left`/`-right` with the frequency as a component.
    public static let loincThresholds: [LOINCThreshold] = [
        LOINCThreshold(code: "89024-4", ear: .left, frequencyHz: 500),
        LOINCThreshold(code: "89016-0", ear: .left, frequencyHz: 1000),
        LOINCThreshold(code: "89018-6", ear: .left, frequencyHz: 2000),
        LOINCThreshold(code: "89020-2", ear: .left, frequencyHz: 3000),
        LOINCThreshold(code: "89022-8", ear: .left, frequencyHz: 4000),
        LOINCThreshold(code: "89026-9", ear: .left, frequencyHz: 6000),
        LOINCThreshold(code: "89028-5", ear: .left, frequencyHz: 8000),
        LOINCThreshold(code: "89025-1", ear: .right, frequencyHz: 500),
        LOINCThreshold(code: "89017-8", ear: .right, frequencyHz: 1000),
        LOINCThreshold(code: "89019-4", ear: .right, frequencyHz: 2000),
        LOINCThreshold(code: "89021-0", ear: .right, frequencyHz: 3000),
        LOINCThreshold(code: "89023-6", ear: .right, frequencyHz: 4000),
        LOINCThreshold(code: "89027-7", ear: .right, frequencyHz: 6000),
        LOINCThreshold(code: "89029-3", ear: .right, frequencyHz: 8000),
    ]

    public static func loincThreshold(ear: Ear, frequencyHz: Double) -> LOINCThreshold? {
        loincThresholds.first { $0.ear == ear && $0.frequencyHz == frequencyHz }
    }

    public static func concept(_ code: String) -> Concept? { concepts.first { $0.code == code } }
}
