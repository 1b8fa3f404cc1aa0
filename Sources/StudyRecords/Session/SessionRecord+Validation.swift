// session.json's numbers against what the game writes: what the codec reads is not always a session that can exist.
import Foundation

extension SessionRecord {
    /// The first number no game ever logs, as a clause naming its key, or nil: counts and versions from 1 (failed
    /// attempts from 0) and at most 2^31 − 1, times and doses from 0 to 2^31 − 1. The study
    /// server's ingest takes only states that pass it.
    public func validationProblem() -> String? {
        let counts: [(String, Int?, Int)] =
            [
                ("session_index", sessionIndex, 1), ("plan.version", plan?.version, 1),
                ("plan.session", plan?.session, 1),
                ("plan.total_sessions", plan?.totalSessions, 1),
                ("output.profile_version", output?.tailoring.profileVersion, 1),
            ] + headphoneChecks.map { ("headphone_check.failed_attempts", $0.failedAttempts, 0) }
        for case (let key, let value?, let lowest) in counts where !(lowest...Int(Int32.max)).contains(value) {
            return "\(key) \(value) is not a whole number from \(lowest) to \(Int32.max)"
        }
        // `train` plays session done + 1 and stops when all are done: no session is numbered past its plan's end (a
        // page showed "26 of 10 sessions done" from such rows).
        if let plan, plan.session > plan.totalSessions {
            return
                "plan.session \(plan.session) is past the plan's last session (plan.total_sessions \(plan.totalSessions))"
        }
        let amounts: [(String, Double?)] = [
            ("played_s", playedSeconds), ("exposure.dose_fraction", exposure?.doseFraction),
            ("exposure.week_dose_fraction", exposure?.weekDoseFraction),
        ]
        // At most 2^31 − 1 (seconds: 68 years; weekly allowances: no headphones deliver that), as trials.csv's time_s:
        // past it only a damaged file goes, and 1e300 overflowed whatever printed it as a whole number.
        for case (let key, let value?) in amounts where !(0...Double(Int32.max)).contains(value) {
            return "\(key) \(value) is not a number from 0 to \(Int32.max)"
        }
        return nil
    }
}
