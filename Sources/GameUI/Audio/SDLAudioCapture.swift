// The microphone while a rating sitting is open: SDL's capture thread hands each block to the level meter, no more.
import CSDL2
import Foundation
import GameCore
import SpatialAudio
import StudyRecords

/// The default capture device opened (SDL_OpenAudioDevice with iscapture 1) at 48 kHz mono float, SDL converting
/// whatever the microphone gives. Each block goes straight into an `AmbientLevelMeter` on SDL's capture thread and is
/// forgotten there: nothing is recorded or stored but the meter's sums (issue 45). Opened when a rating sitting of a
/// participant who allowed it begins and closed when it ends.
final class SDLAudioCapture {
    static let sampleRate = 48_000
    /// 1024 frames: 21 ms a block, a level needs no lower latency.
    static let bufferFrames: UInt16 = 1024

    let meter: AmbientLevelMeter
    /// The device SDL opened (its name, or "the default microphone").
    let deviceName: String
    private let device: SDL_AudioDeviceID
    private let retained: Unmanaged<AmbientLevelMeter>
    private var closed = false

    /// Opens `deviceName` (nil: the default microphone) and starts measuring; nil when SDL has no capture device or
    /// cannot open it, so the level is not measured (the ratings screen says so).
    init?(deviceName: String? = nil) {
        if SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) != 0 { return nil }
        let meter = AmbientLevelMeter(sampleRate: Double(Self.sampleRate))
        let retained = Unmanaged.passRetained(meter)
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(Self.sampleRate)
        wanted.format = SDL_AudioFormat(AUDIO_F32SYS)
        wanted.channels = 1
        wanted.samples = Self.bufferFrames
        wanted.callback = sdlCaptureCallback
        wanted.userdata = retained.toOpaque()
        var obtained = SDL_AudioSpec()
        // No change allowed: SDL converts the microphone's rate, format and channels to what the meter reads.
        let id = SDL_OpenAudioDevice(deviceName, 1, &wanted, &obtained, 0)
        guard id != 0 else {
            retained.release()
            return nil
        }
        self.meter = meter
        self.retained = retained
        self.deviceName = deviceName ?? "the default microphone"
        device = id
        SDL_PauseAudioDevice(id, 0)
    }

    deinit { close() }

    /// Stops capturing; SDL waits for a running callback, so the meter is no longer fed afterwards.
    func close() {
        guard !closed else { return }
        closed = true
        SDL_CloseAudioDevice(device)
        retained.release()
    }

    /// The level measured so far as ratings.csv stores it: dB(A) through the participant's microphone calibration,
    /// else unweighted dBFS; nil before there is a level (`AmbientLevelMeter.reading`).
    func level(calibration: MicrophoneCalibration?) -> AmbientLevel? {
        Self.level(meter.reading, calibration: calibration)
    }

    static func level(_ reading: AmbientReading?, calibration: MicrophoneCalibration?) -> AmbientLevel? {
        guard let reading else { return nil }
        guard let calibration else { return AmbientLevel(decibels: reading.dBFS, unit: .dBFS) }
        return AmbientLevel(decibels: calibration.dBA(fromAWeightedDBFS: reading.aWeightedDBFS), unit: .dBA)
    }
}

/// SDL's C callback on its capture thread: the captured block, measured and dropped.
private func sdlCaptureCallback(
    _ userdata: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<UInt8>?, _ length: Int32
) {
    guard let userdata, let stream, length > 0 else { return }
    let count = Int(length) / MemoryLayout<Float>.size
    stream.withMemoryRebound(to: Float.self, capacity: count) { samples in
        Unmanaged<AmbientLevelMeter>.fromOpaque(userdata).takeUnretainedValue().add(
            UnsafeBufferPointer(start: samples, count: count))
    }
}
