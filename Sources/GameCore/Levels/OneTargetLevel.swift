// The thesis's first level: one animal, no background sound.

/// One target sounding alone.
public final class OneTargetLevel: TargetSearchLevel {
    public override var instruction: String {
        guard currentTargetIndex != nil else { return super.instruction }
        return "Listen for the \(displayNames[0]), turn until it is straight ahead, and take its photo."
    }
}
