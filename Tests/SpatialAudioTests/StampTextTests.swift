// A stamp's .txt read as Tux Paint's translators wrote it: the names the window puts into its sentences.
import Foundation
import Testing

@testable import SpatialAudio

@Suite struct StampTextTests {
    /// Lines as tuxpaint-stamps-default has them (rooster.txt, hen.txt, mosquito without a .txt).
    static let rooster =
        "A colorful rooster.\nach.utf8=Gweno.\nde.utf8=Ein bunter Hahn.\nen_GB.utf8=A colourful cockerel.\n"

    @Test("English from the first line and German from de.utf8, article and full stop dropped")
    func namesWithoutTheirArticles() {
        let duck = StampText(text: "A duck.\naf.utf8='n Eend.\nde.utf8=Eine Ente.\n")
        #expect(duck.name(language: "en") == "duck")
        #expect(duck.name(language: "de") == "Ente")
        #expect(duck.sentences["de"] == "Eine Ente")
        let owl = StampText(text: "An owl.\nde.utf8=Eine Eule.\n")
        #expect(owl.name(language: "en") == "owl" && owl.name(language: "de") == "Eule")
        // An adjective before the noun keeps its ending; standing first it takes the capital.
        let rooster = StampText(text: Self.rooster)
        #expect(rooster.name(language: "de") == "Bunter Hahn")
        #expect(rooster.name(language: "en") == "colorful rooster")
        #expect(rooster.sentences["en_GB"] == "A colourful cockerel")
        #expect(StampText(text: "A great blue heron.\n").name(language: "en") == "great blue heron")
        // A language the stamp has no line for has no name (the caller falls back to the English display name).
        #expect(rooster.name(language: "fr") == nil)
    }

    @Test("An en.utf8 line wins over the untagged first line; a first line that is a tag is no English name")
    func englishLines() {
        #expect(StampText(text: "A frog.\nen.utf8=A toad.\n").name(language: "en") == "toad")
        #expect(StampText(text: "de.utf8=Ein Frosch.\n").name(language: "en") == nil)
        #expect(StampText(text: "").sentences.isEmpty)
    }

    @Test("The .txt beside the recording, read where it lies; none beside a recording without one")
    func readBesideTheRecording() throws {
        let folder = try TestSignals.temporaryDirectory("stamp-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.rooster.write(to: folder.appendingPathComponent("rooster.txt"), atomically: true, encoding: .utf8)
        let read = try #require(StampText(recording: folder.appendingPathComponent("rooster.ogg")))
        #expect(read.name(language: "de") == "Bunter Hahn")
        #expect(StampText(recording: folder.appendingPathComponent("mosquito.ogg")) == nil)
        #expect(AnimalLibrary.displayName(for: folder.appendingPathComponent("rooster.ogg")) == "Colorful rooster")
        #expect(AnimalLibrary.displayName(for: folder.appendingPathComponent("sea_lion.ogg")) == "Sea lion")
        #expect(AnimalLibrary.names(for: folder.appendingPathComponent("rooster.ogg"))["de"] == "Ein bunter Hahn")
    }
}
