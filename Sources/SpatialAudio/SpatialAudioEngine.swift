// The binaural engine: an OpenAL Soft loopback device (48 kHz stereo float, HRTF) rendered on demand into a caller's buffer.
import COpenAL
import Foundation
import GameCore
import Synchronization

/// One OpenAL Soft loopback device + context. The same engine feeds the SDL audio callback while
/// playing and memory/WAV files in tests and `render`/`simulate`.
///
/// Geometry (docs/ARCHITECTURE.md): the listener stays at the origin facing `heading`
/// (at = (sin h, 0, -cos h), up = (0, 1, 0)); a source at bearing b sits at (sin b, 0, -cos b)
/// at the reference distance, with the distance model switched off, so only direction changes the sound.
///
/// Threading contract: `render` never waits for the game thread.
/// - Game threads (any number) change sources, master gain and output chain by appending a command to a
///   queue under a short `Mutex` (the mailbox); getters read values kept there or atomics. The listener's
///   heading is a lock-free cell (`listenerHeading`) any thread writes and `render` reads as each block starts.
/// - `render` (one thread at a time: the audio thread, or the caller offline) takes the queue only with a
///   non-blocking try-lock; if a game thread holds it just then, the commands apply from the next block.
///   It applies them to OpenAL, mixes, runs the output stage and publishes frames, onsets and source
///   states through atomics. So a change applies between blocks, never half-way through one.
/// - Buffer uploads (`alBufferData`) and buffer deletion run on the calling game thread under no lock `render`
///   takes. Source creation (alGenSources, attaching the buffer) holds a second mutex that `render` only
///   try-locks around its own OpenAL source calls; if busy, those wait for the next block while the block is
///   still mixed. Source set-up and deletion, and every property and transport call run on the render thread.
/// - Each thread makes this engine's context current for itself only (ALC_EXT_thread_local_context), so several
///   engines may live in one process. Making it current takes OpenAL Soft 1.19's global list lock (VerifyContext),
///   which game threads take too: a device's audio thread (`render(into:keepingContext: true)`) makes it current
///   once and keeps it until `releaseRenderContext()` on that thread before the device closes; game threads and
///   offline renders release it after each use. `renderWaitStatistics` counts waits and context binds.
/// Offline, single-threaded use behaves as before: a change made between two `render` calls applies to the second.
public final class SpatialAudioEngine: @unchecked Sendable {
    /// Output sample rate in Hz; the shipped HRTF data set is measured at this rate.
    public static let sampleRate = 48_000
    /// Output channels (interleaved left, right).
    public static let channelCount = 2
    /// Where sources are placed, in OpenAL units (metres); irrelevant to loudness since distance fade is off.
    public static let referenceDistance: Float = 1

    /// The HRTF state OpenAL Soft reported after the device was configured.
    public let hrtf: HRTFStatus
    /// The HRTFs this OpenAL Soft installation offers (names usable in `EngineConfiguration.hrtfName`).
    public let availableHRTFs: [String]
    /// The master volume (`masterGainDB`) as a processor: part of the default output chain, and of any chain
    /// installed with `setOutputChain`.
    public let volume = VolumeProcessor()
    /// Output frames on the game's clock: anchored offline, observed by a device's audio callback.
    public let frameClock = FrameClock()

    private let device: OpaquePointer
    private let context: OpaquePointer
    /// Game side: pending commands and reported values. The audio thread only ever try-locks it.
    let mailbox: Mutex<Mailbox>
    private let audio: AudioSide
    private let counters = RenderCounters()
    /// Held by a game thread around its OpenAL source calls (`makeSource`), try-locked by `render` around its
    /// own: OpenAL Soft 1.19 guards every source call with context locks (PropLock, the source list lock), and
    /// a game thread preempted while holding one would stall the render thread inside OpenAL.
    let sourceCalls = Mutex<Void>(())

    /// Opens the loopback device and context. Throws `.unknownHRTF` (listing the names) for a bad
    /// `hrtfName`, `.hrtfUnavailable` when HRTF is required but OpenAL Soft refused it.
    public convenience init(configuration: EngineConfiguration = EngineConfiguration()) throws {
        try self.init(configuration: configuration, listingUsableHRTFs: true)
    }

