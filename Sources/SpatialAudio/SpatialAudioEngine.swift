// The binaural engine: an OpenAL Soft loopback device (48 kHz stereo float, HRTF) rendered on demand into a caller's buffer.
import COpenAL
import Foundation
import GameCore

/// One OpenAL Soft loopback device + context. The same engine feeds the SDL audio callback while
/// playing and memory/WAV files in tests and `render`/`simulate`.
///
/// Geometry (ARCHITECTURE.md): the listener stays at the origin facing `heading`
/// (at = (sin h, 0, -cos h), up = (0, 1, 0)); a source at bearing b sits at (sin b, 0, -cos b)
/// at the reference distance, with the distance model switched off, so only direction changes the sound.
///
/// Thread safety: every public method takes the engine's lock and makes this engine's context
/// current for the calling thread only (ALC_EXT_thread_local_context) before touching OpenAL.
/// So the game thread may move sources, change the heading or start sounds while the audio thread
/// is inside `render`: the change waits for the block being rendered and applies from the next one,
/// never half-way through a block. Several engines may live in one process (tests run in parallel)
/// because no engine relies on the process-wide current context. Critical sections are short
/// (a few OpenAL calls, or one block of mixing), so the game thread waits at most one block.
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

    private let device: OpaquePointer
    private let context: OpaquePointer
    private let lock = NSLock()
    private var renderedFrames: Int64 = 0
    private var listenerHeading = Bearing.forward
    private var listenerGainDB = 0.0
    private var pendingOnsets: [OnsetRecord] = []

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
                throw SpatialAudioError.unknownHRTF(name: wanted, available: names)
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
        try locked {
            alDistanceModel(AL_NONE)
            alListener3f(AL_POSITION, 0, 0, 0)
            applyHeading()
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

    // MARK: Listener

    /// The bearing the listener faces (ARCHITECTURE.md convention). Applies from the next rendered block.
    public var heading: Bearing {
        get { locked { listenerHeading } }
        set {
            locked {
                listenerHeading = newValue
                applyHeading()
            }
        }
    }

    /// Master gain in dB applied to everything (the listener's AL_GAIN); 0 dB = unchanged.
    public var masterGainDB: Double {
        get { locked { listenerGainDB } }
        set {
            locked {
                listenerGainDB = newValue
                alListenerf(AL_GAIN, Self.linearGain(decibels: newValue))
            }
        }
    }

    // MARK: Rendering

    /// Frames rendered so far: the index the next rendered frame will have in the output stream.
    public var framesRendered: Int64 { locked { renderedFrames } }

    /// Renders `buffer.count / 2` stereo frames, interleaved left/right float, into `buffer`.
    /// Sources started since the previous call get this block's first frame as their onset.
    public func render(into buffer: UnsafeMutableBufferPointer<Float>) {
        precondition(buffer.count % Self.channelCount == 0, "render needs whole stereo frames")
        let frames = buffer.count / Self.channelCount
        guard frames > 0, let base = buffer.baseAddress else { return }
        locked {
            settlePendingOnsets()
            alcRenderSamplesSOFT(device, base, ALCsizei(frames))
            renderedFrames += Int64(frames)
        }
    }

    /// Renders `frames` stereo frames into a new interleaved array (left, right, left, …).
    public func render(frames: Int) -> [Float] {
        var output = [Float](repeating: 0, count: frames * Self.channelCount)
        output.withUnsafeMutableBufferPointer { render(into: $0) }
        return output
    }

    // MARK: Buffers and sources

    /// Uploads mono samples as an OpenAL buffer (OpenAL resamples other rates to 48 kHz while mixing).
    public func makeBuffer(_ audio: MonoAudio, name: String = "") throws -> SoundBuffer {
        guard !audio.samples.isEmpty else { throw SpatialAudioError.fileEmpty(path: name) }
        return try locked {
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
                engine: self, id: id, name: name, frameCount: audio.samples.count, sampleRate: audio.sampleRate)
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
        let id: ALuint = try locked {
            var id: ALuint = 0
            alGenSources(1, &id)
            try checkAL("alGenSources")
            alSourcei(id, AL_BUFFER, ALint(bitPattern: buffer.id))
            alSourcei(id, AL_SOURCE_RELATIVE, AL_FALSE)
            alSourcef(id, AL_REFERENCE_DISTANCE, Self.referenceDistance)
            alSourcef(id, AL_ROLLOFF_FACTOR, 0)
            return id
        }
        let source = SpatialSource(engine: self, buffer: buffer, id: id)
        source.bearing = bearing
        source.gainDB = gainDB
        source.isLooping = looping
        return source
    }

    // MARK: Internals shared with SpatialSource and SoundBuffer

    /// Runs `body` under the engine lock with this engine's context current on this thread.
    /// The context is released again afterwards: a thread-local reference left behind would outlive this
    /// engine and be released later against an already closed device (a use-after-free in OpenAL Soft).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        alcSetThreadContext(context)
        defer {
            alcSetThreadContext(nil)
            lock.unlock()
        }
        return try body()
    }

    /// Called (under the lock) when a source was started from the beginning or resumed before it ever sounded.
    func markOnsetPending(_ record: OnsetRecord) {
        guard !record.isPending else { return }
        record.isPending = true
        pendingOnsets.append(record)
    }

    /// The next block is the first one in which newly started sources are mixed (OpenAL Soft applies
    /// play calls between mixes, and our lock keeps them out of a block in progress).
    private func settlePendingOnsets() {
        guard !pendingOnsets.isEmpty else { return }
        for record in pendingOnsets {
            record.isPending = false
            var state: ALint = 0
            alGetSourcei(record.sourceID, AL_SOURCE_STATE, &state)
            if state == AL_PLAYING { record.frame = renderedFrames }
        }
        pendingOnsets.removeAll(keepingCapacity: true)
    }

    private func applyHeading() {
        let radians = Float(listenerHeading.degrees * .pi / 180)
        let orientation: [ALfloat] = [sin(radians), 0, -cos(radians), 0, 1, 0]
        alListenerfv(AL_ORIENTATION, orientation)
    }

    func checkAL(_ operation: String) throws {
        let code = alGetError()
        if code != AL_NO_ERROR { throw SpatialAudioError.openALFailure(operation: operation, code: code) }
    }

    static func linearGain(decibels: Double) -> ALfloat {
        decibels == -.infinity ? 0 : ALfloat(pow(10, decibels / 20))
    }

    private static func openLoopbackDevice() throws -> OpaquePointer {
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
