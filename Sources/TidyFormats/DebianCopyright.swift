// A Debian package's machine-readable copyright file (DEP-5), read where Debian installs it, for credits.
import Foundation

/// `/usr/share/doc/PACKAGE/copyright` in Debian's copyright format 1.0: the upstream name and source, and who holds
/// the copyright of the package's files under which licence. The About screen and the dashboard's credits read it
/// at run time, so what they say is what the installed package says.
public struct DebianCopyright: Sendable, Equatable {
    public let package: String
    public let upstreamName: String?
    public let source: String?
    /// The holders of the `Files: *` stanza (the upstream work, not Debian's packaging), one per line as written.
    public let copyright: [String]
    /// The short name of that stanza's licence (`GPL-2`, `bitstream-vera`).
    public let licence: String?
    /// Every `Files:` stanza, in the file's order (a package such as SoundSafari's names each data set's own
    /// holders and licence in one).
    public let stanzas: [FilesStanza]

    /// One `Files:` paragraph: the file patterns it covers, their holders (a line each) and its licence's short name.
    public struct FilesStanza: Sendable, Equatable {
        public let files: [String]
        public let copyright: [String]
        public let licence: String?
    }

    /// Where Debian installs a package's copyright file.
    public static func file(of package: String) -> URL {
        URL(fileURLWithPath: "/usr/share/doc/\(package)/copyright")
    }

    /// The package's copyright file, or nil when the package is not installed (or its file is no DEP-5 file).
    public static func installed(_ package: String, file: URL? = nil) -> DebianCopyright? {
        guard let text = try? String(contentsOf: file ?? Self.file(of: package), encoding: .utf8) else { return nil }
        return DebianCopyright(package: package, text: text)
    }

    /// Nil when `text` is not in the machine-readable format (no `Format:` line naming it).
    public init?(package: String, text: String) {
        let stanzas = Self.stanzas(text)
        guard let header = stanzas.first, header["Format"]?.contains("copyright-format") == true else { return nil }
        self.package = package
        upstreamName = header["Upstream-Name"]
        source = header["Source"]
        self.stanzas = stanzas.compactMap { stanza in
            guard let files = stanza["Files"] else { return nil }
            return FilesStanza(
                files: files.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init),
                copyright: stanza["Copyright"]?.split(separator: "\n").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty && $0 != "." } ?? [],
                licence: stanza["License"]?.split(separator: "\n").first.map {
                    $0.trimmingCharacters(in: .whitespaces)
                })
        }
        let upstream = self.stanzas.first { $0.files.contains("*") }
        copyright = upstream?.copyright ?? []
        licence = upstream?.licence
    }

    /// The paragraphs of a DEP-5 file as field → value; a continuation line (starting with a space) joins its field
    /// on a new line.
    static func stanzas(_ text: String) -> [[String: String]] {
        var stanzas: [[String: String]] = []
        var current: [String: String] = [:]
        var field: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !current.isEmpty { stanzas.append(current) }
                (current, field) = ([:], nil)
            } else if line.first == " " || line.first == "\t", let name = field {
                current[name, default: ""] += "\n" + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                let name = String(line[..<colon])
                current[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                field = name
            }
        }
        if !current.isEmpty { stanzas.append(current) }
        return stanzas
    }

    /// One line for a credits list: "DejaVu fonts (Debian package fonts-dejavu-core): Copyright (c) 2003 by
    /// Bitstream, Inc. …; licence bitstream-vera; https://dejavu-fonts.github.io/".
    public var creditLine: String {
        var parts = ["\(upstreamName ?? package) (Debian package \(package))"]
        if !copyright.isEmpty { parts[0] += ": " + copyright.joined(separator: " ") }
        if let licence { parts.append("licence \(licence)") }
        if let source { parts.append(source) }
        return parts.joined(separator: "; ")
    }
}
