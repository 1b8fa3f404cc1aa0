// Every component and data source of SoundSafari and of this server, with its licence: the list of the public
// /about page. The server ships no sounds or HRTF sets, so the list is written here; AboutPageTests holds it equal to
// the checkout's sound catalog (Sounds/sounds.json), HRTF folder and its copyright file, and both Package.resolved.
import Localization

enum AboutCredits {
    struct Credit {
        let name: String
        /// What it is, in the page's language.
        let what: String
        let holders: String
        /// The licence's SPDX-like name, as the Debian copyright files write it.
        let licence: String
    }

    struct Group {
        let heading: String
        let credits: [Credit]
    }

    /// The synthesised sounds of `Sounds/sounds.json`, by catalog name: display name and licence.
    static let sounds: [(name: String, display: String, licence: String)] = [
        ("frog", "Frog", "CC0-1.0"), ("bluejay", "Blue jay", "CC0-1.0"), ("ambience", "Pond at dusk", "CC0-1.0"),
        ("shutter", "Camera shutter", "CC0-1.0"), ("ambience_farm", "Farmyard in the wind", "CC0-1.0"),
        ("ambience_forest", "Forest in a breeze", "CC0-1.0"), ("ambience_coast", "Surf on a beach", "CC0-1.0"),
        ("ambience_savannah", "Savannah wind", "CC0-1.0"),
    ]

    /// The measured HRTF sets of `HRTF/` (file, holders, licence as packaging/soundsafari/copyright.in has them).
    static let hrtfSets: [(file: String, holders: String, licence: String)] = [
        (
            "ari-nh2.sofa",
            "Acoustics Research Institute, Austrian Academy of Sciences (Piotr Majdak, Michael Mihocic)",
            "CC-BY-SA-3.0"
        ),
        (
            "ari-nh898.sofa",
            "Acoustics Research Institute, Austrian Academy of Sciences (Piotr Majdak, Michael Mihocic)", "CC-BY-SA-3.0"
        ),
        ("fhk-ku100.sofa", "Benjamin Bernschütz, Fachhochschule Köln", "CC-BY-SA-3.0"),
        (
            "ircam-listen-1002.sofa", "2002 IRCAM (Institut de Recherche et Coordination Acoustique/Musique)",
            "IRCAM-LISTEN"
        ),
        ("mit-kemar-large.sofa", "1994 MIT Media Laboratory (Bill Gardner, Keith Martin)", "MIT-KEMAR"),
    ]

    /// The server's Swift packages (Server/Package.resolved's pins; the game's are a subset), with their licences.
    static let serverPackages: [(identity: String, licence: String)] = [
        ("async-http-client", "Apache-2.0"), ("hummingbird", "Apache-2.0"), ("hummingbird-auth", "Apache-2.0"),
        ("postgres-nio", "MIT"), ("swift-algorithms", "Apache-2.0"), ("swift-argument-parser", "Apache-2.0"),
        ("swift-asn1", "Apache-2.0"), ("swift-async-algorithms", "Apache-2.0"), ("swift-atomics", "Apache-2.0"),
        ("swift-certificates", "Apache-2.0"), ("swift-collections", "Apache-2.0"),
        ("swift-configuration", "Apache-2.0"), ("swift-crypto", "Apache-2.0 (with BoringSSL: ISC, OpenSSL)"),
        ("swift-distributed-tracing", "Apache-2.0"), ("swift-extras-base64", "Apache-2.0"),
        ("swift-http-structured-headers", "Apache-2.0"), ("swift-http-types", "Apache-2.0"),
        ("swift-log", "Apache-2.0"), ("swift-metrics", "Apache-2.0"), ("swift-mustache", "Apache-2.0"),
        ("swift-nio", "Apache-2.0"), ("swift-nio-extras", "Apache-2.0"), ("swift-nio-http2", "Apache-2.0"),
        ("swift-nio-ssl", "Apache-2.0 (with BoringSSL: ISC, OpenSSL)"), ("swift-nio-transport-services", "Apache-2.0"),
        ("swift-numerics", "Apache-2.0"), ("swift-service-context", "Apache-2.0"),
        ("swift-service-lifecycle", "Apache-2.0"), ("swift-system", "Apache-2.0"),
    ]

