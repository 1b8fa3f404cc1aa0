// How a command ends after SIGINT, SIGTERM or SIGHUP: the sentence on stderr and the shell's 128 + signal status.
import ArgumentParser
import Foundation
import SessionRuntime

enum InterruptedExit {
    /// Runs `body`; a session a signal ended becomes its sentence and a non-zero exit status.
    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let interrupted as SessionInterruptedError {
            FileHandle.standardError.write(Data("\(interrupted)\n".utf8))
            throw ExitCode(interrupted.exitStatus)
        }
    }
}
