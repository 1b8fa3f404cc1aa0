// What a prescription must be before it is stored, the same for the API and `soundsafari-server prescribe`.
import Foundation
import Localization
import StudyRecords

public enum PrescriptionCheck {
    /// What is wrong and what to do: English for the API and the command line; a dashboard page words it in its
    /// language (`worded(in:)`). A refusal by the plan or profile reader (StudyRecords) is its text as it is.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
        var sentence: Sentence?

        init(description: String) { self.description = description }

        init(_ sentence: Sentence) {
            description = sentence.english
            self.sentence = sentence
        }

        func worded(in catalog: MessageCatalog) -> String { sentence?.worded(in: catalog) ?? description }
    }

    /// The content to store for a prescription of `kind` (`plan` or `profile`) for `participant`, from the file's
    /// bytes (`name` says where they came from); a refusal says what is wrong and what to do.
    public static func content(kind: String, participant: String, data: Data, name: String) throws -> String {
        do { _ = try ParticipantID(participant) } catch {
            throw Refusal(
                Sentence.gettext(
                    "The participant ID {participant} is not valid: {reason}",
                    ["participant": participant, "reason": "\(error)"]))
        }
        switch kind {
        case "plan":
            // The same check `soundsafari plan assign` makes, so a machine never receives a plan it refuses.
            do { _ = try TrainingPlanFile.parse(data, file: name) } catch {
                throw Refusal(description: "\(error)".trimmingCharacters(in: .whitespaces))
            }
            return String(decoding: data, as: UTF8.self)
        case "profile":
            // A profile.json (hand-written or a machine's); its newest version is prescribed. The machine writes it
            // as its own next version, so it is stored as a file of that one version.
            let versions: [HearingProfile]
            do { versions = try HearingProfile.decodeAll(data, path: name) } catch {
                throw Refusal(description: "\(error)".trimmingCharacters(in: .whitespaces))
            }
            guard var newest = versions.last else {
                throw Refusal(Sentence.gettext("{name} holds no profile version: give a profile.json.", ["name": name]))
            }
            guard newest.participant == participant else {
                throw Refusal(
                    Sentence.gettext(
                        "{name} is {owner}'s profile, not {participant}'s: give the participant's own profile, or correct its participant.",
                        ["name": name, "owner": newest.participant, "participant": participant]))
            }
            newest.version = 1
            return String(decoding: HearingProfile.encoded(versions: [newest]), as: UTF8.self)
        default:
            throw Refusal(
                Sentence.gettext("A prescription is a plan or a profile, not {kind}.", ["kind": kind]))
        }
    }
}
