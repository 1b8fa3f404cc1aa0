// One animal over the background sound: the menu's "one target" with background on.

/// One target over a continuous background sound.
public final class OneTargetBackgroundLevel: TargetSearchLevel {
    public override var instruction: String {
        guard currentTargetIndex != nil else { return super.instruction }
        return "An animal is calling through the noise: find the \(displayNames[0]) and take its photo."
    }
}
