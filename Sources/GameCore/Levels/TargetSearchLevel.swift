// The rules shared by the thesis's levels: targets sound together, each photo silences its target.

/// Targets on the circle (all sounding from the start, as in the thesis), an optional background
/// sound, and a pointer to the target being searched for. The three levels only differ in sounds and
/// instructions, so they are thin subclasses.
public class TargetSearchLevel: Level {
    public let kind: LevelKind
    public let targets: [CircleSoundEntity]
    public let background: AmbientSoundEntity?
    public private(set) var currentTargetIndex: Int?
    /// Keep photographed targets playing (protocol option; the iOS version stopped them).
    public let keepPhotographedTargetsPlaying: Bool
    /// Names shown to the player, e.g. `bluejay` → `blue jay`.
    let displayNames: [String]
    private var ended = false
    /// Seconds each target sounds from its first audible sample (training's `stimulus_duration_s`); nil: unlimited.
    public var stimulusDurationS: Double?
    /// Per target index: where its stimulus is scheduled to stop, the sounding time left after a pause, and
    /// whether it has ended (an ended stimulus is not resumed: the search goes on in silence).
    private var stimulusStops: [Int: MonotonicTime] = [:]
    private var stimulusLeft: [Int: Double] = [:]
    private var stimulusEnded: Set<Int> = []
    private var lastUpdate = MonotonicTime.zero

    public required init(
        kind: LevelKind, targets: [CircleSoundEntity], background: AmbientSoundEntity?,
        displayNames: [String], keepPhotographedTargetsPlaying: Bool
    ) {
        self.kind = kind
        self.targets = targets
        self.background = background
        self.displayNames = displayNames
        self.keepPhotographedTargetsPlaying = keepPhotographedTargetsPlaying
        self.currentTargetIndex = targets.isEmpty ? nil : 0
    }

    public var instruction: String {
        guard let index = currentTargetIndex else { return "All animals photographed." }
        return "Photograph the \(displayNames[index])."
    }

    /// Targets that should be sounding now.
    private var audibleTargets: [CircleSoundEntity] { audibleIndices.map { targets[$0] } }

    private var audibleIndices: [Int] {
        guard let index = currentTargetIndex else { return [] }
        return targets.indices.filter {
            ($0 >= index || keepPhotographedTargetsPlaying) && !stimulusEnded.contains($0)
        }
    }

    /// Starts every sound at `time` exactly on the audio clock, so each target's onset is that time plus its
    /// own leading silence.
    public func begin(at time: MonotonicTime) {
        background?.play(at: time)
        for target in audibleTargets { target.play(at: time) }
    }

    public func skipTargets(_ count: Int) {
        for _ in 0..<count where currentTargetIndex != nil { advance() }
    }

    public func update(at time: MonotonicTime, heading: Bearing) {
        background?.follow(heading: heading)
        for target in targets { target.update(at: time) }
        lastUpdate = time
        limitStimuli(at: time)
    }

    /// Once a target's (re)start has become audible, schedules its stop at that sample plus the time it has
    /// left to sound; the engine fades it out from exactly there. A stop that has passed ends the stimulus.
    private func limitStimuli(at time: MonotonicTime) {
        guard let duration = stimulusDurationS else { return }
        for index in audibleIndices {
            if let stop = stimulusStops[index] {
                if time >= stop { stimulusEnded.insert(index) }
            } else if let heard = targets[index].audibleOnset {
                let stop = heard.time + (stimulusLeft[index] ?? duration)
                targets[index].stop(at: stop)
                stimulusStops[index] = stop
            }
        }
    }

    public func targetPhotographed() { advance() }

    private func advance() {
        guard let index = currentTargetIndex else { return }
        if !keepPhotographedTargetsPlaying { targets[index].stop() }
        currentTargetIndex = index + 1 < targets.count ? index + 1 : nil
    }

    public func pause() {
        // A pause cancels the scheduled stops; the time left is what had not sounded by the last update.
        for (index, stop) in stimulusStops {
            let left = stop - lastUpdate
            if left > 0 { stimulusLeft[index] = left } else { stimulusEnded.insert(index) }
        }
        stimulusStops = [:]
        background?.pause()
        for target in audibleTargets { target.pause() }
    }

    public func resume() {
        background?.play()
        for target in audibleTargets { target.play() }
    }

    public func rewind() {
        background?.stop()
        for target in audibleTargets { target.stop() }
        stimulusStops = [:]
        stimulusLeft = [:]
        stimulusEnded = []
        begin(at: .zero)
    }

    public func end() {
        guard !ended else { return }
        ended = true
        background?.stop()
        background?.remove()
        for target in targets {
            target.stop()
            target.remove()
        }
        currentTargetIndex = nil
    }
}
