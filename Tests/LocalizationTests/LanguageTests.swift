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
        // The ISO day, whatever the language: the moment's day in the zone given (half past midnight in Ulm).
        #expect(CivilTime.isoDay(day, zone: .gmt) == "2026-11-28")
        #expect(CivilTime.isoDay(day, zone: try #require(TimeZone(identifier: "Europe/Berlin"))) == "2026-11-29")
        #expect(CivilTime.isoDay(year: 987, month: 3, day: 4) == "0987-03-04")
        #expect(CivilTime.isoDay(year: -5, month: 12, day: 31) == String(format: "%04d-%02d-%02d", -5, 12, 31))
    }

    @Test func theCalendarFieldsAreFoundationsOwnForEveryMomentAndZone() throws {
        // The days and times are counted without Foundation's calendar (a tenth of a dashboard page's time); they
        // must be the fields it gives, fractions of a second, leap days, zones' summer times and the Julian past
        // included.
        let zones = try ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/St_Johns", "Pacific/Kiritimati"].map {
            try #require(TimeZone(identifier: $0))
        }
        var generator = SystemRandomNumberGenerator()
        var moments: [Double] = [
            0, -0.5, 951_782_400, 951_868_799.999, 1_795_000_000.75, -12_219_292_800, -12_219_292_800 + 86_399,
            -12_219_292_800 + 86_400 * 2, 253_402_300_799, -62_135_596_800,
        ]
        moments += (0..<2_000).map { _ in Double.random(in: -13_000_000_000...4_200_000_000, using: &generator) }
        let calendar = Calendar(identifier: .gregorian)
        for zone in zones {
            for moment in moments {
                let date = Date(timeIntervalSince1970: moment)
                let parts = calendar.dateComponents(in: zone, from: date)
                let expected = CivilTime(
                    year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!,
                    second: parts.second!)
                #expect(
                    CivilTime(date, offset: zone.secondsFromGMT(for: date), zone: zone) == expected,
                    "\(moment) in \(zone.identifier)")
            }
        }
        let winter = Date(timeIntervalSince1970: 1_795_871_109.9)
        #expect(
            Language.german.dateTime(winter) == "28.11.2026, 13:05:09 UTC", "a fraction of a second is not rounded up")
    }
}
