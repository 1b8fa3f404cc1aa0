// The Swift side of gettext: placeholders, English without a catalog, and where catalogs are looked for.
import Foundation
import Testing

@testable import Localization

@Suite struct TranslationTests {
    @Test func placeholdersAreFilledByNameAndAnUnknownOneStaysVisible() {
        #expect(Translation.fill("{done} of {count}", ["done": "3", "count": "10"]) == "3 of 10")
        #expect(Translation.fill("session {next}", ["day": "28.11.2026"]) == "session {next}")
    }

    @Test func aValueGoesInAsItIsAndEveryOccurrenceOfAPlaceholderIsFilled() {
        // A site's or file's name holding another value's placeholder is not filled in turn.
        #expect(Translation.fill("{site}: {file}", ["site": "a{file}", "file": "x.csv"]) == "a{file}: x.csv")
        #expect(Translation.fill("{n}+{n}={m}", ["n": "1", "m": "2"]) == "1+1=2")
        // Braces that hold no placeholder, unclosed or nested, stay as they are; non-ASCII text around them too.
        #expect(Translation.fill("{ {a} {b {a}}", ["a": "Ä"]) == "{ Ä {b Ä}")
        #expect(Translation.fill("Größe {a", ["a": "1"]) == "Größe {a")
        #expect(Translation.fill("{}{a}", ["": "x", "a": "ü"]) == "xü")
        #expect(Translation.fill("no braces", ["a": "1"]) == "no braces")
    }

    @Test func englishNeedsNoCatalogAndChoosesItsPluralByTheCount() {
        // This process never activates another language (tests run side by side; German is tested in processes
        // of their own, LocalizedCommandTests), so the code's own strings come back.
        #expect(Translation.ngettext("{count} session", "{count} sessions", 1) == "1 session")
        #expect(Translation.ngettext("{count} session", "{count} sessions", 3) == "3 sessions")
        #expect(Translation.ngettext("{count} session", "{count} sessions", 0) == "0 sessions")
        #expect(Translation.gettext("Plan '{plan}'", ["plan": "p"]) == "Plan 'p'")
    }

    @Test func anExplicitFolderIsTheOnlyOneElseBesideTheProgramThenItsPrefixThenTheSystem() {
        let program = URL(fileURLWithPath: "/opt/soundsafari/bin/soundsafari")
        #expect(
            CatalogFolder.candidates(environment: ["SOUNDSAFARI_LOCALEDIR": "/tmp/catalogs"], executable: program)
                .map(\.path) == ["/tmp/catalogs"])
        #expect(
            CatalogFolder.candidates(environment: [:], executable: program).map(\.path) == [
                "/opt/soundsafari/bin/locale", "/opt/soundsafari/share/locale", "/usr/share/locale",
            ])
    }

    @Test func aFolderHoldsACatalogOnlyWhenItsMoFileIsThere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!CatalogFolder.holdsCatalog(folder, for: .german))
        let catalog = CatalogFolder.catalog(in: folder, for: .german)
        try FileManager.default.createDirectory(
            at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(!CatalogFolder.holdsCatalog(folder, for: .german))
        try Data().write(to: catalog)
        #expect(CatalogFolder.holdsCatalog(folder, for: .german))
        #expect(
            CatalogFolder.find(for: .german, environment: ["SOUNDSAFARI_LOCALEDIR": folder.path], executable: nil)?
                .path == folder.path)
    }

    @Test func aMissingCatalogIsOneSentenceNamingWhereItLookedAndWhatToDo() {
        let error = TranslationError.noCatalog(language: .german, searched: ["/a", "/b"])
        #expect(error.description.contains("de/LC_MESSAGES/soundsafari.mo"))
        #expect(error.description.contains("/a, /b"))
        #expect(error.description.contains("make build"))
    }
}

extension TranslationTests {
    @Test func activatingALanguageWithoutItsCatalogThrowsAndLeavesTheProcessAsItWas() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-catalogs-\(UUID().uuidString)")
        #expect(throws: TranslationError.noCatalog(language: .german, searched: [empty.path])) {
            try Translation.activate(.german, catalogs: empty)
        }
        #expect(Translation.language == .english)
    }
}
