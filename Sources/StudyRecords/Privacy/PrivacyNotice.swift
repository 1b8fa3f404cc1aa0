// What is stored where, what is sent to a study server and what never is: the sentences the game's About screen and
// the dashboard's public /about page both show, from this one place.
import Localization

/// The privacy part of "About": each sentence through `catalog` (the game's process language, or the page reader's
/// on the server). What is sent is one sentence per kind of file a machine sends (`SyncPath.kinds`): a new kind
/// without its sentence fails `PrivacyNoticeTests`, so the notice cannot fall behind the sync code.
public enum PrivacyNotice {
    public struct Section: Sendable, Equatable {
        public let heading: String
        public let lines: [String]
        /// A list after the lines (what is sent: one item per kind of file).
        public var items: [String] = []
    }

    /// What a file of `kind` (a `SyncPath` kind) holds, as the notice says it; nil for a kind it does not know.
    public static func sent(kind: String, _ catalog: MessageCatalog = .process) -> String? {
        switch kind {
        case "participants":
            catalog.gettext(
                "the registration answers: study ID, age, gender, tinnitus and its side, hearing aid, experience with phones and games (participants.csv)"
            )
        case "session":
            catalog.gettext(
                "each session's settings, the computer's system and sound device, the volume and listening dose (session.json)"
            )
        case "trials":
            catalog.gettext("each animal searched: where it was, where you aimed, the time you took (trials.csv)")
        case "tracker": catalog.gettext("a head tracker's readings, only when one steered the game (tracker.csv)")
        case ResultPictureItem.kind:
            catalog.gettext("the result pictures, only when the study asks for them (sync --with-pictures)")
        case "ratings":
            catalog.gettext(
                "the tinnitus ratings, with the sound level around you when you allowed it to be measured (ratings.csv)"
            )
        case "plan": catalog.gettext("the training plans given to you (plan-001.json, …)")
        case "profile":
            catalog.gettext(
                "the hearing profile: audiogram, tinnitus pitch, headphone calibration and volume settings (profile.json)"
            )
        case "questionnaires": catalog.gettext("the questionnaires' answers and scores (questionnaires.csv)")
        case "diary": catalog.gettext("the diary's events and therapies (diary.csv)")
        case "messages": catalog.gettext("your messages to the study team and their answers (messages.csv)")
        case "hrtf-choice":
            catalog.gettext(
                "the comparisons of choosing a sound set by ear, with your answers and the set chosen (hrtf-choice.csv)"
            )
        default: nil
        }
    }

    public static func sections(_ catalog: MessageCatalog = .process) -> [Section] {
        [
            Section(
                heading: catalog.gettext("What is stored, and where"),
                lines: [
                    catalog.gettext(
                        "On your computer: everything the game records is kept in its logs folder, in files only your user account can read."
                    ),
                    catalog.gettext(
                        "You are known by a study ID, never by your name, e-mail address or birth date."),
                    catalog.gettext(
                        "On the study's server, only when your computer is enrolled with one: what your computer sent, seen by the study's administrators, your site's supervisors and the study's researchers; every look at your data is written in an audit trail."
                    ),
                ]),
            Section(
                heading: catalog.gettext("What is sent to the study's server"),
                lines: [
                    catalog.gettext(
                        "Only when your computer is enrolled with a study's server: after each photo and each session, and when you sync, these files of yours:"
                    )
                ], items: SyncPath.kinds.compactMap { sent(kind: $0, catalog) }),
            Section(
                heading: catalog.gettext("What is never sent"),
                lines: [
                    catalog.gettext(
                        "Sound from the microphone: it is never recorded; while you allow it, only its level is measured and written with your rating."
                    ),
                    catalog.gettext(
                        "Your display settings, imported sound sets, the progress chart and the spoken sentences stay on your computer."
                    ),
                    catalog.gettext(
                        "The server stores no address of your computer (IP), no name and no password in clear; the game sends nothing to anyone else."
                    ),
                ]),
        ]
    }
}
