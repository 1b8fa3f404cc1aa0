// "Find my sound" of the main menu: choosing an HRTF set by ear, pair by pair (SessionRuntime's HRTFChoiceRun).
import CSDL2
import Foundation
import GameCore
import Localization
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

/// The window's side of the choice: plays the current pair (set A, then set B: the same call from the front,
/// behind, right, left and once around, `HRTFComparisonSequence`), with a picture of where it comes from, then asks
/// A, B, no difference or hear again (arrows and Enter, a click, or the gamepad's d-pad and A). The tournament, its
/// log and the profile are `HRTFChoiceRun`'s. One audio device at a time: each set plays on its own engine, opened
/// when its turn comes (an engine's HRTF is fixed when it opens); the menu's own audio is closed first.
final class HRTFChoiceController: ScreenController {
    private enum Phase {
        /// Playing set 0 (A) or 1 (B) since `started`.
        case playing(side: Int, started: MonotonicTime)
        case answering(since: MonotonicTime)
        case finished(String)
    }

    /// The done screen's choices: the check ("Did it help?") unless the winner is the standard set, or the menu.
    private var doneMenu = MenuModel([])
    private var winner: String?

    private let run: HRTFChoiceRun
    private let call: SoundEntry
    private let logs: URL
    private var phase: Phase = .answering(since: MonotonicTime(seconds: 0))
    private var menu = HRTFChoiceController.answerMenu
    private var audio: AppAudio?
    private var source: SpatialSource?
    private var bearing: Double?
    private let leftOut: [String]

    private static var answerMenu: MenuModel {
        MenuModel(
            [
                .button("a", Translation.gettext("A sounded right")),
                .button("b", Translation.gettext("B sounded right")),
                .button("same", Translation.gettext("No difference")),
                .button("again", Translation.gettext("Hear them again")),
            ], focus: "a")
    }

    private init(run: HRTFChoiceRun, call: SoundEntry, logs: URL, leftOut: [String]) {
        self.run = run
        self.call = call
        self.logs = logs
        self.leftOut = leftOut
    }

    /// Opens the choice for the menu's participant; a sentence under the menu when it cannot start.
    static func openFromMenu(app: GameApp) throws {
        let participant = app.menu.participant
        if let problem = ParticipantID.problem(with: participant) {
            return app.refuseFromMenu(
                Translation.gettext(
                    "Participant ID: {problem}. Type your pseudonym to find your sound.", ["problem": problem]),
                focusParticipant: true)
        }
        let controller: HRTFChoiceController
        do {
            let catalog = try SoundCatalog.locate(explicitFolder: app.options.soundsFolder)
            guard let call = catalog.entries(role: .target).first else {
                return app.refuseFromMenu(
                    Translation.gettext(
                        "{folder}/sounds.json lists no animal call to compare the sound sets with.",
                        ["folder": catalog.folder.path]),
                    focusParticipant: false)
            }
            let (candidates, leftOut) = ShippedHRTFs(besideSounds: catalog.folder).candidates(
                library: HRTFLibrary.standard())
            let run = try HRTFChoiceRun(
                participant: try ParticipantID(participant), logs: app.options.logs, candidates: candidates,
                seed: app.options.seed ?? UInt64.random(in: 1...UInt64(UInt32.max)), responder: "patient",
                startedAt: Date())
            controller = HRTFChoiceController(run: run, call: call, logs: app.options.logs, leftOut: leftOut)
        } catch {
            return app.refuseFromMenu("\(error)", focusParticipant: false)
        }
        // The menu's voice had its own engine: one audio device at a time.
        app.audio?.stop()
        app.audio = nil
        try app.show(controller, after: app.flow.hrtfChoiceShown())
        try controller.play(side: 0, app: app)
    }

    // MARK: Playing

    private func play(side: Int, app: GameApp) throws {
        closeAudio()
        guard let pair = run.current else { return }
        let set = side == 0 ? pair.a : pair.b
        do {
            let opened = try AppAudio(hrtf: set.name, soundsFolder: app.options.soundsFolder)
            let id = run.participant
            let profile = try FileSessionStore(logs: logs).hearingProfile(of: id)
            opened.masterGainDB =
                HeadphoneCheck(
                    volumeDB: try LastVolume.find(logs: logs, participant: id), maximumDB: profile?.maxVolumeDB
                ).volumeDB
            _ = TailoredOutput(engine: opened.engine, tailoring: profile?.tailoring ?? .none)
            source = try opened.engine.makeSource(
                buffer: try opened.engine.loadBuffer(file: call.fileURL), gainDB: call.gainDB, looping: true)
            audio = opened
        } catch {
            try app.perform(app.flow.fail("\(error)"))
            return
        }
        bearing = nil
        phase = .playing(side: side, started: app.clock.now())
    }

