// The playback state of a source, as OpenAL reports it.

/// AL_SOURCE_STATE in Swift words.
public enum SourceState: String, Sendable {
    case initial, playing, paused, stopped
}
