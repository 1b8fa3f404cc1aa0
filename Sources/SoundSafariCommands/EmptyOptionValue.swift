// `--participant=` with nothing after the `=`: an empty value, named by the command like any other bad value.

/// ArgumentParser reads `--participant=` as an option without its value ("Missing value for '--participant'"), so an
/// empty ID scripted as `--participant="$ID"` was never named as the empty ID it is. Split into `--participant` and
/// `""`, the value reaches the command's own check, which says "Participant ID '': it is empty."
public enum EmptyOptionValue {
    /// `arguments` with each `--name=` (nothing after the `=`) split into `--name` and an empty value; arguments after
    /// a `--` are left alone (they are values, not options).
    public static func separated(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded || argument == "--" {
                optionsEnded = true
                result.append(argument)
            } else if argument.hasPrefix("--"), argument.hasSuffix("="), argument.count > 3,
                argument.firstIndex(of: "=") == argument.index(before: argument.endIndex)
            {
                result += [String(argument.dropLast()), ""]
            } else {
                result.append(argument)
            }
        }
        return result
    }
}
