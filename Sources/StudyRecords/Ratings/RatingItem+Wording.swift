// The session ratings in the language the participant reads: the codebook keeps the English wording it defines.
import Localization

extension RatingItem {
    /// The question in the run's language. German is the Track Your Tinnitus apps' wording of the same seven
    /// questions (Schlee et al.'s momentary assessment; only "Ihre"/"Sie" capitalised as German writes them).
    public var askedQuestion: String {
        switch id {
        case "tinnitus_noticed": Translation.gettext("Did you notice your tinnitus just now?")
        case "tinnitus_loudness": Translation.gettext("How loud is your tinnitus right now?")
        case "tinnitus_distress": Translation.gettext("How distressing is your tinnitus right now?")
        case "mood": Translation.gettext("How is your mood?")
        case "arousal": Translation.gettext("How aroused or restless are you?")
        case "stress": Translation.gettext("How stressed do you feel?")
        case "concentration": Translation.gettext("How much did you concentrate on what you were doing?")
        default: question
        }
    }

    /// A scale's end label (`Scale`'s `left` and `right`) in the run's language.
    public static func askedAnchor(_ anchor: String) -> String {
        switch anchor {
        // TRANSLATORS: the left end of the tinnitus loudness slider.
        case "not audible": Translation.gettext("not audible")
        // TRANSLATORS: the right end of the tinnitus loudness slider.
        case "extremely loud": Translation.gettext("extremely loud")
        // TRANSLATORS: the left end of the distress, stress and concentration sliders.
        case "not at all": Translation.gettext("not at all")
        // TRANSLATORS: the right end of the distress and stress sliders.
        case "extremely": Translation.gettext("extremely")
        // TRANSLATORS: the right end of the concentration slider.
        case "completely": Translation.gettext("completely")
        // TRANSLATORS: the left end of the mood scale (Self-Assessment Manikin, valence).
        case "very unhappy": Translation.gettext("very unhappy")
        // TRANSLATORS: the right end of the mood scale (Self-Assessment Manikin, valence).
        case "very happy": Translation.gettext("very happy")
        // TRANSLATORS: the left end of the arousal scale (Self-Assessment Manikin).
        case "very calm": Translation.gettext("very calm")
        // TRANSLATORS: the right end of the arousal scale (Self-Assessment Manikin).
        case "very excited": Translation.gettext("very excited")
        default: anchor
        }
    }

    /// `instrumentItem` as the participant reads it in the run's language (the stored values are the same).
    public var askedItem: Instrument.Item {
        var item = instrumentItem
        item.text = askedQuestion
        switch item.kind {
        case .singleChoice(let options) where scale == .yesNo:
            item.kind = .singleChoice(
                options.map {
                    Instrument.Option(
                        value: $0.value, label: $0.value == 1 ? Translation.gettext("Yes") : Translation.gettext("No"))
                })
        case .slider(let min, let max, let left, let right):
            item.kind = .slider(min: min, max: max, left: Self.askedAnchor(left), right: Self.askedAnchor(right))
        default:
            break
        }
        return item
    }
}
