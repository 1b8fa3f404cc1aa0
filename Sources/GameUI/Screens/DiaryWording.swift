// The diary's kinds and types as the window shows them: the logs keep the slugs (diary.csv's `kind`, `type`).
import Localization
import StudyRecords

enum DiaryWording {
    static func kind(_ kind: DiaryRow.Kind) -> String {
        switch kind {
        case .event: Translation.gettext("event")
        case .therapy: Translation.gettext("therapy")
        }
    }

    /// A type slug of `DiaryRow.eventTypes` or `therapyTypes` in words; an unknown slug (an older file's) as it is.
    static func type(_ slug: String) -> String {
        switch slug {
        case "appointment": Translation.gettext("appointment")
        case "tinnitus-attack": Translation.gettext("tinnitus attack")
        case "stressful-period": Translation.gettext("stressful period")
        case "illness": Translation.gettext("illness")
        case "noise-exposure": Translation.gettext("noise exposure")
        case "medication-change": Translation.gettext("medication change")
        case "auditory-stimulation": Translation.gettext("auditory stimulation")
        case "biofeedback": Translation.gettext("biofeedback")
        case "dental-or-jaw-treatment": Translation.gettext("dental or jaw treatment")
        case "hearing-aid": Translation.gettext("hearing aid")
        case "medication": Translation.gettext("medication")
        case "neurofeedback": Translation.gettext("neurofeedback")
        case "physical-therapy": Translation.gettext("physical therapy")
        case "psychotherapy": Translation.gettext("psychotherapy")
        case "sport": Translation.gettext("sport")
        case "tinnitus-masker-or-noiser": Translation.gettext("tinnitus masker or noiser")
        case "tinnitus-retraining-therapy": Translation.gettext("tinnitus retraining therapy")
        case "traditional-chinese-medicine": Translation.gettext("traditional Chinese medicine")
        case "transcranial-magnetic-stimulation": Translation.gettext("transcranial magnetic stimulation")
        case "other": Translation.gettext("other")
        default: slug
        }
    }

    /// Every type of `kind` by its slug, for a choice row's labels.
    static func typeLabels(of kind: DiaryRow.Kind) -> [String: String] {
        Dictionary(uniqueKeysWithValues: DiaryRow.types(of: kind).map { ($0, type($0)) })
    }
}