    static func groups(_ catalog: MessageCatalog) -> [Group] {
        let recorded = Credit(
            name: "tuxpaint-stamps (Debian package tuxpaint-stamps-default)",
            what: catalog.gettext(
                "recorded animal calls and their pictures, imported on the patient's computer from Debian's package"),
            holders: "2002-2022 Bill Kendrick (the Tux Paint project)", licence: "GPL-2")
        let synthesised = sounds.map { sound in
            Credit(
                name: "\(sound.display) (Sounds/\(sound.name).wav)",
                what: catalog.gettext("synthesised by SoundSafari (soundsafari make-sounds)"),
                holders: "the SoundSafari authors", licence: sound.licence)
        }
        let sets =
            hrtfSets.map { set in
                Credit(
                    name: "HRTF/\(set.file)",
                    what: catalog.gettext("measured HRTF set, shipped for choosing a set by ear"),
                    holders: set.holders, licence: set.licence)
            } + [
                Credit(
                    name: "OpenAL Soft's default HRTF (Debian package libopenal-data)",
                    what: catalog.gettext("the MIT KEMAR measurements, OpenAL Soft's own set"),
                    holders: "1994 MIT Media Laboratory (Bill Gardner, Keith Martin)", licence: "MIT-KEMAR")
            ]
        let fonts = [
            Credit(
                name: "DejaVu fonts (Debian package fonts-dejavu-core)",
                what: catalog.gettext("the game's and the result pictures' letters"),
                holders: "Bitstream, Inc.; Tavmjong Bah; the DejaVu authors",
                licence: "Bitstream Vera licence and public domain")
        ]
        let game: [Credit] = [
            ("SoundSafari", "the SoundSafari authors", "Apache-2.0"),
            (
                "Questionnaires/mini-tq.json, thi.json (item identifiers and scoring only)", "the SoundSafari authors",
                "Apache-2.0"
            ),
            (
                "Swift runtime, Foundation, Dispatch", "Apple Inc. and the Swift project authors",
                "Apache-2.0 with the Runtime Library Exception"
            ),
            ("ICU (swift-foundation-icu)", "Unicode, Inc. and others", "Unicode-3.0"),
            ("OpenAL Soft (libopenal1)", "Chris Robinson and others", "LGPL-2+"),
            ("SDL2, SDL2_ttf, SDL2_image", "Sam Lantinga and others", "Zlib"),
            (
                "libpng (libpng16, the result pictures' PNG files)", "Cosmin Truta, Glenn Randers-Pehrson and others",
                "libpng-2.0"
            ),
            ("libsndfile", "Erik de Castro Lopo and others", "LGPL-2.1+"),
            ("libmysofa", "Christian Hoene, Symonics GmbH", "BSD-3-clause"),
            ("libsoxr", "Rob Sykes", "LGPL-2.1+"), ("libcsv", "Robert Gamble", "LGPL-2.1+"),
            ("libebur128", "Jan Kokemüller", "MIT (Expat)"),
            ("R's standalone maths library (libRmath, Debian package r-mathlib)", "the R Core Team", "GPL-2+"),
            ("liblo", "Steve Harris, Stephen Sinclair and others", "LGPL-2.1+"),
            ("espeak-ng (read aloud, when installed)", "Reece H. Dunn and others", "GPL-3+"),
            ("notify-send (libnotify-bin, reminders, when installed)", "the GNOME project", "LGPL-2.1+"),
        ].map { Credit(name: $0.0, what: catalog.gettext("the game"), holders: $0.1, licence: $0.2) }
        let server =
            [
                Credit(
                    name: "PostgreSQL", what: catalog.gettext("the server's database"),
                    holders: "The PostgreSQL Global Development Group", licence: "PostgreSQL")
            ]
            + serverPackages.map {
                Credit(
                    name: $0.identity, what: catalog.gettext("Swift package of the server"), holders: "",
                    licence: $0.licence)
            }
        return [
            Group(heading: catalog.gettext("Animal calls, pictures and sounds"), credits: [recorded] + synthesised),
            Group(heading: catalog.gettext("Measured HRTF sets"), credits: sets),
            Group(heading: catalog.gettext("Fonts"), credits: fonts),
            Group(heading: catalog.gettext("Libraries and programs of the game"), credits: game),
            Group(heading: catalog.gettext("The study server"), credits: server),
        ]
    }
}
