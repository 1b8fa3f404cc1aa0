// Where the session hands each photo's TrialResult, synchronously, before anything else happens.

/// Receives each trial the moment the photo is taken. StudyKit's `TrialLog` implements it: it must have
/// written and flushed (fsync) the row when `record` returns, so a crash right after loses nothing.
/// A thrown error stops the session (a study must not go on without its log).
public protocol TrialSink: AnyObject {
    func record(_ trial: TrialResult) throws
}

/// Collects trials in memory: for tests and for sessions nobody logs.
public final class TrialCollector: TrialSink {
    public private(set) var trials: [TrialResult] = []
    public init() {}
    public func record(_ trial: TrialResult) throws { trials.append(trial) }
}
