// A page of a paginated table as its address gives it: the one reading of `page=N` for every table of the dashboard.
import Localization

/// `page=N`, from 1 to 2^31 − 1: a larger number overflowed the offset's multiplication and trapped, which took the
/// whole server down for every user (a page past the last shows the last).
enum PageNumber {
    static func parse(_ text: String?) throws -> Int {
        let text = text ?? "1"
        guard let number = Int(text), (1...Int(Int32.max)).contains(number) else {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The page page={text} is not a page number: use 1, 2, … (at most {most}).",
                    ["text": String(text.prefix(40)), "most": String(Int32.max)]))
        }
        return number
    }
}
