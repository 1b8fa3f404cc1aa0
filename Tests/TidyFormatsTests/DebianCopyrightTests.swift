// Debian's machine-readable copyright files as the credits read them: the upstream work's holders and licence.
import Foundation
import Testing

@testable import TidyFormats

@Suite struct DebianCopyrightTests {
    /// tuxpaint-stamps-default's file as Debian 12 installs it, shortened.
    static let stamps = """
        Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
        Upstream-Name: tuxpaint-stamps
        Source: http://sourceforge.net/projects/tuxpaint

        Files: *
        Copyright: 2002-2022 by Bill Kendrick <bill@newbreedsoftware.com>
        License: GPL-2

        Files: debian/*
        Copyright: 2002-2014 Ben Armstrong <synrg@sanctuary.nslug.ns.ca>
                   2017-2022 Jonathan Carter <jcc@debian.org>
        License: GPL-2

        License: GPL-2
         This package is free software; you can redistribute it and/or modify
         .
         On Debian systems, the complete text of the GNU General
        """

    @Test("The upstream stanza's holders and licence, not Debian's packaging; its credit line")
    func theUpstreamWork() throws {
        let read = try #require(DebianCopyright(package: "tuxpaint-stamps-default", text: Self.stamps))
        #expect(read.upstreamName == "tuxpaint-stamps")
        #expect(read.source == "http://sourceforge.net/projects/tuxpaint")
        #expect(read.copyright == ["2002-2022 by Bill Kendrick <bill@newbreedsoftware.com>"])
        #expect(read.licence == "GPL-2")
        #expect(read.stanzas.count == 2 && read.stanzas[1].files == ["debian/*"])
        #expect(read.stanzas[1].copyright.last == "2017-2022 Jonathan Carter <jcc@debian.org>")
        #expect(
            read.creditLine
                == "tuxpaint-stamps (Debian package tuxpaint-stamps-default): 2002-2022 by Bill Kendrick "
                + "<bill@newbreedsoftware.com>; licence GPL-2; http://sourceforge.net/projects/tuxpaint")
    }

    @Test("Continuation lines join their field; a file in another format is no credit; a missing package is nil")
    func continuationsAndRefusals() throws {
        let fonts = """
            Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
            Upstream-Name: DejaVu fonts
            Source: https://dejavu-fonts.github.io/

            Files: *
            Copyright: Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved.
             Bitstream Vera is a trademark of Bitstream, Inc.
             DejaVu changes are in public domain.
            License: bitstream-vera
             Permission is hereby granted, free of charge, to any person obtaining a copy
            """
        let read = try #require(DebianCopyright(package: "fonts-dejavu-core", text: fonts))
        #expect(read.copyright.count == 3 && read.copyright[2] == "DejaVu changes are in public domain.")
        #expect(read.licence == "bitstream-vera")
        #expect(DebianCopyright(package: "old", text: "This package was debianized by someone.\n") == nil)
        #expect(DebianCopyright.installed("no-such-package-\(UUID())") == nil)
    }
}
