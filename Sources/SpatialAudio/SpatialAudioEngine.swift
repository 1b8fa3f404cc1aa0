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
/// - Game threads (any number) change sources, master gain and output chain by appending commands under a short
///   `Mutex` of the game side (`gameSide`, which the audio thread never touches) and publishing them into a
///   single-producer/single-consumer ring (`commandRing`): the mutex makes the game threads one producer.
///   Getters read values kept on the game side or atomics. The listener's heading is a lock-free cell
///   (`listenerHeading`) any thread writes and `render` reads as each block starts.
/// - `render` (one thread at a time: the audio thread, or the caller offline) drains the ring without a lock and
///   always takes every command published before the block starts. It applies them to OpenAL, mixes, runs the
///   output stage and publishes frames, onsets and source states through atomics, so a change applies between
///   blocks, never half-way through one. Items the game thread must delete or release go back through a
///   second ring (`retiredRing`), drained by the next game-side call. A full command ring never blocks the
///   audio thread: the game side keeps what it refused, in order, and publishes it first at its next call; a
///   game thread that has more than a ring's worth held back waits for the render thread (`waitForRoom`).
/// - Buffer uploads (`alBufferData`) and buffer deletion run on the calling game thread under no lock `render`
///   takes. Source creation (alGenSources, attaching the buffer) holds a second mutex that `render` only
///   try-locks around its own OpenAL source calls; if busy, those wait for the next block while the block is
///   still mixed (`RenderWaitStatistics.deferredBlocks`). Source set-up and deletion, and every property and
///   transport call run on the render thread.
/// - Each thread makes this engine's context current for itself only (ALC_EXT_thread_local_context), so several
///   engines may live in one process. Making it current takes OpenAL Soft 1.19's global list lock (VerifyContext),
///   which game threads take too: a device's audio thread (`render(into:keepingContext: true)`) makes it current
///   once and keeps it until `releaseRenderContext()` on that thread before the device closes; game threads and
///   offline renders release it after each use. `renderWaitStatistics` counts waits and context binds.
/// Offline, single-threaded use behaves as before: a change made between two `render` calls applies to the second.
// @unchecked: OpenAL's device and context handles (OpaquePointer) are used as the contract above says; all else is Sendable.
public final class SpatialAudioEngine: @unchecked Sendable {
    /// Output sample rate in Hz; the shipped HRTF data set is measured at this rate.
    public static let sampleRate = 48_000
    /// Output channels (interleaved left, right).
    public static let channelCount = 2
    /// Where sources are placed, in OpenAL units (metres); irrelevant to loudness since distance fade is off.
    public static let referenceDistance: Float = 1

    /// The HRTF state OpenAL Soft reported after the device was configured.
    public var hrtf: HRTFStatus { hrtfState.withLock { $0 } }
    /// Changed only by `reopen(hrtfName:)`, between blocks of a session.
    let hrtfState: Mutex<HRTFStatus>
    /// What the device was opened with; `reopen` keeps all of it but the HRTF's name.
    let configuration: EngineConfiguration
    /// The HRTFs this OpenAL Soft installation offers (names usable in `EngineConfiguration.hrtfName`).
    public let availableHRTFs: [String]
    /// The master volume (`masterGainDB`) as a processor: part of the default output chain, and of any chain
    /// installed with `setOutputChain`.
    public let volume = VolumeProcessor()
    /// Output frames on the game's clock: anchored offline, observed by a device's audio callback.
    public let frameClock = FrameClock()

