// The participant sheet of a supervised study: the participants.csv questions of docs/LOG-FORMAT.md as menu rows.
import Foundation
import Localization
import StudyKit
import StudyRecords

/// Every answer is a choice (cycled with left/right, numbers also typed), so a gamepad alone can fill it in.
/// No names, e-mail or addresses are asked: the participant is known only by the pseudonymous ID.
enum ParticipantSheet {
    static let notGiven = "not given"

    /// The sheet, filled in with `prefilled`'s answers when the participant is registered already.
    static func model(prefilled: ParticipantRecord? = nil) -> MenuModel {
        let ages = [notGiven] + (1...110).map(String.init)
        let scale = [notGiven] + (0...5).map(String.init)
        // A gender typed into the file by hand is kept as a choice, so saving does not blank it.
        var genders = [notGiven, "female", "male", "diverse"]
        if let gender = prefilled?.gender, !gender.isEmpty, !genders.contains(gender) { genders.append(gender) }
        // The file keeps the codes ("female", "yes", "left"); the rows show them in the run's language.
        let labels = [
            notGiven: Translation.gettext("not given"), "female": Translation.gettext("female"),
            "male": Translation.gettext("male"), "diverse": Translation.gettext("diverse"),
            "yes": Translation.gettext("yes"), "no": Translation.gettext("no"), "left": Translation.gettext("left"),
            "right": Translation.gettext("right"), "both": Translation.gettext("both"),
            "none": Translation.gettext("none"),
        ]
        var sheet = MenuModel([
            .choice("age", Translation.gettext("Age"), options: ages).labelled(labels),
            .choice("gender", Translation.gettext("Gender"), options: genders).labelled(labels),
            .choice(
                "tinnitus", Translation.gettext("Tinnitus"),
                options: [notGiven] + ParticipantRecord.YesNo.allCases.map(\.rawValue)
            ).labelled(labels),
            .choice(
                "tinnitus_side", Translation.gettext("Tinnitus side"),
                options: [notGiven] + ParticipantRecord.Side.allCases.map(\.rawValue)
            ).labelled(labels),
            .choice(
                "hearing_aid", Translation.gettext("Hearing aid"),
                options: [notGiven] + ParticipantRecord.YesNo.allCases.map(\.rawValue)
            ).labelled(labels),
            .choice(
                "phone_experience_0_5", Translation.gettext("Smartphone experience (0 = none, 5 = daily)"),
                options: scale
            ).labelled(labels),
            .choice(
                "game_experience_0_5", Translation.gettext("Video game experience (0 = none, 5 = daily)"),
                options: scale
            ).labelled(labels),
            // Cancel before Save: the last row (where Up from the top wraps to) stays "Save and continue".
            .button("cancel", Translation.gettext("Cancel (nothing is saved)")),
            .button("submit", Translation.gettext("Save and continue")),
        ])
        if let known = prefilled {
            let answers: [(String, String?)] = [
                ("age", known.age.map(String.init)), ("gender", known.gender.isEmpty ? nil : known.gender),
                ("tinnitus", known.tinnitus?.rawValue), ("tinnitus_side", known.tinnitusSide?.rawValue),
                ("hearing_aid", known.hearingAid?.rawValue),
                ("phone_experience_0_5", known.phoneExperience0To5.map(String.init)),
                ("game_experience_0_5", known.gameExperience0To5.map(String.init)),
            ]
            for case (let id, let value?) in answers { sheet.set(id, to: value) }
            // Straight to the first question still unanswered, else to "Save and continue".
            sheet.focus(on: answers.first { $0.1 == nil }?.0 ?? "submit")
        }
        return sheet
    }

    /// The answers keyed by participants.csv column; "not given" is written as an empty field.
    static func answers(from model: MenuModel) -> [String: String] {
        var answers: [String: String] = [:]
        for item in model.items {
            if case .choice = item.kind { answers[item.id] = item.value == notGiven ? "" : item.value }
        }
        return answers
    }

    /// The participants.csv record of these answers ("not given" stays empty).
    static func record(for participant: ParticipantID, from model: MenuModel, at date: Date = Date())
        -> ParticipantRecord
    {
        let answers = answers(from: model)
        return ParticipantRecord(
            participant: participant,
            age: answers["age"].flatMap { Int($0) },
            gender: answers["gender"] ?? "",
            tinnitus: answers["tinnitus"].flatMap(ParticipantRecord.YesNo.init(rawValue:)),
            tinnitusSide: answers["tinnitus_side"].flatMap(ParticipantRecord.Side.init(rawValue:)),
            hearingAid: answers["hearing_aid"].flatMap(ParticipantRecord.YesNo.init(rawValue:)),
            phoneExperience0To5: answers["phone_experience_0_5"].flatMap { Int($0) },
            gameExperience0To5: answers["game_experience_0_5"].flatMap { Int($0) },
            registeredAt: date)
    }
}
