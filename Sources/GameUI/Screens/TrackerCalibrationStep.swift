// The head tracker's calibration screen as a pure state machine: data arriving, face forward, turn right.
import GameCore
import Localization

/// Sets where forward is and which way the tracker's yaw grows, the way a supervisor would: the player
/// faces forward and confirms (Space, Enter, click or gamepad A), then turns the head to the right until
/// the game has seen a turn of at least `TrackerCalibration.minimumTurnDeg` (no key needed). With
/// `--tracker-yaw-sign` the sign is given and the turn is skipped. Pure: the app feeds it readings.
struct TrackerCalibrationStep: Equatable {
    enum Stage: Equatable {
        /// No reading has arrived yet (or the tracker fell silent).
        case waitingForData
        case faceForward
        case turnRight(forwardRawYawDeg: Double)
        case done(TrackerCalibration, turnedRawYawDeg: Double?)
    }

    /// `--tracker-yaw-sign`, when given.
    let givenYawSign: Int?
    private(set) var stage = Stage.waitingForData

    init(givenYawSign: Int?) { self.givenYawSign = givenYawSign }

    var calibration: TrackerCalibration? {
        if case .done(let calibration, _) = stage { return calibration }
        return nil
    }

    /// Called every frame with the newest raw yaw (nil: no data, or silent for 0.5 s).
    mutating func update(rawYawDeg: Double?) {
        switch stage {
        case .waitingForData:
            if rawYawDeg != nil { stage = .faceForward }
        case .faceForward:
            if rawYawDeg == nil { stage = .waitingForData }
        case .turnRight(let forward):
            guard let rawYawDeg else { return }
            if let sign = TrackerCalibration.yawSign(forwardRawYawDeg: forward, turnedRawYawDeg: rawYawDeg) {
                stage = .done(TrackerCalibration(forwardRawYawDeg: forward, yawSign: sign), turnedRawYawDeg: rawYawDeg)
            }
        case .done:
            break
        }
    }

    /// The player confirms facing forward.
    mutating func confirmForward(rawYawDeg: Double?) {
        guard case .faceForward = stage, let rawYawDeg else { return }
        if let givenYawSign {
            stage = .done(TrackerCalibration(forwardRawYawDeg: rawYawDeg, yawSign: givenYawSign), turnedRawYawDeg: nil)
        } else {
            stage = .turnRight(forwardRawYawDeg: rawYawDeg)
        }
    }

    /// Back to the first step (Backspace / ← on the turn step, if the player confirmed too early).
    mutating func restart() { stage = .waitingForData }

    /// What the screen asks of the player.
    var instruction: String {
        switch stage {
        case .waitingForData:
            Translation.gettext("Waiting for the head tracker… Start it and point it at this computer.")
        case .faceForward:
            Translation.gettext("Face straight ahead (towards the screen), then press Space or Enter.")
        case .turnRight:
            Translation.gettext("Now turn your head slowly to the right, about a quarter turn.")
        case .done:
            Translation.gettext("Calibrated.")
        }
    }
}