    /// `listingUsableHRTFs` is false while probing HRTFs, so a refused probe does not probe again.
    private init(configuration: EngineConfiguration, listingUsableHRTFs: Bool) throws {
        let device = try Self.openLoopbackDevice()
        let names = Self.hrtfNames(device)
        var attributes: [ALCint] = [
            ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT,
            ALC_FORMAT_TYPE_SOFT, ALC_FLOAT_SOFT,
            ALC_FREQUENCY, ALCint(Self.sampleRate),
            ALC_HRTF_SOFT, configuration.hrtfMode == .off ? ALC_FALSE : ALC_TRUE,
            // The limiter would compress loud passages and falsify level measurements; output stays float.
            ALC_OUTPUT_LIMITER_SOFT, ALC_FALSE,
        ]
        if let wanted = configuration.hrtfName, configuration.hrtfMode != .off {
            guard let index = names.firstIndex(of: wanted) else {
                alcCloseDevice(device)
                // Offer only what would work: OpenAL Soft also lists 44.1 kHz sets, which are refused at 48 kHz.
                throw SpatialAudioError.unknownHRTF(
                    name: wanted, available: listingUsableHRTFs ? try Self.listUsableHRTFs() : names)
            }
            attributes += [ALC_HRTF_ID_SOFT, ALCint(index)]
        }
        attributes.append(0)
        guard let context = alcCreateContext(device, attributes) else {
            let code = alcGetError(device)
            alcCloseDevice(device)
            throw SpatialAudioError.loopbackUnavailable(
                reason: "alcCreateContext failed with 0x\(String(code, radix: 16))")
        }
        let status = Self.readHRTFStatus(device)
        if configuration.hrtfMode == .required && !status.enabled {
            alcDestroyContext(context)
            alcCloseDevice(device)
            throw SpatialAudioError.hrtfUnavailable(status: status.status)
        }
        // OpenAL Soft 1.19 silently substitutes another HRTF when the requested one does not match the
        // output rate; a study must not run with a head it did not ask for.
        if let wanted = configuration.hrtfName, configuration.hrtfMode != .off, status.name != wanted {
            alcDestroyContext(context)
            alcCloseDevice(device)
            throw SpatialAudioError.hrtfNotUsable(
                name: wanted, inUse: status.name, usable: listingUsableHRTFs ? try Self.listUsableHRTFs() : [])
        }
        self.device = device
        self.context = context
        self.hrtf = status
        self.availableHRTFs = names
        let stage = OutputStage([volume])
        self.mailbox = Mutex(Mailbox(chain: [volume]))
        self.audio = AudioSide(stage: stage)
        try withContext {
            alDistanceModel(AL_NONE)
            alListener3f(AL_POSITION, 0, 0, 0)
            Self.applyHeading(.forward)
            try checkAL("configuring the listener")
        }
    }

    deinit {
        alcDestroyContext(context)
        alcCloseDevice(device)
    }

    /// The HRTF names OpenAL Soft offers on this machine, without starting an engine.
    public static func listHRTFs() throws -> [String] {
        let device = try openLoopbackDevice()
        defer { alcCloseDevice(device) }
        return hrtfNames(device)
    }

    /// The HRTFs that really get used when selected at 48 kHz (1.19 lists data sets of other rates too,
    /// then falls back to another one): each is tried on a short-lived engine.
    public static func listUsableHRTFs() throws -> [String] {
        try listHRTFs().filter { name in
            (try? SpatialAudioEngine(
                configuration: EngineConfiguration(hrtfMode: .required, hrtfName: name),
                listingUsableHRTFs: false)) != nil
        }
    }

    // MARK: Listener and output stage

    /// The bearing the listener faces (docs/ARCHITECTURE.md convention): a lock-free cell that `render` reads at
    /// the start of every block, so the newest sample of any writer (input, a tracker's thread, the game tick)
    /// is heard from the next rendered block, without a tick or the mailbox in between.
    public let listenerHeading = LatestHeading()

