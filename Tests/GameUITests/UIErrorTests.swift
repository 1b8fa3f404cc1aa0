// The window's error sentences point at the real cause: audio problems at audio, text problems at the text library.
import Testing

@testable import GameUI

@Suite struct UIErrorTests {
    @Test func anAudioEngineThatDidNotStartPointsAtTheAudioCheckNotTheGraphicsDriver() {
        let sentence = UIError.audioNotStarted.description
        #expect(sentence.contains("audio engine"))
        #expect(sentence.contains("soundsafari devices"))
        #expect(!sentence.lowercased().contains("graphics"))
    }

    @Test func aTextLibraryFailureNamesSDL2TTFAndItsPackageNotTheGraphicsDriver() {
        let sentence = UIError.textUnavailable("Library not initialized").description
        #expect(sentence.contains("SDL2_ttf: Library not initialized"))
        #expect(sentence.contains("libsdl2-ttf"))
        #expect(!sentence.lowercased().contains("graphics"))
    }
}
