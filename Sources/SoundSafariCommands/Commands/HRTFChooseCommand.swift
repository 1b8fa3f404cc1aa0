// `soundsafari hrtf choose`: choosing an HRTF set by ear in a Swiss-system tournament (headless with a simulated listener).
import ArgumentParser
import Foundation
import GameCore
import GameUI
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

struct HRTFChooseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choose",
        abstract: "Choose the participant's HRTF set by ear: a Swiss-system tournament of comparisons (A or B).",
        discussion: """
            Candidates: the measured sets shipped in SoundSafari's HRTF folder (beside Sounds; each is imported \
            on first use) and OpenAL Soft's default set. Each comparison plays the same animal call from the \
            front, behind, the right and the left, then once around the head, with set A and then set B; the \
            answer is A, B or no difference, and a pair may be heard again. At most 15 comparisons. Every \
            comparison is written to the participant's hrtf-choice.csv (owner-only); the winner becomes a new \
            version of profile.json (source "choice"), used by every session from the next one on unless \
            --hrtf names another set. --listener-ears NAME answers with a simulated listener whose own ears are \
            the set NAME (headless): it prefers the set whose horizontal-plane transfer functions are closest to \
            its own (log-spectral distance, 1 dB of noise).
            """)

    @Option(help: "Pseudonymous participant ID.")
    var participant: String

    @Option(
        help: "Answer with a simulated listener whose own ears are this HRTF set (a candidate or an imported set).")
    var listenerEars: String

    @Option(help: "Seed of the pairing, the order of A and B and the simulated listener (default: random).")
    var seed: UInt64?

    @Option(help: "Folder of SOFA sets to choose among (default: the shipped HRTF folder beside Sounds).")
    var sets: String?

    @Option(help: "Folder holding sounds.json (default: the shipped Sounds folder).")
    var sounds: String?

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    @Flag(help: "Do not play the check after the choice (12 targets, the chosen set against the standard one).")
    var skipCheck = false

    func run() throws {
        let id = try ParticipantID(participant)
        let logsURL = URL(fileURLWithPath: logs)
        let catalog = try SoundCatalog.locate(explicitFolder: sounds)
        let shipped = try Self.shippedSets(sets: sets, sounds: sounds)
        let library = HRTFLibrary.standard()
        let (candidates, leftOut) = shipped.candidates(library: library)
        for sentence in leftOut { FileHandle.standardError.write(Data((sentence + "\n").utf8)) }
        let seed = self.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let run = try HRTFChoiceRun(
            participant: id, logs: logsURL, candidates: candidates, seed: seed,
            responder: "simulated:\(listenerEars)", startedAt: Date())
        guard let call = catalog.entries(role: .target).first else {
            throw ValidationError("\(catalog.folder.path)/sounds.json lists no target sound to compare the sets with.")
        }

        // The simulated listener's view: each candidate's distance from its own ears.
        let own = try RenderedHRTF.render(hrtfName: listenerEars)
        let distances = try candidates.map {
            HRTFDistance.logSpectralDistance(own, try RenderedHRTF.render(hrtfName: $0.name))
        }
        var listener = SimulatedHRTFListener(distancesDB: distances, seed: seed)
        print(
            "Choosing an HRTF for \(id.value) among \(candidates.count) sets (seed \(seed)); listener's ears: \(listenerEars)."
        )
        for (candidate, distance) in zip(candidates, distances) {
            print(
                String(format: "  %@: log-spectral distance from the listener's ears %.2f dB", candidate.name, distance)
            )
        }

        // Each set's playback is rendered once (it is the same in every comparison) through the participant's
        // output stage, on a virtual clock: the times in the log are those a listener needing this long would take.
        let profile = try HearingProfile.load(logs: logsURL, participant: id.value)
        var rendered: [String: [Float]] = [:]
        func playback(_ name: String) throws -> [Float] {
            if let done = rendered[name] { return done }
            let samples = try HRTFComparisonSequence.render(
                hrtfName: name, sound: call.fileURL, gainDB: call.gainDB, tailoring: profile?.tailoring ?? .none)
            rendered[name] = samples
            return samples
        }
        let start = Date()
        var elapsed = 0.0
        var peak: Float = 0
        while let pairing = run.tournament.current, let pair = run.current {
            for candidate in [pair.a, pair.b] {
                let samples = try playback(candidate.name)
                peak = max(peak, samples.map(abs).max() ?? 0)
                elapsed +=
                    Double(samples.count / SpatialAudioEngine.channelCount)
                    / Double(SpatialAudioEngine.sampleRate)
            }
            let answer = listener.answer(pairing, hearAgainCount: run.tournament.hearAgainCount)
            let seconds = listener.secondsToAnswer()
            elapsed += seconds
            try run.answer(answer, secondsToAnswer: seconds, at: start.addingTimeInterval(elapsed))
        }
        let (winner, version) = try run.finish(at: start.addingTimeInterval(elapsed))
        for line in run.table { print("  " + line) }
        print(
            String(
                format: "%d comparisons, %.0f s of listening and answering; loudest sample %.1f dBFS.",
                run.tournament.outcomes.count, elapsed, 20 * log10(Double(max(peak, 1e-9)))))
        print("Wrote \(run.location.path).")
        print("Winner: \(winner.name) (sha256 \(winner.sha256.isEmpty ? "built into OpenAL Soft" : winner.sha256)).")
        print(
            "It is version \(version) of \(HearingProfile.url(logs: logsURL, participant: id.value).path) (source choice); sessions use it from the next one on."
        )
        if !skipCheck {
            try check(
                participant: id, logs: logsURL, winner: winner.name, seed: seed,
                distances: Dictionary(uniqueKeysWithValues: zip(candidates.map(\.name), distances)))
        }
    }

    /// "Did it help?": the check session right after the choice, answered by the simulated listener whose aim
    /// worsens with the distance of the set it hears from its own ears.
    private func check(participant: ParticipantID, logs: URL, winner: String, seed: UInt64, distances: [String: Double])
        throws
    {
        let standard = try HRTFCheckRun.standardSet()
        guard winner != standard else {
            print("Check: the winner is the standard set \(standard), so there is nothing to compare.")
            return
        }
        print(
            "Check: \(HRTFCheck.roundsPerBlock * 4) targets, \(winner) against the standard set \(standard), blocks "
                + (HRTFCheck.startsWithChosen(seed: seed) ? "ABBA" : "BAAB") + " (A: \(winner))."
        )
        InterruptSignals.install()
        try InterruptedExit.run {
            let (outcome, result) = try HRTFCheckRun.simulate(
                participant: participant, logs: logs, chosen: winner, standard: standard, seed: seed,
                distancesDB: distances, soundsFolder: sounds, pictures: ResultPictureFiles())
            print("Session folder: \(outcome.folder.path)")
            for side in [result.chosen, result.standard] {
                print(
                    String(
                        format:
                            "  %@ (%.2f dB from the listener's ears): %d targets, mean absolute error %.1f°, %d front-back reversals",
                        side.hrtf, distances[side.hrtf] ?? .nan, side.trials, side.meanAbsoluteErrorDeg, side.reversals)
                )
            }
            for sentence in result.sentences { print(sentence) }
        }
    }

    /// `--sets DIR`, else the shipped folder beside the Sounds folder.
    static func shippedSets(sets: String?, sounds: String?) throws -> ShippedHRTFs {
        if let sets {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sets, isDirectory: &folder), folder.boolValue else {
                throw ValidationError("--sets \(sets) is not a folder; give a folder of .sofa files.")
            }
            return ShippedHRTFs(folder: URL(fileURLWithPath: sets))
        }
        return ShippedHRTFs(besideSounds: try SoundCatalog.locate(explicitFolder: sounds).folder)
    }
}
