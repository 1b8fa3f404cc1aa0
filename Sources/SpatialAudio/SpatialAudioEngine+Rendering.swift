// The engine's render side: one block at a time into the caller's buffer, and what runs inside it only (commands,
// fades, scheduled starts, onsets, published states). See the threading contract on `SpatialAudioEngine`.
import COpenAL
import Foundation
import GameCore
import Synchronization

extension SpatialAudioEngine {
    // MARK: Rendering

    /// Frames rendered so far: the index the next rendered frame will have in the output stream.
    public var framesRendered: Int64 { counters.framesRendered.load(ordering: .acquiring) }

    /// How often `render` waited for the game thread, and for how long (see `RenderWaitStatistics`).
    public var renderWaitStatistics: RenderWaitStatistics {
        RenderWaitStatistics(
            renders: counters.renders.load(ordering: .relaxed),
            waits: counters.waits.load(ordering: .relaxed),
            longestAcquireSeconds: Double(counters.longestAcquireNanoseconds.load(ordering: .relaxed)) / 1e9,
            deferredBlocks: counters.deferredBlocks.load(ordering: .relaxed),
            contextBinds: counters.contextBinds.load(ordering: .relaxed))
    }

    /// How many sources the render side tracks (made and not yet deleted). For tests: read between renders.
    var trackedSourceCount: Int { audio.sources.count }

    /// Renders `buffer.count / 2` stereo frames, interleaved left/right float, into `buffer`.
    /// Sources started since the previous call get this block's first frame as their onset.
    /// Call from one thread at a time (see the type's threading contract); it never waits for a game thread.
    /// `keepingContext` (a device's audio thread): the context stays current on this thread between blocks, so
    /// only the first block takes OpenAL Soft's list lock; the thread calls `releaseRenderContext()` before the
    /// device closes (a context left current on an ending thread is leaked by OpenAL Soft).
    public func render(into buffer: UnsafeMutableBufferPointer<Float>, keepingContext: Bool = false) {
        precondition(buffer.count % Self.channelCount == 0, "render needs whole stereo frames")
        let frames = buffer.count / Self.channelCount
        guard frames > 0, let base = buffer.baseAddress else { return }
        let (_, alreadyRendering) = counters.rendering.compareExchange(
            expected: false, desired: true, ordering: .acquiring)
        precondition(!alreadyRendering, "render was called from two threads at once")
        defer { counters.rendering.store(false, ordering: .releasing) }

        var acquiring = 0
        let took = takeCommands()
        let firstFrame = counters.framesRendered.load(ordering: .relaxed)
        // alcGetThreadContext reads the thread-local value and takes no lock; setting it does.
        if alcGetThreadContext() != context {
            alcSetThreadContext(context)
            counters.contextBinds.add(1, ordering: .relaxed)
        }
        let applied = tryOpenALSourceCalls(acquiring: &acquiring) {
            applyHeading()
            applyCommands(firstFrame: firstFrame)
            settleOnsets(at: firstFrame)
        }
        // Starts scheduled inside this block split it: mixed up to the frame, started, mixed on.
        var done = 0
        while let next = nextScheduled(before: firstFrame + Int64(frames)) {
            let offset = max(done, Int(next.frame - firstFrame))
            if offset > done {
                mix(into: base + done * Self.channelCount, frames: offset - done, acquiring: &acquiring)
                done = offset
            }
            let started = tryOpenALSourceCalls(acquiring: &acquiring) {
                audio.scheduled.removeAll { $0.record === next.record }
                if next.stop {
                    fadeOutToStop(next.record)
                } else {
                    startOrResume(next.record, generation: next.generation)
                    settleOnsets(at: firstFrame + Int64(done))
                }
            }
            // A game thread inside its source calls: the start waits for the next block's first frame.
            if !started { break }
        }
        mix(into: base + done * Self.channelCount, frames: frames - done, acquiring: &acquiring)
        _ = tryOpenALSourceCalls(acquiring: &acquiring) {
            finishRamps()
            publishSourceStates()
        }
        // Clearing takes no lock (1.19 verifies only a non-null context), but a kept context needs no clearing.
        if !keepingContext { alcSetThreadContext(nil) }
        audio.stage.process(buffer)
        counters.framesRendered.store(firstFrame + Int64(frames), ordering: .releasing)
        // Releases only references that live on elsewhere (records, stages), so nothing is freed here.
        if applied { audio.inbox.removeAll(keepingCapacity: true) }
        counters.renders.add(1, ordering: .relaxed)
        if !took || !applied { counters.deferredBlocks.add(1, ordering: .relaxed) }
        if acquiring >= Self.waitThresholdNanoseconds { counters.waits.add(1, ordering: .relaxed) }
        counters.longestAcquireNanoseconds.max(acquiring, ordering: .relaxed)
    }

