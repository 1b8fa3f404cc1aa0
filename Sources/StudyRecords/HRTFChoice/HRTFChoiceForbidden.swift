// The refusal of an HRTF choice for a participant of a study that fixes the set.
import Localization

/// `hrtf choose` and "Find my sound" for a participant with a session of a protocol whose `hrtf_choice` is false:
/// one sentence, in the run's language, and nothing is written.
public struct HRTFChoiceForbidden: Error, CustomStringConvertible {
    public let participant: String
    public let protocolName: String

    public init(participant: String, protocolName: String) {
        self.participant = participant
        self.protocolName = protocolName
    }

    public var description: String {
        Translation.gettext(
            "{participant} takes part in the study {protocol}, which decides which sound each participant hears; choosing a sound is not part of it, so nothing was changed.",
            ["participant": participant, "protocol": protocolName])
    }
}
