// The seed a session's target placement is drawn from: the protocol's seed mixed with participant and session.
import GameCore

/// A protocol with a fixed seed must still give each participant, and each session of one participant, its
/// own bearings (otherwise P01, P05 and a repeat session all hear 45°, 315°, 135°, … and can learn them).
/// The placement seed is SplitMix64 of the FNV-1a 64-bit hash of `"<seed>/<participant>/<session number>"`,
/// so it is reproducible from session.json (`seed`, `participant`, `session_number`) and documented in
/// docs/LOG-FORMAT.md. The condition order (shuffled, Latin square) still comes from the seed alone.
public enum PlacementSeed {
    public static func derive(protocolSeed: UInt64, participant: ParticipantID, sessionNumber: Int) -> UInt64 {
        let key = "\(protocolSeed)/\(participant.value)/\(sessionNumber)"
        let hash = key.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        var generator = SeededRandom(seed: hash)
        return generator.next()
    }
}
