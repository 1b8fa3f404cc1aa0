// Plays a SpatialAudioEngine through an SDL audio device: SDL's audio thread pulls each block from the engine.
import CSDL2
import Foundation
import GameCore
import SessionRuntime
import SpatialAudio
import Synchronization

/// The SDL audio-device glue (the pattern of OpenAL Soft's `alloopback.c`): SDL opens the device at
/// 48 kHz stereo float (SDL converts if the hardware differs) and calls back on its own thread for
/// every buffer; the callback renders exactly that many frames from the engine. The game thread keeps
/// changing sources and the listener meanwhile — `SpatialAudioEngine` hands those changes to this thread
/// without ever making it wait (see its threading contract).
///
/// SDL2 does not report device underruns, so `lateCallbacks` counts the evidence we can see: callbacks
/// that came more than two buffer periods after the previous one (the device must have run dry).
package final class SDLAudioOutput {
    /// Frames per SDL buffer unless asked otherwise: 512 frames = 10.7 ms at 48 kHz.
    package static let defaultBufferFrames = 512

    /// What SDL granted.
    let bufferFrames: Int
    let driverName: String
    /// The device's name, or nil for the system default.
    let deviceName: String?

    private let device: SDL_AudioDeviceID
    private let state: CallbackState
    private let retained: Unmanaged<CallbackState>
    private var closed = false

    /// Opens (paused) the output device `deviceName` (nil = default) with `bufferFrames` frames per callback.
    /// Throws a sentence naming the device when there is no usable audio output. `keepingContext: false` makes
    /// the callback bind and release the engine's context every block, as it did before: only for `make bench`'s
    /// before/after comparison.
    package init(
        engine: SpatialAudioEngine, bufferFrames: Int = defaultBufferFrames, deviceName: String? = nil,
        keepingContext: Bool = true
    ) throws {
        guard bufferFrames >= 16, bufferFrames <= 8_192 else {
            throw SDLAudioOutputError.badBufferSize(bufferFrames)
        }
        try Self.startAudioSubsystem()
        state = CallbackState(
            engine: engine, periodSeconds: Double(bufferFrames) / Double(SpatialAudioEngine.sampleRate),
            keepingContext: keepingContext)
        retained = Unmanaged.passRetained(state)
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(SpatialAudioEngine.sampleRate)
        wanted.format = SDL_AudioFormat(AUDIO_F32SYS)
        wanted.channels = UInt8(SpatialAudioEngine.channelCount)
        wanted.samples = UInt16(bufferFrames)
        wanted.callback = sdlAudioCallback
        wanted.userdata = retained.toOpaque()
        var obtained = SDL_AudioSpec()
        // Only the buffer size may change: SDL converts rate/format/channels, so the engine always renders 48 kHz float.
        let id = SDL_OpenAudioDevice(deviceName, 0, &wanted, &obtained, Int32(SDL_AUDIO_ALLOW_SAMPLES_CHANGE))
        guard id != 0 else {
            retained.release()
            let reason = String(cString: SDL_GetError())
            throw SDLAudioOutputError.deviceUnavailable(name: deviceName ?? "the default audio output", reason: reason)
        }
        device = id
        self.bufferFrames = Int(obtained.samples)
        self.deviceName = deviceName
        driverName = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
        state.periodSeconds = Double(obtained.samples) / Double(SpatialAudioEngine.sampleRate)
    }

    deinit { close() }

    /// Starts pulling audio from the engine.
    package func start() { SDL_PauseAudioDevice(device, 0) }

    /// Plays `ear`'s channel as silence from the next block (nil: both sound). The headphone check's sound is in one
    /// ear only: through the HRTF at ±90° the far ear still heard it about 10 dB down, and a patient with one weaker
    /// ear answered "both".
    func silence(ear: EarSide?) {
        state.silentChannel.store(ear.map { $0 == .left ? 0 : 1 } ?? -1, ordering: .relaxed)
    }

    /// Runs `body` while no callback runs (SDL's device lock): the engine's HRTF is reopened between blocks so.
    func whileLocked(_ body: () throws -> Void) throws {
        SDL_LockAudioDevice(device)
        defer { SDL_UnlockAudioDevice(device) }
        try body()
    }

    /// Stops the callbacks (the device plays silence); `start()` resumes.
    package func pause() { SDL_PauseAudioDevice(device, 1) }

    /// Closes the device; SDL waits for a running callback to finish, so the engine is not used afterwards.
    /// First the audio thread lets go of the engine's context, which it keeps current between blocks (a context
    /// still current when SDL ends the thread is leaked by OpenAL Soft): the next callback, or one let run for
    /// that when paused, releases it and plays silence. Waits at most 0.5 s for it (a stalled driver).
    package func close() {
        guard !closed else { return }
        closed = true
        if state.callbacks.load(ordering: .acquiring) > 0 {
            state.closing.store(true, ordering: .releasing)
            SDL_PauseAudioDevice(device, 0)
            let clock = SystemClock()
            let start = clock.now()
            while !state.released.load(ordering: .acquiring) && clock.now() - start < 0.5 { usleep(1_000) }
        }
        SDL_CloseAudioDevice(device)
        retained.release()
    }

    /// Callbacks that arrived more than two buffer periods late (see the type's note).
    var lateCallbacks: Int { state.lateCallbacks.load(ordering: .relaxed) }

    /// Callbacks served so far.
    var callbacks: Int { state.callbacks.load(ordering: .relaxed) }

    /// The longest callback so far (rendering included), in seconds.
    package var longestCallbackSeconds: Double {
        Double(state.longestCallbackNanoseconds.load(ordering: .relaxed)) / 1e9
    }

    /// How each of the last `CallbackState.durationCapacity` callbacks went, oldest first. Read it while paused
    /// or closed: SDL holds the device lock around a callback, so none is half-written then.
    package func callbackRecords() -> [CallbackRecord] { state.records() }

    /// SDL's audio subsystem, started once (the window app may have started it already).
    private static func startAudioSubsystem() throws {
        if SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) != 0 {
            throw SDLAudioOutputError.noAudio(reason: String(cString: SDL_GetError()))
        }
    }

    /// The names of the audio output devices SDL sees (may be empty when only a default device exists).
    static func outputDeviceNames() throws -> (driver: String, devices: [String]) {
        try Self.startAudioSubsystem()
        let count = SDL_GetNumAudioDevices(0)
        let names = (0..<max(0, count)).compactMap { SDL_GetAudioDeviceName($0, 0).map { String(cString: $0) } }
        return (SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown", names)
    }
}

