// What a prescription must be before it is stored, the same for the API and `soundsafari-server prescribe`.
import Foundation
import StudyRecords

public enum PrescriptionCheck {
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The content to store for a prescription of `kind` (`plan` or `profile`) for `participant`, from the file's
    /// bytes (`name` says where they came from); a refusal says what is wrong and what to do.
    public static func content(kind: String, participant: String, data: Data, name: String) throws -> String {
        do { _ = try ParticipantID(participant) } catch {
            throw Refusal(description: "The participant ID \(participant) is not valid: \(error)")
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
                throw Refusal(description: "\(name) holds no profile version: give a profile.json.")
            }
            guard newest.participant == participant else {
                throw Refusal(
                    description:
                        "\(name) is \(newest.participant)'s profile, not \(participant)'s: give the participant's own profile, or correct its participant."
                )
            }
            newest.version = 1
            return String(decoding: HearingProfile.encoded(versions: [newest]), as: UTF8.self)
        default:
            throw Refusal(description: "A prescription is a plan or a profile, not \(kind).")
        }
    }
}