    /// `listenerHeading`'s value. Applies from the next rendered block.
    public var heading: Bearing {
        get { listenerHeading.load() }
        set { listenerHeading.store(newValue) }
    }

    /// Master gain in dB applied to both ears by `volume` in the output stage (after HRTF rendering); 0 dB =
    /// unchanged. A change ramps over `VolumeProcessor.rampFrames` frames from the next rendered block.
    public var masterGainDB: Double {
        get { mailbox.withLock { $0.masterGainDB } }
        set {
            let gain = VolumeProcessor.linearGain(decibels: newValue)
            submit { mailbox in
                mailbox.masterGainDB = newValue
                mailbox.commands.append(.masterGain(gain))
            }
        }
    }

    /// The output stage's processors, in the order they run.
    public var outputChain: [any OutputProcessor] { mailbox.withLock { $0.chain } }

    /// Replaces the output stage (applies from the next rendered block). The chain must hold `volume`
    /// exactly once, so that `masterGainDB` keeps working; processors are set up by the caller beforehand and
    /// must not be in another engine's chain.
    public func setOutputChain(_ processors: [any OutputProcessor]) {
        precondition(
            processors.filter { $0 === volume }.count == 1, "the output chain must contain the engine's volume once")
        let stage = OutputStage(processors)
        submit { mailbox in
            mailbox.chain = processors
            mailbox.commands.append(.outputStage(stage))
        }
    }

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
        let took = takeCommands(acquiring: &acquiring)
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

    // MARK: Buffers and sources

    /// Uploads mono samples as an OpenAL buffer. Other rates are converted to the engine's rate here with
    /// libsoxr (`Resampler`), not by OpenAL Soft's mixer, which interpolates linearly and aliases.
    /// The upload runs on the calling thread and holds nothing `render` needs.
    public func makeBuffer(_ original: MonoAudio, name: String = "") throws -> SoundBuffer {
        guard !original.samples.isEmpty else { throw SpatialAudioError.fileEmpty(path: name) }
        let audio =
            original.sampleRate == Self.sampleRate
            ? original
            : MonoAudio(
                samples: try Resampler.resample(original.samples, from: original.sampleRate, to: Self.sampleRate),
                sampleRate: Self.sampleRate)
        return try withContext {
            var id: ALuint = 0
            alGenBuffers(1, &id)
            try checkAL("alGenBuffers")
            audio.samples.withUnsafeBytes { bytes in
                alBufferData(
                    id, AL_FORMAT_MONO_FLOAT32, bytes.baseAddress, ALsizei(bytes.count), ALsizei(audio.sampleRate))
            }
            if alGetError() != AL_NO_ERROR {
                alDeleteBuffers(1, &id)
                throw SpatialAudioError.openALFailure(operation: "alBufferData for '\(name)'", code: AL_INVALID_VALUE)
            }
            return SoundBuffer(
                engine: self, id: id, name: name, frameCount: audio.samples.count, sampleRate: audio.sampleRate,
                firstAudibleFrame: FirstAudibleSample.index(in: audio.samples))
        }
    }

    /// Reads a sound file (any libsndfile format) and uploads it; see `AudioFileReader.readMono`.
    public func loadBuffer(file url: URL, downmix: Bool = false) throws -> SoundBuffer {
        try makeBuffer(try AudioFileReader.readMono(url, downmix: downmix), name: url.path)
    }