    /// Releases this engine's context from the calling thread if it is current there (the device's audio thread,
    /// as its last act before the device closes). Takes no lock.
    public func releaseRenderContext() {
        if alcGetThreadContext() == context { alcSetThreadContext(nil) }
    }

    /// Renders `frames` stereo frames into a new interleaved array (left, right, left, …).
    public func render(frames: Int) -> [Float] {
        var output = [Float](repeating: 0, count: frames * Self.channelCount)
        output.withUnsafeMutableBufferPointer { render(into: $0) }
        return output
    }

    // MARK: Audio side (inside render only)

    /// Takes every command published so far (after any a busy game thread kept from being applied last block)
    /// and hands back what the audio side is done with. Both rings are wait-free: nothing here can fail or wait.
    /// Only when the ring was full and the game side holds commands back does it try (never wait) to publish
    /// them itself: offline, where no other thread holds the game side, every command made before `render`
    /// lands in this block however many there are; on a device thread a busy game side publishes them at its
    /// next call. Returns false only then, when commands were held back and the game side was busy (taking such
    /// a pile may grow the inbox: the one allocation `render` can make).
    func takeCommands() -> Bool {
        let audio = self.audio
        commandRing.drain { audio.inbox.append($0) }
        var tookAll = true
        if backlogged.load(ordering: .relaxed) {
            tookAll =
                gameSide.withLockIfAvailable { side -> Bool in
                    while !side.commands.isEmpty {
                        publish(&side.commands)
                        commandRing.drain { audio.inbox.append($0) }
                    }
                    return true
                } ?? false
        }
        // Indexed, not iterated: an iterator would keep a second reference to the array, and removing from it
        // then would copy it (an allocation on the audio thread).
        var handed = 0
        while handed < audio.outbox.count, retiredRing.push(audio.outbox[handed]) { handed += 1 }
        audio.outbox.removeFirst(handed)
        return tookAll
    }

    /// Runs `body` (OpenAL source calls) unless a game thread is inside its own source calls this instant;
    /// returns whether it ran.
    func tryOpenALSourceCalls(acquiring: inout Int, _ body: () -> Void) -> Bool {
        let start = Self.monotonicNanoseconds()
        var acquired = start
        let ran =
            sourceCalls.withLockIfAvailable { _ -> Bool in
                acquired = Self.monotonicNanoseconds()
                body()
                return true
            } ?? false
        if !ran { acquired = Self.monotonicNanoseconds() }
        acquiring += Int(acquired - start)
        return ran
    }

