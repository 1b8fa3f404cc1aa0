// Who made what the game plays and shows, with its licence: the About screen's lines, read at run time.
import Foundation
import Localization
import SpatialAudio
import TidyFormats

/// The credits of every sound and picture source, the HRTF sets and the fonts, from the copyright files Debian
/// installs (the stamps', the fonts', OpenAL Soft's data, SoundSafari's own) and the sound catalog, so they say what
/// is installed on this machine, never a copy that could go stale.
enum Credits {
    struct Section: Equatable {
        let heading: String
        let lines: [String]
    }

    /// What the credits are read from; `read` finds each where Debian (or a checkout) has it.
    struct Sources {
        var catalog: SoundCatalog?
        /// SoundSafari's own copyright file: its `Files:` stanzas name each shipped HRTF set's holders and licence.
        var own: DebianCopyright?
        var stamps: DebianCopyright?
        var fonts: DebianCopyright?
        var openALData: DebianCopyright?

        static func read(soundsFolder: String?) -> Sources {
            let catalog = try? SoundCatalog.locate(explicitFolder: soundsFolder)
            return Sources(
                catalog: catalog, own: ownCopyright(soundsFolder: catalog?.folder),
                stamps: DebianCopyright.installed("tuxpaint-stamps-default"),
                fonts: DebianCopyright.installed("fonts-dejavu-core"),
                openALData: DebianCopyright.installed("libopenal-data"))
        }

        /// `/usr/share/doc/soundsafari/copyright` when the package is installed, else the checkout's
        /// `packaging/soundsafari/copyright.in` beside the Sounds folder (the same text before `make deb`).
        static func ownCopyright(soundsFolder: URL?) -> DebianCopyright? {
            if let installed = DebianCopyright.installed("soundsafari") { return installed }
            guard let root = soundsFolder?.deletingLastPathComponent() else { return nil }
            return DebianCopyright.installed(
                "soundsafari", file: root.appendingPathComponent("packaging/soundsafari/copyright.in"))
        }
    }

    static func sections(_ sources: Sources) -> [Section] {
        var sections: [Section] = []
        let entries = sources.catalog?.entries ?? []
        let recorded = entries.filter { $0.role == .target && $0.licence == AnimalLibrary.licence }
        var animals: [String] = []
        if let stamps = sources.stamps {
            animals.append(stamps.creditLine)
            animals.append(
                Translation.ngettext(
                    "{count} of its calls is imported and played here, with its picture, both read where Debian installs them.",
                    "{count} of its calls are imported and played here, with their pictures, all read where Debian installs them.",
                    recorded.count))
        } else {
            animals.append(
                Translation.gettext(
                    "Debian's tuxpaint-stamps-default is not installed here: the game plays its synthesised animals."))
        }
        sections.append(Section(heading: Translation.gettext("Recorded animal calls and pictures"), lines: animals))

        let synthesised = Dictionary(
            grouping: entries.filter { $0.licence != AnimalLibrary.licence }, by: \.licence)
        sections.append(
            Section(
                heading: Translation.gettext("Synthesised sounds and drawn animals"),
                lines: synthesised.keys.sorted().map { licence in
                    Translation.gettext(
                        "{sounds}: made by SoundSafari (soundsafari make-sounds); licence {licence}",
                        [
                            "sounds": synthesised[licence]!.map(\.displayName).joined(separator: ", "),
                            "licence": licence,
                        ])
                }))

        var sets = (sources.own?.stanzas ?? []).filter { $0.files.contains { $0.hasSuffix(".sofa") } }.map {
            stanza in
            let names = stanza.files.map {
                ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".sofa", with: "")
            }
            return names.joined(separator: ", ") + ": " + stanza.copyright.joined(separator: " ")
                + (stanza.licence.map { "; " + Translation.gettext("licence {licence}", ["licence": $0]) } ?? "")
        }
        if let openAL = sources.openALData {
            sets.append(Translation.gettext("OpenAL Soft's own set: {credit}", ["credit": openAL.creditLine]))
        }
        if sets.isEmpty { sets.append(Translation.gettext("No copyright file of SoundSafari's HRTF sets was found.")) }
        sections.append(Section(heading: Translation.gettext("Measured HRTF sets"), lines: sets))

        sections.append(
            Section(
                heading: Translation.gettext("Fonts"),
                lines: [
                    sources.fonts?.creditLine
                        ?? Translation.gettext("Debian's fonts-dejavu-core is not installed here.")
                ]))
        return sections
    }
}