    let device: OpaquePointer
    let context: OpaquePointer
    /// Game side: commands not yet published and the values the getters report. Only game threads lock it.
    let gameSide: Mutex<GameSide>
    /// Game side → audio side: every command, in the order the game threads made them.
    let commandRing = SPSCRing<EngineCommand>(capacity: commandRingCapacity)
    /// Audio side → game side: what the audio thread is done with and must not free itself.
    let retiredRing = SPSCRing<RetiredItem>(capacity: 256)
    /// A game tick makes a dozen commands and a block drains them all; a paused device lets up to this many wait
    /// in the ring before the game side holds the rest back.
    static let commandRingCapacity = 4_096
    /// Set while the game side holds back commands the full ring refused (see `takeCommands`).
    let backlogged = Atomic<Bool>(false)
    let audio: AudioSide
    let counters = RenderCounters()
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
    init(configuration: EngineConfiguration, listingUsableHRTFs: Bool) throws {
        let device = try Self.openLoopbackDevice()
        let names = Self.hrtfNames(device)
        let attributes: [ALCint]
        do {
            attributes = try Self.attributes(configuration, names: names, listingUsableHRTFs: listingUsableHRTFs)
        } catch {
            alcCloseDevice(device)
            throw error
        }
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
        self.hrtfState = Mutex(status)
        self.configuration = configuration
        self.availableHRTFs = names
        let stage = OutputStage([volume])
        self.gameSide = Mutex(GameSide(chain: [volume]))
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

    // MARK: Listener and output stage

    /// The bearing the listener faces (docs/ARCHITECTURE.md convention): a lock-free cell that `render` reads at
    /// the start of every block, so the newest sample of any writer (input, a tracker's thread, the game tick)
    /// is heard from the next rendered block, without a tick or the command ring in between.
    public let listenerHeading = LatestHeading()

    /// `listenerHeading`'s value. Applies from the next rendered block.
    public var heading: Bearing {
        get { listenerHeading.load() }
        set { listenerHeading.store(newValue) }
    }

    /// Master gain in dB applied to both ears by `volume` in the output stage (after HRTF rendering); 0 dB =
    /// unchanged. A change ramps over `VolumeProcessor.rampFrames` frames from the next rendered block.
    public var masterGainDB: Double {
        get { gameSide.withLock { $0.masterGainDB } }
        set {
            let gain = VolumeProcessor.linearGain(decibels: newValue)
            submit { side in
                side.masterGainDB = newValue
                side.commands.append(.masterGain(gain))
            }
        }
    }

    /// The output stage's processors, in the order they run.
    public var outputChain: [any OutputProcessor] { gameSide.withLock { $0.chain } }

    /// Replaces the output stage (applies from the next rendered block). The chain must hold `volume`
    /// exactly once, so that `masterGainDB` keeps working; processors are set up by the caller beforehand and
    /// must not be in another engine's chain.
    public func setOutputChain(_ processors: [any OutputProcessor]) {
        precondition(
            processors.filter { $0 === volume }.count == 1, "the output chain must contain the engine's volume once")
        let stage = OutputStage(processors)
        submit { side in
            side.chain = processors
            side.commands.append(.outputStage(stage))
        }
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

    /// Runs `body` on the game side (a short critical section: no OpenAL, no waiting for the audio thread),
    /// publishes the commands it appended, then deletes on this thread whatever the audio thread handed back.
    func submit<T>(_ body: (inout GameSide) -> T) -> T {
        let (result, retired, heldBack) = gameSide.withLock { side -> (T, [RetiredItem], Int) in
            let result = body(&side)
            publish(&side.commands)
            var retired: [RetiredItem] = []
            retiredRing.drain { retired.append($0) }
            return (result, retired, side.commands.count)
        }
        if !retired.isEmpty { deleteRetired(retired) }
        if heldBack > Self.commandRingCapacity { waitForRoom() }
        return result
    }

    /// A game side sending faster than blocks drain the ring (more than a ring's worth held back) waits here,
    /// outside the game side's lock, for the render thread to make room: the game thread waits for the audio
    /// thread, never the other way round, and what is held back stays bounded. Without a renderer making
    /// progress (offline between `render` calls, a paused device) it gives up after 20 ms, and does not wait
    /// again until a block has been rendered.
    private func waitForRoom() {
        var renders = counters.renders.load(ordering: .relaxed)
        guard renders != counters.rendersWhenWaitGaveUp.load(ordering: .relaxed) else { return }
        var idle = 0
        while idle < 40 {
            usleep(500)
            let heldBack = gameSide.withLock { side in
                publish(&side.commands)
                return side.commands.count
            }
            if heldBack <= Self.commandRingCapacity { return }
            let now = counters.renders.load(ordering: .relaxed)
            idle = now == renders ? idle + 1 : 0
            renders = now
        }
        counters.rendersWhenWaitGaveUp.store(renders, ordering: .relaxed)
    }

    /// Pushes `commands` into the ring in order and removes those it took; a full ring leaves the rest, still in
    /// order, for the next call (the game side's lock makes its callers the ring's one producer).
    func publish(_ commands: inout [EngineCommand]) {
        var published = 0
        while published < commands.count, commandRing.push(commands[published]) { published += 1 }
        if published > 0 { commands.removeFirst(published) }
        // Relaxed: only a hint for `render` to look; the commands themselves travel through the ring.
        backlogged.store(!commands.isEmpty, ordering: .relaxed)
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
    func withContext<T>(_ body: () throws -> T) rethrows -> T {
        alcSetThreadContext(context)
        defer { alcSetThreadContext(nil) }
        return try body()
    }

    func checkAL(_ operation: String) throws {
        let code = alGetError()
        if code != AL_NO_ERROR { throw SpatialAudioError.openALFailure(operation: operation, code: code) }
    }

}
