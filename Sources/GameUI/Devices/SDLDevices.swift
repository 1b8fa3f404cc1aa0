// What SDL sees on this machine for `soundsafari devices`: audio outputs and game controllers with their sensors.
import CSDL2
import Foundation
import GameCore
import SessionRuntime
import SpatialAudio

/// A connected game controller and whether it can turn the player by gyro.
public struct GameControllerInfo: Sendable {
    public let name: String
    public let hasGyro: Bool
    public let hasAccelerometer: Bool
}

/// SDL's game-controller subsystem did not start (no input devices readable).
public struct ControllersUnavailable: Error, CustomStringConvertible {
    let reason: String
    public var description: String { "SDL cannot read game controllers (\(reason)): check /dev/input permissions." }
}

/// The SDL side of the device list and the left/right output test.
public enum SDLDevices {
    /// The SDL audio driver and the names of its output devices (may be empty: only a default device).
    public static func audioOutputs() throws -> (driver: String, devices: [String]) {
        try SDLAudioOutput.outputDeviceNames()
    }

    /// Every connected game controller, opened briefly to ask about its sensors (SDL 2.0.14+).
    public static func gameControllers() throws -> [GameControllerInfo] {
        let subsystems = UInt32(SDL_INIT_GAMECONTROLLER)
        if SDL_WasInit(subsystems) == 0, SDL_InitSubSystem(subsystems) != 0 {
            throw ControllersUnavailable(reason: String(cString: SDL_GetError()))
        }
        return (0..<max(0, SDL_NumJoysticks())).compactMap { index -> GameControllerInfo? in
            guard SDL_IsGameController(index) == SDL_TRUE, let controller = SDL_GameControllerOpen(index) else {
                return nil
            }
            defer { SDL_GameControllerClose(controller) }
            let name = SDL_GameControllerName(controller).map { String(cString: $0) } ?? "controller \(index)"
            return GameControllerInfo(
                name: name,
                hasGyro: SDL_GameControllerHasSensor(controller, SDL_SENSOR_GYRO) == SDL_TRUE,
                hasAccelerometer: SDL_GameControllerHasSensor(controller, SDL_SENSOR_ACCEL) == SDL_TRUE)
        }
    }

    /// The default number of frames per audio callback.
    public static var defaultBufferFrames: Int { SDLAudioOutput.defaultBufferFrames }

    /// The check a supervisor runs before a study: `entry` plays 1 s on the left, then 1 s on the right,
    /// through the real output. `report` receives the lines to show.
    public static func playLeftThenRight(
        _ entry: SoundEntry, bufferFrames: Int, device: String?, report: (String) -> Void
    ) throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.loadBuffer(file: entry.fileURL), bearing: Bearing(degrees: 270),
            gainDB: entry.gainDB, looping: true)
        let output = try SDLAudioOutput(engine: engine, bufferFrames: bufferFrames, deviceName: device)
        report(
            "Playing \(entry.displayName) on the LEFT, then on the RIGHT, through \(device ?? "the default output") "
                + "(SDL driver \(output.driverName), \(output.bufferFrames)-frame buffers, \(engine.hrtf))…")
        source.play()
        output.start()
        // One second of *delivered* audio per side, counted in callbacks rather than wall time, so a busy
        // machine cannot shorten a side or move the switch; a device that stops taking audio is reported.
        let secondOfCallbacks = (SpatialAudioEngine.sampleRate + output.bufferFrames - 1) / output.bufferFrames
        try waitForCallbacks(secondOfCallbacks, of: output, device: device)
        source.bearing = Bearing(degrees: 90)
        try waitForCallbacks(2 * secondOfCallbacks, of: output, device: device)
        output.close()
        report("Done: \(output.callbacks) audio callbacks, \(output.lateCallbacks) late (possible dropouts).")
    }

    /// Waits until the device has taken `count` buffers in all; a device silent for 5 s is an error.
    private static func waitForCallbacks(_ count: Int, of output: SDLAudioOutput, device: String?) throws {
        var last = output.callbacks
        var quietSince = Date()
        while output.callbacks < count {
            Thread.sleep(forTimeInterval: 0.005)
            if output.callbacks != last {
                last = output.callbacks
                quietSince = Date()
            } else if Date().timeIntervalSince(quietSince) > 5 {
                output.close()
                throw SDLAudioOutputError.stalled(device: device ?? "the default output")
            }
        }
    }

    /// Ends SDL (the device list opened its subsystems).
    public static func shutdown() { SDL_Quit() }
}
