// SIGINT, SIGTERM and SIGHUP end a session in order: the row in progress is finished, the session marked interrupted.
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The signal handler only notes which signal came (an atomic store is all a handler may safely do);
/// the session loops look at `pending` between ticks, so a row being written is always written whole.
/// A second signal of the same kind ends the process at once (SA_RESETHAND), for a session that hangs.
package enum InterruptSignals {
    private static let received = Atomic<Int32>(0)
    package static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers (again after SDL_Init, which puts its own on SIGINT and SIGTERM).
    package static func install() {
        _ = received.load(ordering: .relaxed)  // initialised here, never first inside the handler
        for signo in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signo in
                InterruptSignals.received.store(signo, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signo, &action, nil)
        }
        // A parent may start us with these signals blocked (Foundation's Process passes its thread's mask
        // on): they would then wait unseen until the session ends. Unblock them for the whole process.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signo in handled { sigaddset(&unblock, signo) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signal received since `install`, if any.
    package static var pending: Int32? {
        let signo = received.load(ordering: .relaxed)
        return signo == 0 ? nil : signo
    }

    package static func name(_ signo: Int32) -> String {
        switch signo {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signo)"
        }
    }
}

/// A session run that a signal ended: the rows written are kept and the session can be resumed.
package struct SessionInterruptedError: Error, CustomStringConvertible, LocalizedError {
    package let signal: Int32
    /// The folder of the session the signal interrupted; nil when none was running.
    package let folder: URL?
    /// The command that continues the session, with its participant and logs folder (pasted as is, it must
    /// find the same logs); nil: "--resume".
    package var continueCommand: String?

    package init(signal: Int32, folder: URL?, continueCommand: String? = nil) {
        self.signal = signal
        self.folder = folder
        self.continueCommand = continueCommand
    }

    /// The shell's convention for a process ended by a signal.
    package var exitStatus: Int32 { 128 + signal }

    package var description: String {
        let name = InterruptSignals.name(signal)
        guard let folder else { return "Stopped by \(name) while no session was running; no round was cut short." }
        return
            "Stopped by \(name): every photo taken is logged and \(folder.path)/session.json marks the session interrupted; continue it with \(continueCommand ?? "--resume")."
    }

    package var errorDescription: String? { description }
}