/// What the audio thread touches. The counters are atomics, so the game thread can read them without
/// stopping the callback; `periodSeconds` is set once before the device starts. Callback durations go into
/// storage allocated up front, so timing a callback allocates nothing on the audio thread.
/// Not Sendable: SDL's audio thread reaches it only through the C callback's user-data pointer. There
/// `previousCallback` and `ring` are written by that thread alone (read while it is paused),
/// `periodSeconds` before it starts.
private final class CallbackState {
    /// Durations kept: the last 2^15 callbacks (almost 6 minutes of 512-frame blocks).
    static let durationCapacity = 1 << 15

    let engine: SpatialAudioEngine
    var periodSeconds: Double
    let lateCallbacks = Atomic<Int>(0)
    let callbacks = Atomic<Int>(0)
    let longestCallbackNanoseconds = Atomic<Int>(0)
    /// Set by `close()`: the next callback releases the engine's context and answers with `released`.
    let closing = Atomic<Bool>(false)
    let released = Atomic<Bool>(false)
    /// The output channel (0 left, 1 right) played as silence, or −1: the headphone check's one-ear sound.
    let silentChannel = Atomic<Int>(-1)
    private let clock = SystemClock()
    private var previousCallback: MonotonicTime?
    private let ring = UnsafeMutableBufferPointer<CallbackRecord>.allocate(capacity: durationCapacity)

    let keepingContext: Bool

    init(engine: SpatialAudioEngine, periodSeconds: Double, keepingContext: Bool) {
        self.engine = engine
        self.keepingContext = keepingContext
        self.periodSeconds = periodSeconds
        ring.initialize(repeating: CallbackRecord(seconds: 0, blocked: false, preempted: false))
    }

    deinit { ring.deallocate() }

    /// The recorded callbacks, oldest first (see `SDLAudioOutput.callbackRecords`).
    func records() -> [CallbackRecord] {
        let count = callbacks.load(ordering: .acquiring)
        guard count > Self.durationCapacity else { return Array(ring[0..<count]) }
        let next = count % Self.durationCapacity
        return Array(ring[next...]) + Array(ring[..<next])
    }