    /// A new, stopped source playing `buffer` from `bearing`.
    public func makeSource(
        buffer: SoundBuffer, bearing: Bearing = .forward, gainDB: Double = 0,
        looping: Bool = false
    ) throws -> SpatialSource {
        precondition(buffer.engine === self, "a buffer can only be played by the engine that made it")
        // Made and attached to its buffer here: OpenAL's buffer lock (held by uploads) must not be taken by
        // the render thread. Only these two calls: OpenAL Soft 1.19 guards every source call with context locks
        // the render thread's source calls take too, so the rest of the set-up is queued for the render thread.
        let id: ALuint = try sourceCalls.withLock { _ in
            try withContext {
                var id: ALuint = 0
                alGenSources(1, &id)
                try checkAL("alGenSources")
                alSourcei(id, AL_BUFFER, ALint(bitPattern: buffer.id))
                try checkAL("attaching a buffer to a new source")
                return id
            }
        }
        let record = SourceRecord(id: id, firstAudibleFrame: buffer.firstAudibleFrame)
        submit { $0.commands.append(.addSource(record)) }
        let source = SpatialSource(engine: self, buffer: buffer, record: record)
        source.bearing = bearing
        source.gainDB = gainDB
        source.isLooping = looping
        return source
    }

    // MARK: Game side, shared with SpatialSource and SoundBuffer

    /// Runs `body` on the mailbox (a short critical section: no OpenAL, no waiting), then deletes on this
    /// thread whatever the audio thread handed back.
    func submit<T>(_ body: (inout Mailbox) -> T) -> T {
        let (result, retired) = mailbox.withLock { mailbox -> (T, [RetiredItem]) in
            let result = body(&mailbox)
            guard !mailbox.retired.isEmpty else { return (result, []) }
            defer { mailbox.retired.removeAll(keepingCapacity: true) }
            return (result, mailbox.retired)
        }
        if !retired.isEmpty { deleteRetired(retired) }
        return result
    }

    /// Buffers are deleted here, on a game thread; handed-back records and stages are released with the array.
    /// OpenAL's error state is per context, shared by all threads: a failed delete must not be left behind for
    /// the next checked call (a later `makeBuffer` would report it as its own failure).
    private func deleteRetired(_ items: [RetiredItem]) {
        withContext {
            for case .buffer(var id) in items { alDeleteBuffers(1, &id) }
            _ = alGetError()
        }
    }

    /// Runs `body` with this engine's context current on this thread only.
    /// The context is released again afterwards: a thread-local reference left behind would outlive this
    /// engine and be released later against an already closed device (a use-after-free in OpenAL Soft).
    private func withContext<T>(_ body: () throws -> T) rethrows -> T {
        alcSetThreadContext(context)
        defer { alcSetThreadContext(nil) }
        return try body()
    }

    // MARK: Audio side (inside render only)

    /// Takes the queued commands if the game side is free this instant; otherwise they wait for the next block.
    /// Commands not applied last block (see `tryOpenALSourceCalls`) stay first in line.
    private func takeCommands(acquiring: inout Int) -> Bool {
        let start = Self.monotonicNanoseconds()
        var acquired = start
        let audio = self.audio
        let taken = mailbox.withLockIfAvailable { mailbox -> Bool in
            acquired = Self.monotonicNanoseconds()
            if audio.inbox.isEmpty {
                swap(&mailbox.commands, &audio.inbox)
            } else {
                audio.inbox.append(contentsOf: mailbox.commands)
                mailbox.commands.removeAll(keepingCapacity: true)
            }
            if !audio.outbox.isEmpty {
                mailbox.retired.append(contentsOf: audio.outbox)
                audio.outbox.removeAll(keepingCapacity: true)
            }
            return true
        }
        if taken == nil { acquired = Self.monotonicNanoseconds() }
        acquiring += Int(acquired - start)
        return taken != nil
    }