    /// Applies this block's commands to OpenAL, in the order the game thread made them; plays scheduled for a
    /// later frame wait in `audio.scheduled`.
    func applyCommands(firstFrame: Int64) {
        for command in audio.inbox {
            switch command {
            case .masterGain(let gain):
                volume.setTarget(left: gain, right: gain)
            case .outputStage(let stage):
                audio.outbox.append(.object(audio.stage))
                audio.stage = stage
            case .addSource(let record):
                alSourcei(record.id, AL_SOURCE_RELATIVE, AL_FALSE)
                alSourcef(record.id, AL_REFERENCE_DISTANCE, Self.referenceDistance)
                alSourcef(record.id, AL_ROLLOFF_FACTOR, 0)
                audio.sources.append(record)
            case .position(let record, let x, let z):
                alSource3f(record.id, AL_POSITION, x, 0, z)
            case .gain(let record, let gain):
                // OpenAL clamps AL_GAIN to AL_MAX_GAIN (1 by default): raise the ceiling for amplification.
                record.baseGain = gain
                alSourcef(record.id, AL_MAX_GAIN, max(1, gain))
                alSourcef(record.id, AL_GAIN, gain * record.ramp.factor)
            case .looping(let record, let looping):
                alSourcei(record.id, AL_LOOPING, looping ? AL_TRUE : AL_FALSE)
            case .play(let record, let generation, let frame):
                audio.scheduled.removeAll { $0.record === record }
                if let frame, frame > firstFrame {
                    audio.scheduled.append(ScheduledPlay(record: record, generation: generation, frame: frame))
                } else {
                    startOrResume(record, generation: generation)
                }
            case .pause(let record, let generation):
                audio.scheduled.removeAll { $0.record === record }
                // A playing source fades out first and is paused when silent (`advanceRamps`).
                var state: ALint = 0
                alGetSourcei(record.id, AL_SOURCE_STATE, &state)
                if state == AL_PLAYING && record.ramp.phase > 0 {
                    record.ramp.fadeOut(then: .pause)
                } else {
                    record.ramp.fadeOut(then: .none)
                    alSourcePause(record.id)
                }
                record.appliedGeneration = generation
                record.needsPublishing = true
            case .stop(let record, let generation):
                audio.scheduled.removeAll { $0.record === record }
                var state: ALint = 0
                alGetSourcei(record.id, AL_SOURCE_STATE, &state)
                if state == AL_PLAYING && record.ramp.phase > 0 {
                    record.ramp.fadeOut(then: .stop)
                } else {
                    record.ramp.fadeOut(then: .none)
                    alSourceStop(record.id)
                }
                record.appliedGeneration = generation
                record.needsPublishing = true
            case .stopAt(let record, let frame):
                audio.scheduled.removeAll { $0.record === record }
                if frame > firstFrame {
                    audio.scheduled.append(
                        ScheduledPlay(record: record, generation: record.appliedGeneration, frame: frame, stop: true))
                } else {
                    fadeOutToStop(record)
                }
            case .deleteSource(let record):
                audio.scheduled.removeAll { $0.record === record }
                var id = record.id
                alSourceStop(id)
                alDeleteSources(1, &id)
                if let index = audio.sources.firstIndex(where: { $0 === record }) {
                    audio.sources.swapAt(index, audio.sources.count - 1)
                    audio.sources.removeLast()
                }
                audio.outbox.append(.object(record))
            case .retireBuffer(let id):
                audio.outbox.append(.buffer(id))
            }
        }
    }

    /// A scheduled stop reached: a playing source fades out and is stopped when silent; its state is published
    /// then (the game predicted none: it scheduled the stop ahead).
    func fadeOutToStop(_ record: SourceRecord) {
        var state: ALint = 0
        alGetSourcei(record.id, AL_SOURCE_STATE, &state)
        guard state == AL_PLAYING, record.ramp.phase > 0 else { return }
        record.ramp.fadeOut(then: .stop)
        record.needsPublishing = true
    }

    /// Starts from the beginning, or resumes, one source now (between two mix calls).
    func startOrResume(_ record: SourceRecord, generation: UInt64) {
        // Decided here, on OpenAL's own state: only a resume from pause keeps the onset. A pause still
        // fading out is a pause too; a stop still fading out is finished at once (then played anew).
        var before: ALint = 0
        alGetSourcei(record.id, AL_SOURCE_STATE, &before)
        let fadingToPause = record.ramp.after == .pause
        if record.ramp.after == .stop { alSourceStop(record.id) }
        record.ramp.fadeIn(restart: !fadingToPause && before != AL_PAUSED)
        alSourcef(record.id, AL_GAIN, record.baseGain * record.ramp.factor)
        if !fadingToPause { alSourcePlay(record.id) }
        if before != AL_PAUSED && !fadingToPause { record.onset.store(-1, ordering: .releasing) }
        if record.onset.load(ordering: .relaxed) < 0 { record.onsetPending = true }
        record.appliedGeneration = generation
        record.needsPublishing = true
        record.resuming = before == AL_PAUSED || fadingToPause
        record.audiblePending = true
    }

    /// The earliest scheduled start before `end`, if any.
    func nextScheduled(before end: Int64) -> ScheduledPlay? {
        var earliest: ScheduledPlay?
        for play in audio.scheduled where play.frame < end && play.frame < (earliest?.frame ?? end) { earliest = play }
        return earliest
    }