    /// Runs on SDL's audio thread only.
    func fill(_ stream: UnsafeMutablePointer<UInt8>, byteCount: Int) {
        if closing.load(ordering: .acquiring) {
            engine.releaseRenderContext()
            memset(stream, 0, byteCount)
            released.store(true, ordering: .releasing)
            return
        }
        let now = clock.now()
        if let previousCallback, now - previousCallback > 2 * periodSeconds {
            lateCallbacks.add(1, ordering: .relaxed)
        }
        previousCallback = now
        // The device's frame clock on the game's clock: reaction times run from a frame's mapped time.
        engine.frameClock.observe(frame: engine.framesRendered, at: now)
        let switchesBefore = Self.contextSwitches()
        let floats = byteCount / MemoryLayout<Float>.size
        stream.withMemoryRebound(to: Float.self, capacity: floats) { pointer in
            engine.render(
                into: UnsafeMutableBufferPointer(start: pointer, count: floats - floats % 2),
                keepingContext: keepingContext)
            let silent = silentChannel.load(ordering: .relaxed)
            if silent >= 0 {
                for index in stride(from: silent, to: floats - floats % 2, by: 2) { pointer[index] = 0 }
            }
        }
        let duration = clock.now() - now
        let switchesAfter = Self.contextSwitches()
        let index = callbacks.load(ordering: .relaxed)
        ring[index % Self.durationCapacity] = CallbackRecord(
            seconds: duration, blocked: switchesAfter.voluntary > switchesBefore.voluntary,
            preempted: switchesAfter.involuntary > switchesBefore.involuntary)
        longestCallbackNanoseconds.max(Int(duration * 1e9), ordering: .relaxed)
        callbacks.store(index + 1, ordering: .releasing)
    }
}

extension CallbackState {
    /// RUSAGE_THREAD (Linux): this thread's own counters; Glibc's Swift module does not import the constant.
    private static let rusageThread = __rusage_who_t(1)

    /// This thread's context switches so far: voluntary ones (it blocked: a lock, a sleep, I/O) and involuntary
    /// ones (the scheduler gave its core to another thread). One getrusage call, no allocation.
    fileprivate static func contextSwitches() -> (voluntary: Int, involuntary: Int) {
        var usage = rusage()
        getrusage(rusageThread, &usage)
        return (usage.ru_nvcsw, usage.ru_nivcsw)
    }
}

/// How one audio callback went: its duration, and whether the audio thread blocked (a voluntary context switch:
/// it waited for a lock, anyone's — ours, OpenAL's, the allocator's) or was preempted by the scheduler meanwhile.
package struct CallbackRecord: Sendable {
    package let seconds: Double
    package let blocked: Bool
    package let preempted: Bool
}

/// SDL's C callback: forwards to the `CallbackState` passed as user data.
private func sdlAudioCallback(
    _ userdata: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<UInt8>?, _ length: Int32
) {
    guard let userdata, let stream, length > 0 else { return }
    Unmanaged<CallbackState>.fromOpaque(userdata).takeUnretainedValue().fill(stream, byteCount: Int(length))
}

/// Why audio output could not start; one sentence each, naming the device and what to do.
enum SDLAudioOutputError: Error, CustomStringConvertible, LocalizedError {
    case noAudio(reason: String)
    case deviceUnavailable(name: String, reason: String)
    case badBufferSize(Int)
    case stalled(device: String)

    var description: String {
        switch self {
        case .noAudio(let reason):
            return "No audio output is available (SDL: \(reason)): connect headphones or a sound card, "
                + "or set SDL_AUDIODRIVER=dummy to run silently."
        case .deviceUnavailable(let name, let reason):
            return "Cannot open \(name) (SDL: \(reason)): check that it is connected and not in exclusive use, "
                + "or pick another device from `soundsafari devices`."
        case .badBufferSize(let frames):
            return
                "Audio buffer size \(frames) frames is out of range: use 16 to 8192 (default \(SDLAudioOutput.defaultBufferFrames))."
        case .stalled(let device):
            return "\(device) stopped taking audio for 5 s: check that it is still connected and not suspended, "
                + "then run the check again."
        }
    }

    var errorDescription: String? { description }
}
