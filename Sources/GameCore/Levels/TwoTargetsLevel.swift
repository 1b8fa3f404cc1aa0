// The thesis's second level: two animals calling at once, photographed one after the other.

/// Two targets sounding together; the first named is photographed first.
public final class TwoTargetsLevel: TargetSearchLevel {
    public override var instruction: String {
        switch currentTargetIndex {
        case 0?: return "Two animals are calling. Photograph the \(displayNames[0]) first."
        case let index?: return "Now photograph the \(displayNames[index])."
        case nil: return super.instruction
        }
    }
}