    /// Mixes the block with OpenAL. While a source fades in or out, the block is mixed in short pieces with the
    /// source's gain set before each piece to the raised-cosine value at the piece's end (OpenAL Soft steps
    /// gains smoothly within a mix call), so a start, pause, resume or stop never cuts the waveform.
    func mix(into base: UnsafeMutablePointer<Float>, frames: Int, acquiring: inout Int) {
        guard audio.sources.contains(where: { $0.ramp.isMoving }) else {
            alcRenderSamplesSOFT(device, base, ALCsizei(frames))
            return
        }
        var done = 0
        while done < frames {
            let piece = min(frames - done, TransportRamp.pieceFrames)
            _ = tryOpenALSourceCalls(acquiring: &acquiring) {
                finishRamps()
                for record in audio.sources where record.ramp.isMoving {
                    record.ramp.advance(frames: piece)
                    alSourcef(record.id, AL_GAIN, record.baseGain * record.ramp.factor)
                }
            }
            alcRenderSamplesSOFT(device, base + done * Self.channelCount, ALCsizei(piece))
            done += piece
        }
    }

    /// Pauses or stops the sources whose fade-out has reached silence.
    func finishRamps() {
        for record in audio.sources where record.ramp.isSilentAndWaiting {
            switch record.ramp.after {
            case .pause: alSourcePause(record.id)
            case .stop: alSourceStop(record.id)
            case .none: break
            }
            record.ramp.after = .none
            record.needsPublishing = true
        }
    }

    /// `frame` is the first frame mixed after the sources just started (OpenAL Soft applies play calls between
    /// mixes): it is their onset, and their audible frame comes after the buffer's leading silence (a start)
    /// or is that frame (a resume).
    func settleOnsets(at frame: Int64) {
        for record in audio.sources where record.onsetPending || record.audiblePending {
            var state: ALint = 0
            alGetSourcei(record.id, AL_SOURCE_STATE, &state)
            guard state == AL_PLAYING else {
                record.onsetPending = false
                record.audiblePending = false
                continue
            }
            if record.onsetPending {
                record.onsetPending = false
                record.onset.store(frame, ordering: .releasing)
            }
            if record.audiblePending {
                record.audiblePending = false
                let audible = record.resuming ? frame : record.onset.load(ordering: .relaxed) + record.firstAudibleFrame
                record.audible.store(audible, ordering: .releasing)
            }
        }
    }

    /// After mixing: reports OpenAL's state for sources just commanded and for playing ones (a non-looping
    /// source turns stopped by itself at its end).
    func publishSourceStates() {
        // A source fading out to a pause or stop is still playing in OpenAL: the game already sees its new state.
        for record in audio.sources
        where (record.needsPublishing || record.queriedState == .playing) && record.ramp.after == .none {
            record.needsPublishing = false
            var value: ALint = 0
            alGetSourcei(record.id, AL_SOURCE_STATE, &value)
            record.queriedState = SourceRecord.state(openAL: value)
            record.publish(record.queriedState)
        }
    }

    /// The newest heading sample, read as this block starts; OpenAL is told only when it changed.
    func applyHeading() {
        let heading = listenerHeading.load()
        guard heading != audio.heading else { return }
        audio.heading = heading
        Self.applyHeading(heading)
    }

    /// Runs on the render thread: the orientation vector lives on the stack (no allocation while rendering).
    static func applyHeading(_ heading: Bearing) {
        let radians = Float(heading.degrees * .pi / 180)
        let orientation: (ALfloat, ALfloat, ALfloat, ALfloat, ALfloat, ALfloat) = (
            sin(radians), 0, -cos(radians), 0, 1, 0
        )
        withUnsafePointer(to: orientation) { tuple in
            tuple.withMemoryRebound(to: ALfloat.self, capacity: 6) { alListenerfv(AL_ORIENTATION, $0) }
        }
    }

    /// An acquisition this long counts as a wait: an uncontended or refused try-lock takes well under a
    /// microsecond, a lock held by an upload milliseconds.
    static let waitThresholdNanoseconds = 50_000

    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
