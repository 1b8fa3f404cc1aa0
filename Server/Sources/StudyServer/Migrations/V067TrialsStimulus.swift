// Migration 67: trials: the stimulus a target was (its file's SHA-256, measured bandwidth and loudness; issue 42).

extension Migration {
    static let v067TrialsStimulus = Migration(
        version: 67, name: "trials: stimulus_sha256, stimulus_bandwidth_oct, stimulus_loudness_lufs",
        statements: [
            // NULL in rows projected before, and in rows of logs written before the game measured its sounds: their
            // trials.csv had no such cells, so nothing is known of the stimulus but the `target` name.
            """
            ALTER TABLE trials ADD COLUMN stimulus_sha256 text, ADD COLUMN stimulus_bandwidth_oct float8,
              ADD COLUMN stimulus_loudness_lufs float8
            """
        ])
}
