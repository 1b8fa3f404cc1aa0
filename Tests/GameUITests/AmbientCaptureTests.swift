// The ratings' ambient level through a real SDL capture device, headless: SDL's `disk` driver plays a file into the
// capture callback, as a microphone would.
import CSDL2
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import GameUI

@Suite(.serialized) struct AmbientCaptureTests {
    static let rate = Double(SDLAudioCapture.sampleRate)

    /// A 1 kHz sine whose RMS is `dBFS`.
    static func tone(dBFS: Double, seconds: Double) -> [Float] {
        let amplitude = pow(10, dBFS / 20) * 2.0.squareRoot()
        return (0..<Int(seconds * rate)).map { Float(amplitude * sin(2 * .pi * 1_000 * Double($0) / rate)) }
    }

    /// White Gaussian noise whose RMS is `dBFS`.
    static func noise(dBFS: Double, seconds: Double) -> [Float] {
        var random = SeededRandom(seed: 45)
        return (0..<Int(seconds * rate)).map { _ in Float(pow(10, dBFS / 20) * random.gaussian()) }
    }

    /// What `SDLAudioCapture` measures of `samples` read by SDL's disk capture driver (raw float, the spec the
    /// capture asks for), stopped after one second counted; the file is four, so no silence after its end counts.
    static func captured(_ samples: [Float], calibration: MicrophoneCalibration? = nil) throws -> AmbientLevel? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ambient-capture-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("microphone.raw")
        try samples.withUnsafeBytes { Data($0) }.write(to: file)
        setenv("SDL_AUDIODRIVER", "disk", 1)
        setenv("SDL_DISKAUDIOFILEIN", file.path, 1)
        // 5 ms a 21 ms block: four times real time, still far slower than the polling below.
        setenv("SDL_DISKAUDIODELAY", "5", 1)
        defer {
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            for name in ["SDL_AUDIODRIVER", "SDL_DISKAUDIOFILEIN", "SDL_DISKAUDIODELAY"] { unsetenv(name) }
        }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
            Issue.record("SDL's disk audio driver did not start: \(String(cString: SDL_GetError()))")
            return nil
        }
        #expect(SDL_GetCurrentAudioDriver().map { String(cString: $0) } == "disk")
        let capture = try #require(SDLAudioCapture(), "the disk driver's capture device opens")
        let deadline = Date().addingTimeInterval(10)
        while (capture.meter.reading?.seconds ?? 0) < 1, Date() < deadline { usleep(10_000) }
        capture.close()
        return capture.level(calibration: calibration)
    }

    @Test func aToneAndNoiseThroughTheCaptureDeviceReadTheirLevelsWithinOneDecibel() throws {
        let tone = try #require(try Self.captured(Self.tone(dBFS: -20, seconds: 4)))
        #expect(tone.unit == .dBFS && abs(tone.decibels + 20) < 1, "\(tone)")
        let noise = try #require(try Self.captured(Self.noise(dBFS: -35, seconds: 4)))
        #expect(noise.unit == .dBFS && abs(noise.decibels + 35) < 1, "\(noise)")
        // A calibration that says this tone is 94 dB SPL: the same tone then reads 94 dB(A) (A-weighting 0 at 1 kHz).
        let calibrated = try #require(
            try Self.captured(
                Self.tone(dBFS: -20, seconds: 4), calibration: MicrophoneCalibration(referenceDBSPL: 94, readsDBFS: -20)
            ))
        #expect(calibrated.unit == .dBA && abs(calibrated.decibels - 94) < 1, "\(calibrated)")
    }
}
