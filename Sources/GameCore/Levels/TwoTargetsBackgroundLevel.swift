// The thesis's third level: the two-target search over a background sound.

/// Two targets over a continuous background sound.
public final class TwoTargetsBackgroundLevel: TargetSearchLevel {
    public override var instruction: String {
        switch currentTargetIndex {
        case 0?: return "Two animals are calling through the noise. Photograph the \(displayNames[0]) first."
        case let index?: return "Now photograph the \(displayNames[index])."
        case nil: return super.instruction
        }
    }
}
