// A window session steered by a head tracker: calibration, pause on silence, raw readings into tracker.csv.
import Foundation
import GameCore
import HeadTracking
import Localization
import StudyKit
import StudyRecords

/// Everything the window does for `--input opentrack|osc`, once per frame on the game thread:
/// - feeds the calibration screen the newest reading and, when it is done, hands the calibration to the
///   heading and moves on to the headphone check;
/// - pauses a running round when the tracker has sent nothing for `TrackedHeading.silenceSeconds`, with a
///   message, and resumes it by itself when data returns;
/// - writes every reading and every calibration, recentre, silence and return to `tracker.csv` in the
///   session folder (events before the session opened are kept and written first).
final class TrackerSession {
    let heading: TrackedHeading
    var step: TrackerCalibrationStep
    private var log: TrackerLog?
    private var pendingEvents: [TrackerRow] = []
    private var loggedCalibration: TrackerCalibration?
    private(set) var pausedBySilence = false

    init(input: TrackerInput, givenYawSign: Int?) throws {
        let clock = SystemClock()  // the same monotonic time line as the game's clock
        heading = TrackedHeading(receiver: try TrackerReceiver(input: input, now: { clock.now() }))
        step = TrackerCalibrationStep(givenYawSign: givenYawSign)
    }

    var input: TrackerInput { heading.receiver.input }

    /// "The head tracker (opentrack, UDP port 4242)".
    var name: String { "The head tracker (\(input.kind.rawValue), UDP port \(input.port))" }

    /// What the calibration screen shows under its instruction: the newest raw reading, or that none came.
    func status(at now: MonotonicTime) -> String {
        let counts = heading.receiver.counts
        let malformed =
            counts.malformed > 0
            ? Translation.ngettext(
                " · {count} malformed packet ignored", " · {count} malformed packets ignored", counts.malformed)
            : ""
        let values = ["tracker": input.kind.rawValue, "port": String(input.port)]
        guard let yaw = currentRawYaw(at: now) else {
            return Translation.gettext("{tracker} on UDP port {port}: no data", values) + malformed
        }
        return Translation.gettext(
            "{tracker} on UDP port {port}: raw yaw {yaw}°",
            [
                "tracker": input.kind.rawValue, "port": String(input.port),
                "yaw": Translation.language.number(String(format: "%.1f", yaw)),
            ]) + malformed
    }

    /// The newest raw yaw, or nil when none arrived within the silence limit.
    func currentRawYaw(at now: MonotonicTime) -> Double? {
        heading.isSilent(at: now) ? nil : heading.receiver.latest?.reading.yawDeg
    }

    /// Each frame, whatever the screen: a recentre is logged, and readings go to tracker.csv.
    func frame(now: MonotonicTime, app: GameApp) throws {
        if pausedBySilence && app.flow.screen != .paused { pausedBySilence = false }  // resumed or quit by hand
        if let calibration = heading.calibration, loggedCalibration != nil, calibration != loggedCalibration {
            loggedCalibration = calibration
            record(.recentre, at: now, app: app, detail: "forward is where the head points now")
        }
        try writeLog(app: app)
    }

    /// Each frame of the calibration screen: the newest reading moves the step on.
    func calibrate(now: MonotonicTime, app: GameApp) throws {
        step.update(rawYawDeg: currentRawYaw(at: now))
        if step.calibration != nil { try finishCalibration(app: app, now: now) }
    }

    /// Each frame of a round: silent for `TrackedHeading.silenceSeconds`, the round pauses with a message.
    func pauseIfSilent(now: MonotonicTime, app: GameApp) throws {
        guard heading.isSilent(at: now) else { return }
        pausedBySilence = true
        record(.silent, at: now, app: app, detail: "no data for \(TrackedHeading.silenceSeconds) s")
        try app.perform(
            app.flow.pause(
                reason: Translation.gettext(
                    "The head tracker ({tracker}, UDP port {port}) has sent nothing for half a second: check that it runs and sees your head. The round goes on by itself when data returns.",
                    ["tracker": input.kind.rawValue, "port": String(input.port)])))
    }

    /// Each frame of the pause screen: a round the silence paused resumes by itself when data returns.
    func resumeIfReturned(now: MonotonicTime, app: GameApp) throws {
        guard pausedBySilence, !heading.isSilent(at: now) else { return }
        pausedBySilence = false
        record(.returned, at: now, app: app, detail: "data returned")
        try app.perform(app.flow.resume())
    }

    /// The player confirms facing forward (or, on the turn step, goes back to it).
    func handle(_ command: UICommand, now: MonotonicTime, app: GameApp) throws {
        switch command {
        case .activate, .photoKey: step.confirmForward(rawYawDeg: currentRawYaw(at: now))  // "Space or Enter"
        case .backspace, .left: step.restart()
        default: return
        }
        if step.calibration != nil { try finishCalibration(app: app, now: now) }
    }

    private func finishCalibration(app: GameApp, now: MonotonicTime) throws {
        guard case .done(let calibration, let turned) = step.stage else { return }
        heading.calibration = calibration
        loggedCalibration = calibration
        let source = step.givenYawSign == nil ? "sign from turning right" : "sign from --tracker-yaw-sign"
        let turnedNote = turned.map { String(format: " (turned to raw yaw %.3f)", $0) } ?? ""
        record(.calibration, at: now, app: app, detail: source + turnedNote)
        try app.perform(app.flow.trackerCalibrated())
    }

    private func record(_ event: TrackerRow.Event, at now: MonotonicTime, app: GameApp, detail: String) {
        let reading = heading.receiver.latest?.reading
        let calibration = heading.calibration
        pendingEvents.append(
            TrackerRow(
                time: app.clock.date(at: now), event: event, input: input.kind.rawValue,
                address: reading?.address ?? "", rawYawDeg: reading?.yawDeg, rawPitchDeg: reading?.pitchDeg,
                rawRollDeg: reading?.rollDeg, xCm: reading?.xCm, yCm: reading?.yCm, zCm: reading?.zCm,
                forwardRawYawDeg: calibration?.forwardRawYawDeg, yawSign: calibration?.yawSign,
                headingDeg: reading.flatMap { reading in
                    calibration.map { TrackedHeading.heading(of: reading, calibration: $0).degrees }
                },
                malformedTotal: heading.receiver.counts.malformed, detail: detail))
    }

    /// Readings since the last frame (and events so far) into tracker.csv once the session folder exists;
    /// before that only the events are kept.
    private func writeLog(app: GameApp) throws {
        let samples = heading.receiver.drain()
        guard let run = app.run else { return }
        if log == nil { log = try TrackerLog(folder: run.driver.log.location) }
        let calibration = heading.calibration
        let malformed = heading.receiver.counts.malformed
        let rows = samples.map { sample in
            let reading = sample.reading
            return TrackerRow(
                time: app.clock.date(at: sample.receivedAt), event: .sample, input: input.kind.rawValue,
                address: reading.address, rawYawDeg: reading.yawDeg, rawPitchDeg: reading.pitchDeg,
                rawRollDeg: reading.rollDeg, xCm: reading.xCm, yCm: reading.yCm, zCm: reading.zCm,
                forwardRawYawDeg: calibration?.forwardRawYawDeg, yawSign: calibration?.yawSign,
                headingDeg: calibration.map { TrackedHeading.heading(of: reading, calibration: $0).degrees },
                malformedTotal: malformed)
        }
        // Events first when they are older than the batch (the calibration); otherwise in time order.
        let all = (pendingEvents + rows).sorted { $0.time < $1.time }
        pendingEvents.removeAll()
        try log?.append(all)
    }
}
