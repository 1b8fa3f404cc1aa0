// Named conditions for tests that need something of the machine (they skip and say why without it).
import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// An X display in DISPLAY (`make test` runs the suite under xvfb-run when there is none).
    static var needsDisplay: Self {
        .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false, "needs an X display")
    }

    /// Root, for what only root may do (mounting a small tmpfs to fill a disk).
    static var needsRoot: Self { .enabled(if: getuid() == 0, "mounting a small tmpfs needs root") }
}
