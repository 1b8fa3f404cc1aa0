// Bcrypt off Swift's pool. A cost-12 hash takes hundreds of milliseconds of one core, and every request of the
// server runs on the pool's threads (two on a 2-core machine): one sign-in hashed on the pool stalled every other
// request for that long, and a burst of sign-ins (or of guessed names) stalled the whole server.
import Foundation
import HummingbirdBcrypt
import Synchronization

enum PasswordHashes {
    /// `password`'s bcrypt hash at `cost`.
    static func hash(_ password: String, cost: UInt8) async -> String {
        await offPool { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`.
    static func verify(_ password: String, hash: String) async -> Bool {
        await offPool { Bcrypt.verify(password, hash: hash) }
    }

    /// Checks `password` against a hash of nothing anyone types, at the accounts' own `cost`, so that an unknown name
    /// takes as long to refuse as a wrong password.
    static func verifyDecoy(_ password: String, cost: UInt8) async {
        let known = decoys.withLock { $0[cost] }
        let decoy: String
        if let known {
            decoy = known
        } else {
            decoy = await hash("decoy password that matches nothing", cost: cost)
            decoys.withLock { $0[cost] = decoy }
        }
        _ = await verify(password, hash: decoy)
    }

    private static let decoys = Mutex<[UInt8: String]>([:])

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
