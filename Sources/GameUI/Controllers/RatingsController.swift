// The tinnitus ratings before or after a session's rounds, or of a reminder's prompt: one question per screen.
import Foundation
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// The ratings of one moment, asked with the one questionnaire form (`QuestionnaireForm`, each rating as its
/// `session-ratings` instrument item; yes/no and the SAM figures as a scale): the questions not yet stored, each
/// answer stored the moment it is given (an empty one when skipped) into the session's ratings.csv rows or the
/// prompt's; after the last the flow goes on. Esc neither skips nor leaves.
///
/// The sound level around the patient (issue 45), opt-in: a participant never asked reads the question on the first
/// sitting's screens ("Measure the noise level … Yes: F5, gamepad Y or click here"); F5, gamepad Y (or R) or a click on
/// that line allows it, and a sitting finished without is their no. display.json keeps the answer; the same switch on
/// any later sitting changes it. While allowed, the microphone is open from
/// the sitting's first question to its last answer, and each answer is stored with the level measured so far
/// (`SDLAudioCapture`); nothing else of the microphone is kept. The line never moves the form (clicks land where
/// they did).
final class RatingsController: QuestionnaireScreen {
    private let moment: RatingMoment
    private var items: [RatingItem] = []
    private var index = 0
    var form: QuestionnaireForm?
    /// The participant was never asked: the screen asks, and F5 is their yes.
    private var asking = false
    private var measuring = false
    private var capture: SDLAudioCapture?
    private var calibration: MicrophoneCalibration?

    init(moment: RatingMoment) { self.moment = moment }

    /// The questions of the moment not yet stored (none left: the flow goes on at once).
    func enter(app: GameApp) throws {
        items = try ratings(app)?.remaining(moment) ?? []
        index = 0
        guard !items.isEmpty, let participant = participant(app) else { return try showNext(app: app) }
        calibration = try HearingProfile.load(logs: app.options.logs, participant: participant.value)?
            .microphoneCalibration
        switch try DisplayPreferences.read(logs: app.options.logs, participant: participant).ambientLevel {
        case nil: asking = true
        case true?: startMeasuring()
        case false?: break
        }
        try showNext(app: app)
    }

    /// The session's ratings, or a prompt's.
    private func ratings(_ app: GameApp) -> SessionRatings? { app.run?.driver.ratings ?? app.promptRatings }

    private func participant(_ app: GameApp) -> ParticipantID? {
        ratings(app).flatMap { try? ParticipantID($0.context.participant) }
    }

    private func showNext(app: GameApp) throws {
        guard items.indices.contains(index) else {
            form = nil
            stopMeasuring()
            // Asked once: a sitting answered without taking the offer up is a no (F5 still turns it on later).
            if asking, let participant = participant(app) {
                asking = false
                try DisplayPreferences.remember(ambientLevel: false, logs: app.options.logs, participant: participant)
            }
            return try app.perform(app.flow.questionnaireFinished())
        }
        form = QuestionnaireForm(
            item: items[index].askedItem, position: index + 1, count: items.count,
            layout: Self.layout(of: items[index]))
    }

    private func startMeasuring() {
        measuring = true
        capture = capture ?? SDLAudioCapture()
    }

    private func stopMeasuring() {
        measuring = false
        capture?.close()
        capture = nil
    }

    /// Yes/no and the SAM figures stand side by side, stepped with ← → from the middle; the slider is a slider.
    static func layout(of item: RatingItem) -> QuestionnaireForm.Layout {
        switch item.scale {
        case .yesNo: .scale(manikin: nil, left: "", right: "")
        case .manikin(let dimension, let left, let right):
            .scale(
                manikin: dimension, left: RatingItem.askedAnchor(left), right: RatingItem.askedAnchor(right))
        case .slider: .list
        }
    }

    /// Esc neither skips nor leaves: every other command goes to the form, but gamepad Y (R), which recentres in a
    /// round and means nothing to a question, is the ambient level's switch, as F5 and a click on the status line.
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .recentre { return try toggleAmbientLevel(app: app) }
        try ask(command, app: app)
    }

    /// A click on the status line switches the ambient level (the mouse's F5); any other goes to the form.
    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        if let line = app.painter.questionStatus, x >= line.x, x < line.x + line.w, y >= line.y, y < line.y + line.h {
            return try toggleAmbientLevel(app: app)
        }
        try clickForm(x: x, y: y, app: app)
    }

    /// F5: the participant allows or stops the measurement, from this answer on; remembered in display.json.
    func toggleAmbientLevel(app: GameApp) throws {
        guard form != nil, let participant = participant(app) else { return }
        asking = false
        if measuring { stopMeasuring() } else { startMeasuring() }
        try DisplayPreferences.remember(ambientLevel: measuring, logs: app.options.logs, participant: participant)
    }

    /// Stores an answer (an empty one when skipped) into ratings.csv before the next question shows.
    func store(_ answer: QuestionnaireAnswer?, app: GameApp) throws {
        try ratings(app)?.record(
            items[index], value: answer?.number, moment: moment, at: app.clock.date(at: app.clock.now()),
            ambientLevel: capture?.level(calibration: calibration))
        index += 1
        try showNext(app: app)
    }

    /// What the screen says about the level: measured, not possible, or off.
    private var status: String {
        if asking {
            // One line at 1280 wide in English and German: two lines met the buttons when the footer wrapped.
            return Translation.gettext(
                "Measure the noise level around you while you answer? Level only, no recording. Yes: F5, gamepad Y or click here"
            )
        }
        guard measuring else {
            return Translation.gettext(
                "The sound level around you is not measured (F5, gamepad Y or click here: measure it).")
        }
        guard capture != nil else {
            return Translation.gettext("No microphone: the sound level around you is not measured.")
        }
        return Translation.gettext(
            "Measuring the sound level around you, never recording (F5, gamepad Y or click here: stop).")
    }

    func draw(app: GameApp) {
        guard let form else { return }
        let heading =
            switch moment {
            case .before: Translation.gettext("Before we start: how are you?")
            case .after: Translation.gettext("After the session: how are you?")
            default: Translation.gettext("A few quick questions")
            }
        app.painter.drawQuestion(form, heading: heading, status: status)
    }
}
