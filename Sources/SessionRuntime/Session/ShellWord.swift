// A path or ID as one word a user can paste into a shell: the advice after a stopped session is pasted as is.
import StudyRecords

package enum ShellWord {
    /// `text` as one shell word (single-quoted when it holds anything but safe characters): the one rule,
    /// StudyRecords' `ResumeCommand.shellWord`, which the resume commands of the window and `status` use too.
    package static func quote(_ text: String) -> String { ResumeCommand.shellWord(text) }
}
