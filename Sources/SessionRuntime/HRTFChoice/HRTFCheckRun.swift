// "Did it help?" after a choice: the check session (`HRTFCheck`), played headless by a simulated listener.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords

/// The check after an HRTF choice, the chosen set against OpenAL Soft's default (the set every player heard
/// before): a session like any other (session.json, trials.csv with each trial's set and its SHA-256), of the
/// built-in protocol `HRTFCheck.makeProtocol`.
package enum HRTFCheckRun {
    /// The set a session hears without a choice: the one OpenAL Soft opens with when none is named.
    package static func standardSet() throws -> String {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required))
        guard let name = engine.hrtf.name else { throw SpatialAudioError.hrtfUnavailable(status: engine.hrtf.status) }
        return name
    }

    /// The check's request: the chosen set against `standard`, ABBA or BAAB by `seed`.
    package static func request(
        participant: ParticipantID, chosen: String, standard: String, seed: UInt64, input: InputDevice
    )
        -> SessionRequest
    {
        SessionRequest(
            source: .builtInProtocol(HRTFCheck.makeProtocol(chosen: chosen, standard: standard, seed: seed)),
            participant: participant.value, seed: seed, input: input)
    }

    /// What the check's trials say about each set.
    package static func result(trials: [TrialResult], chosen: String, standard: String) -> HRTFCheckResult {
        HRTFCheckResult(
            trials: trials,
            hrtfOfCondition: [HRTFCheck.chosenCondition: chosen, HRTFCheck.standardCondition: standard],
            chosen: chosen, standard: standard)
    }

    /// The check's result when `resolved` is a check (its two conditions' sets), else nil.
    package static func result(of resolved: ResolvedProtocol, trials: [TrialResult]) -> HRTFCheckResult? {
        guard resolved.name == HRTFCheck.protocolName,
            let chosen = resolved.conditions.first(where: { $0.name == HRTFCheck.chosenCondition })?.hrtf,
            let standard = resolved.conditions.first(where: { $0.name == HRTFCheck.standardCondition })?.hrtf
        else { return nil }
        return result(trials: trials, chosen: chosen, standard: standard)
    }

    /// Plays the check headless with `HRTFMismatchBot`, whose own ears are `distancesDB`'s zero: `distancesDB`
    /// gives each set's distance from them.
    package static func simulate(
        participant: ParticipantID, logs: URL, chosen: String, standard: String, seed: UInt64,
        distancesDB: [String: Double], soundsFolder: String?, pictures: ResultPictureWriter
    ) throws -> (outcome: Simulation.Outcome, result: HRTFCheckResult) {
        var simulation = Simulation(
            request: request(
                participant: participant, chosen: chosen, standard: standard, seed: seed,
                input: .bot("hrtf-listener")),
            store: FileSessionStore(logs: logs), bot: .ideal, hrtfName: chosen, soundsFolder: soundsFolder,
            pictures: pictures)
        simulation.makePlayer = { scene, sessionSeed in
            HRTFMismatchBot(scene: scene, distancesDB: distancesDB, seed: sessionSeed)
        }
        let outcome = try simulation.run()
        return (outcome, result(trials: outcome.trials, chosen: chosen, standard: standard))
    }
}
