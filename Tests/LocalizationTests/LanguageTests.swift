// Which language a run speaks, and the numbers and dates it shows people.
import Foundation
import Testing

@testable import Localization

@Suite struct LanguageTests {
    @Test func theFlagComesBeforeTheParticipantsChoiceAndTheParticipantsBeforeTheEnvironment() {
        let environment = ["LANGUAGE": "de", "LANG": "de_DE.UTF-8"]
        #expect(Language.resolve(flag: .english, participant: .german, environment: environment) == (.english, .flag))
        #expect(
            Language.resolve(flag: nil, participant: .english, environment: environment) == (.english, .participant))
        #expect(
            Language.resolve(flag: nil, participant: nil, environment: environment) == (
                .german, .environment("LANGUAGE")
            ))
    }

    @Test func theEnvironmentIsReadInGettextsOrder() {
        // LANGUAGE's first language SoundSafari speaks wins; French has no catalog, so German is next.
        #expect(
            Language.resolve(flag: nil, participant: nil, environment: ["LANGUAGE": "fr:de", "LANG": "en_GB"]).language
                == .german)
        // LC_ALL decides before LC_MESSAGES and LANG, even when it names a language without a catalog.
        #expect(
            Language.resolve(
                flag: nil, participant: nil, environment: ["LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"])
                == (.english, .environment("LC_ALL")))
        #expect(
            Language.resolve(flag: nil, participant: nil, environment: ["LC_MESSAGES": "de_AT@euro", "LANG": "en_US"])
                == (.german, .environment("LC_MESSAGES")))
        #expect(Language.resolve(flag: nil, participant: nil, environment: ["LANG": "C.UTF-8"]).language == .english)
        #expect(
            Language.resolve(flag: nil, participant: nil, environment: ["LANGUAGE": "", "LC_ALL": ""]) == (
                .english, .fallback
            ))
    }

    @Test func localeNamesGiveTheirLanguage() {
        #expect(Language(localeName: "de_DE.UTF-8") == .german)
        #expect(Language(localeName: "de") == .german)
        #expect(Language(localeName: "en_GB") == .english)
        #expect(Language(localeName: "POSIX") == nil)
        #expect(Language(localeName: "fr_FR") == nil)
    }

    @Test func germanNumbersHaveADecimalCommaAndEnglishOnesAPoint() {
        #expect(Language.german.number("12.5") == "12,5")
        #expect(Language.german.number("-0.250") == "-0,250")
        #expect(Language.english.number("12.5") == "12.5")
    }

    @Test func aDayIsWrittenAsEachLanguageReadsIt() throws {
        let day = try #require(ISO8601DateFormatter().date(from: "2026-11-28T23:30:00Z"))
        #expect(Language.german.day(day) == "28.11.2026")
        #expect(Language.english.day(day) == "2026-11-28")
        #expect(Language.german.weekday(day) == "Samstag, 28. November")
        #expect(Language.english.weekday(day) == "Saturday 28 November")
    }
}
