// Which file of an instrument id a patient answers: one with wording, the highest version, the language asked for.
import Foundation
import Localization
import StudyRecords

public enum InstrumentChoice {
    /// The instrument `id` as it can be taken: among the files with that id whose wording is there (a licensed
    /// scale's shipped file has none), those in `language` if given, the highest version; several languages left
    /// is the one in `preferring` (the run's language), else English, else one sentence asking which.
    /// `needsWording` false (a bot): a licensed scale's shipped file, which has no wording, will do.
    public static func takeable(
        id: String, language: String?, from entries: [InstrumentLibrary.Entry], needsWording: Bool = true,
        preferring: String = Translation.language.rawValue
    ) throws -> Instrument {
        let withID = entries.filter { $0.instrument.id == id }
        guard !withID.isEmpty else {
            let known = Set(entries.map(\.instrument.id)).sorted().joined(separator: ", ")
            throw QuestionnaireError("There is no instrument '\(id)'; use one of \(known) (questionnaire list).")
        }
        let worded = withID.filter { !needsWording || !$0.needsWording }.map(\.instrument)
        guard !worded.isEmpty else {
            throw QuestionnaireError(
                "\(id) has no wording on this machine (its wording is licensed); add the clinic's licensed wording with: soundsafari questionnaire add FILE"
            )
        }
        let inLanguage = worded.filter { language == nil || $0.language == language }
        guard let newest = inLanguage.map(\.version).max() else {
            throw QuestionnaireError(
                "\(id) has no wording in '\(language ?? "")'; use --language \(Set(worded.map(\.language)).sorted().joined(separator: " or "))."
            )
        }
        let candidates = inLanguage.filter { $0.version == newest }
        if candidates.count > 1, language == nil {
            for choice in [preferring, Language.english.rawValue] {
                if let chosen = candidates.first(where: { $0.language == choice }) { return chosen }
            }
        }
        guard candidates.count == 1 else {
            throw QuestionnaireError(
                "\(id) version \(newest) is there in \(candidates.map(\.language).sorted().joined(separator: " and ")); choose one with --language."
            )
        }
        return candidates[0]
    }
}
