// Random tokens and enrolment codes (the system's CSPRNG); only their SHA-256 is stored, computed by PostgreSQL.
import Foundation

enum Secrets {
    /// A bearer token: a prefix saying what it opens (`ssu_` a web session, `ssd_` a device) and 256 random bits.
    static func token(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let text = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + text
    }

    /// Crockford's base-32 alphabet: no I, L, O or U, so a code read aloud or typed is not mistaken.
    static let codeAlphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// A one-time enrolment code, `XXXX-XXXX-XXXX` (60 random bits), easy to type on the machine to enrol.
    static func enrolmentCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<12).map { _ in codeAlphabet[Int.random(in: 0..<codeAlphabet.count, using: &generator)] }
        return stride(from: 0, to: 12, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// A code as typed (lower case, spaces, missing dashes) in the form it was issued.
    static func normalisedCode(_ text: String) -> String {
        let characters = text.uppercased().filter { codeAlphabet.contains($0) }
        guard characters.count == 12 else { return text }
        let array = Array(characters)
        return stride(from: 0, to: 12, by: 4).map { String(array[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// A password for a new account when none is given: 20 characters of the code alphabet (100 bits).
    static func password() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in codeAlphabet[Int.random(in: 0..<codeAlphabet.count, using: &generator)] })
    }
}
