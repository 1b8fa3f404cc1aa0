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

    let device: OpaquePointer
    let context: OpaquePointer
    /// Game side: pending commands and reported values. The audio thread only ever try-locks it.
    let mailbox: Mutex<Mailbox>
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