    private func closeAudio() {
        source?.stop()
        source = nil
        audio?.stop()
        audio = nil
    }

    func tick(now: MonotonicTime, app: GameApp) throws {
        guard case .playing(let side, let started) = phase else { return }
        let elapsed = now.seconds - started.seconds
        if elapsed >= HRTFComparisonSequence.durationSeconds {
            if side == 0 { return try play(side: 1, app: app) }
            closeAudio()
            phase = .answering(since: now)
            return
        }
        let step = HRTFComparisonSequence.steps.last { $0.start <= elapsed }
        guard let source, step?.bearing != bearing else { return }
        bearing = step?.bearing
        if let bearing = step?.bearing {
            source.bearing = Bearing(degrees: bearing)
            if source.state != .playing { source.play() }
        } else {
            source.stop()
        }
    }

    func stimulusSounds(app: GameApp) -> Bool {
        if case .playing = phase { return true }
        return false
    }

    // MARK: Answers

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back {
            // Left before the end: the answers so far stay in hrtf-choice.csv, the profile is unchanged.
            closeAudio()
            return try app.perform(app.flow.continuePressed())
        }
        switch phase {
        case .finished:
            switch doneMenu.handle(command == .photoKey ? .activate : command) {
            case .activated("check"): try startCheck(app: app)
            case .activated: try app.perform(app.flow.continuePressed())
            default: break
            }
        case .playing:
            break
        case .answering(let since):
            guard case .activated(let id)? = menu.handle(command == .photoKey ? .activate : command) else { return }
            let answer: TournamentAnswer =
                switch id {
                case "a": .a
                case "b": .b
                case "same": .noDifference
                default: .hearAgain
                }
            do {
                try run.answer(answer, secondsToAnswer: time.seconds - since.seconds, at: Date())
                if run.tournament.isFinished {
                    let (winner, version) = try run.finish(at: Date())
                    self.winner = winner.name
                    let standard = try? HRTFCheckRun.standardSet()
                    doneMenu = MenuModel(
                        (winner.name != standard && standard != nil && app.isPlay
                            ? [.button("check", Translation.gettext("Did it help? Check it now (12 animals)"))] : [])
                            + [.button("back", Translation.gettext("Back to the menu"))])
                    phase = .finished(
                        Translation.gettext(
                            "Your sound is {name}. Your sessions use it from the next one on (version {version} of your profile).",
                            ["name": winner.name, "version": String(version)]))
                    return
                }
            } catch {
                return try app.perform(app.flow.fail("\(error)"))
            }
            menu = Self.answerMenu
            try play(side: 0, app: app)
        }
    }

    /// "Did it help?": back on the menu, its Start plays the check (`HRTFCheck`: the winner against the standard
    /// set in ABBA or BAAB blocks) as a session like any other, headphone check first; its summary says the result.
    private func startCheck(app: GameApp) throws {
        guard let winner else { return }
        let seed = app.options.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let check = HRTFCheck.makeProtocol(chosen: winner, standard: try HRTFCheckRun.standardSet(), seed: seed)
        try app.perform(app.flow.continuePressed())
        app.pendingHRTFCheck = check
        let rounds = check.conditions.flatMap { condition in
            Array(repeating: FlowRound(condition: condition.name, targets: 1), count: condition.repetitions)
        }
        try app.menu.start(app: app, rounds: rounds)
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        if case .answering = phase { return try click(on: menu, x: x, y: y, at: time, app: app) }
        if case .finished = phase { return try click(on: doneMenu, x: x, y: y, at: time, app: app) }
        try handle(.activate, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        guard let row = app.painter.menuRow(atX: x, y: y) else { return }
        switch phase {
        case .answering: menu.focus(on: row.id)
        case .finished: doneMenu.focus(on: row.id)
        case .playing: break
        }
    }

    // MARK: Drawing and read aloud

    private var playingLine: String {
        guard case .playing(let side, _) = phase else { return "" }
        let from: String
        switch bearing {
        case 0?: from = Translation.gettext("in front of you")
        case 180?: from = Translation.gettext("behind you")
        case 90?: from = Translation.gettext("to your right")
        case 270?: from = Translation.gettext("to your left")
        case .some: from = Translation.gettext("around your head")
        case nil: from = "…"
        }
        return side == 0
            ? Translation.gettext("Sound A — {where}", ["where": from])
            : Translation.gettext("Sound B — {where}", ["where": from])
    }

    func sentence(app: GameApp) -> String? {
        switch phase {
        case .playing: nil
        case .answering:
            Translation.gettext(
                "Which one sounded more outside your head, and more where the picture showed it: A or B?")
        case .finished(let text): text
        }
    }

    func draw(app: GameApp) {
        let painter = app.painter
        let (width, height) = (painter.width, painter.height)
        painter.window.clear()
        let comparison = min(run.tournament.outcomes.count + 1, HRTFTournament.maximumComparisons)
        var top: Int32
        switch phase {
        case .finished(let text):
            top = painter.title(
                Translation.gettext("Find my sound"),
                subtitle: Translation.ngettext(
                    "Done after {count} comparison", "Done after {count} comparisons", run.tournament.outcomes.count))
            let below =
                top + painter.scaled(40)
                + painter.text.drawWrapped(
                    text, x: width / 2, y: top + painter.scaled(40), width: width - painter.scaled(160),
                    pixels: painter.px(.body), align: .center)
            _ = painter.drawMenu(
                doneMenu, top: below + painter.scaled(24), rowWidth: painter.scaled(620),
                bottom: height - painter.scaled(50))
            painter.hint(Translation.gettext("↑ ↓ and Enter, a click or the gamepad: choose"))
            return
        default:
            top = painter.title(
                Translation.gettext("Find my sound"),
                subtitle: Translation.gettext(
                    "Comparison {comparison} of at most {most} — the same animal from the front, behind, right, left, then around you: first A, then B",
                    ["comparison": String(comparison), "most": String(HRTFTournament.maximumComparisons)]))
        }
        // The picture while a set plays: the listener's head from above, the nose up, and where the sound is now.
        // The question needs the room for its four answers (1280 × 720, large text), so it shows none.
        var below = top + painter.scaled(12)
        if case .playing = phase {
            let radius = painter.scaled(110)
            let centre = (x: width / 2, y: top + radius + painter.scaled(20))
            painter.window.outline(
                SDL_Rect(x: centre.x - radius, y: centre.y - radius, w: radius * 2, h: radius * 2), Theme.dimText)
            let head = painter.scaled(28)
            painter.window.fill(
                SDL_Rect(x: centre.x - head / 2, y: centre.y - head / 2, w: head, h: head), Theme.dimText)
            painter.window.fill(
                SDL_Rect(
                    x: centre.x - painter.scaled(4), y: centre.y - head / 2 - painter.scaled(10),
                    w: painter.scaled(8), h: painter.scaled(10)), Theme.dimText)
            if let bearing {
                let angle = bearing * .pi / 180
                let dot = painter.scaled(22)
                let x = centre.x + Int32((Double(radius) * sin(angle)).rounded()) - dot / 2
                let y = centre.y - Int32((Double(radius) * cos(angle)).rounded()) - dot / 2
                painter.window.fill(SDL_Rect(x: x, y: y, w: dot, h: dot), Theme.focus)
            }
            below = centre.y + radius + painter.scaled(24)
        }
        switch phase {
        case .playing:
            painter.text.drawWrapped(
                playingLine, x: width / 2, y: below, width: width - painter.scaled(160), pixels: painter.px(.body),
                bold: true, align: .center)
            painter.hint(
                Translation.gettext(
                    "Listen: A plays, then B. Esc: stop (your answers so far are kept, nothing is changed)"))
        case .answering:
            let question = Translation.gettext(
                "Which one sounded more outside your head, and more where the picture showed it?")
            let after =
                below
                + painter.text.drawWrapped(
                    question, x: width / 2, y: below, width: width - painter.scaled(160), pixels: painter.px(.body),
                    align: .center)
            _ = painter.drawMenu(
                menu, top: after + painter.scaled(12), rowWidth: painter.scaled(520),
                bottom: height - painter.scaled(50))
            painter.hint(Translation.gettext("↑ ↓ and Enter, a click or the gamepad: choose. Esc: stop"))
        case .finished:
            break
        }
        if !leftOut.isEmpty, case .answering = phase {
            painter.text.drawWrapped(
                leftOut.joined(separator: " "), x: width / 2, y: height - painter.scaled(90),
                width: width - painter.scaled(120), pixels: painter.px(.small), color: Theme.dimText, align: .center)
        }
    }
}