    /// Runs `body` (OpenAL source calls) unless a game thread is inside its own source calls this instant;
    /// returns whether it ran.
    private func tryOpenALSourceCalls(acquiring: inout Int, _ body: () -> Void) -> Bool {
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
    private func applyCommands(firstFrame: Int64) {
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
    private func fadeOutToStop(_ record: SourceRecord) {
        var state: ALint = 0
        alGetSourcei(record.id, AL_SOURCE_STATE, &state)
        guard state == AL_PLAYING, record.ramp.phase > 0 else { return }
        record.ramp.fadeOut(then: .stop)
        record.needsPublishing = true
    }

    /// Starts from the beginning, or resumes, one source now (between two mix calls).
    private func startOrResume(_ record: SourceRecord, generation: UInt64) {
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
    private func nextScheduled(before end: Int64) -> ScheduledPlay? {
        var earliest: ScheduledPlay?
        for play in audio.scheduled where play.frame < end && play.frame < (earliest?.frame ?? end) { earliest = play }
        return earliest
    }

    /// Mixes the block with OpenAL. While a source fades in or out, the block is mixed in short pieces with the
    /// source's gain set before each piece to the raised-cosine value at the piece's end (OpenAL Soft steps
    /// gains smoothly within a mix call), so a start, pause, resume or stop never cuts the waveform.
    private func mix(into base: UnsafeMutablePointer<Float>, frames: Int, acquiring: inout Int) {
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
    private func finishRamps() {
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
    private func settleOnsets(at frame: Int64) {
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
    private func publishSourceStates() {
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
    private func applyHeading() {
        let heading = listenerHeading.load()
        guard heading != audio.heading else { return }
        audio.heading = heading
        Self.applyHeading(heading)
    }

    /// Runs on the render thread: the orientation vector lives on the stack (no allocation while rendering).
    private static func applyHeading(_ heading: Bearing) {
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

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    func checkAL(_ operation: String) throws {
        let code = alGetError()
        if code != AL_NO_ERROR { throw SpatialAudioError.openALFailure(operation: operation, code: code) }
    }

    private static func openLoopbackDevice() throws -> OpaquePointer {
        // OpenAL Soft reads its configuration at its first call: imported HRTFs must be on its path by then.
        _ = OpenALSearchPath.installed
        guard alcIsExtensionPresent(nil, "ALC_SOFT_loopback") != 0 else {
            throw SpatialAudioError.loopbackUnavailable(reason: "ALC_SOFT_loopback is missing")
        }
        guard let device = alcLoopbackOpenDeviceSOFT(nil) else {
            throw SpatialAudioError.loopbackUnavailable(reason: "alcLoopbackOpenDeviceSOFT returned no device")
        }
        guard alcIsRenderFormatSupportedSOFT(device, ALCsizei(sampleRate), ALC_STEREO_SOFT, ALC_FLOAT_SOFT) != 0 else {
            alcCloseDevice(device)
            throw SpatialAudioError.loopbackUnavailable(reason: "48 kHz stereo float is not a supported render format")
        }
        return device
    }

    private static func hrtfNames(_ device: OpaquePointer) -> [String] {
        guard alcIsExtensionPresent(device, "ALC_SOFT_HRTF") != 0 else { return [] }
        var count: ALCint = 0
        alcGetIntegerv(device, ALC_NUM_HRTF_SPECIFIERS_SOFT, 1, &count)
        return (0..<max(0, count)).compactMap { index in
            alcGetStringiSOFT(device, ALC_HRTF_SPECIFIER_SOFT, index).map { String(cString: $0) }
        }
    }

    private static func readHRTFStatus(_ device: OpaquePointer) -> HRTFStatus {
        var enabled: ALCint = 0
        var status: ALCint = 0
        alcGetIntegerv(device, ALC_HRTF_SOFT, 1, &enabled)
        alcGetIntegerv(device, ALC_HRTF_STATUS_SOFT, 1, &status)
        let words: String
        switch status {
        case ALC_HRTF_DISABLED_SOFT: words = "disabled"
        case ALC_HRTF_ENABLED_SOFT: words = "enabled"
        case ALC_HRTF_DENIED_SOFT: words = "denied by the OpenAL Soft configuration"
        case ALC_HRTF_REQUIRED_SOFT: words = "required by the OpenAL Soft configuration"
        case ALC_HRTF_HEADPHONES_DETECTED_SOFT: words = "enabled (headphones detected)"
        case ALC_HRTF_UNSUPPORTED_FORMAT_SOFT: words = "unsupported output format"
        default: words = "unknown status \(status)"
        }
        let name = enabled != 0 ? alcGetString(device, ALC_HRTF_SPECIFIER_SOFT).map { String(cString: $0) } : nil
        return HRTFStatus(enabled: enabled != 0, name: name, status: words)
    }
}
