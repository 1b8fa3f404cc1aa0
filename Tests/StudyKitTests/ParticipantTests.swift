// Pseudonymous participant IDs and participants.csv: safe folder names, registered once, answers kept.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

struct ParticipantIDTests {
    @Test(arguments: ["P07", "p-7", "S01_a", "42", "tn.03"])
    func pseudonymsMadeOfLettersDigitsAndSimplePunctuationAreAccepted(id: String) throws {
        #expect(try ParticipantID(id).value == id)
    }

    @Test(arguments: [
        "", "../P07", "a/b", "a\\b", "..", ".hidden", "-rf", "Jane Doe", "jane@example.org",
        String(repeating: "x", count: 65), "P07\n",
    ])
    func idsThatAreUnsafeAsFolderNamesOrLookPersonalAreRefused(id: String) {
        #expect(throws: ParticipantIDError.self) { try ParticipantID(id) }
    }

    @Test func theRefusalSaysWhatIsWrongAndWhatToUse() {
        let error = #expect(throws: ParticipantIDError.self) { try ParticipantID("a/b") }
        #expect(
            error?.description
                == "'a/b' cannot be a participant ID: it contains a path separator; use a pseudonym such as P07: "
                + "letters, digits, '-', '_' and '.', starting with a letter or digit."
        )
    }

    @Test func theTrailingNumberPicksTheLatinSquareRow() throws {
        #expect(try ParticipantID("P07").trailingNumber == 7)
        #expect(try ParticipantID("S2-12").trailingNumber == 12)
        #expect(try ParticipantID("anna").trailingNumber == nil)
    }
}

struct ParticipantRegistryTests {
    func sheet(_ id: String, age: Int? = 34) throws -> ParticipantRecord {
        ParticipantRecord(
            participant: try ParticipantID(id), age: age, gender: "female", tinnitus: .yes,
            tinnitusSide: .left, hearingAid: .no, phoneExperience0To5: 4, gameExperience0To5: 3,
            registeredAt: Fixtures.start)
    }

    @Test func aRegisteredParticipantIsFoundWithAllAnswers() throws {
        let folder = try TemporaryFolder()
        let registry = ParticipantRegistry(logs: folder.url)
        #expect(try registry.isRegistered(ParticipantID("P07")) == false)
        #expect(try registry.register(sheet("P07")) == .registered)
        #expect(try registry.lookup(ParticipantID("P07")) == sheet("P07"))
        #expect(try registry.isRegistered(ParticipantID("P08")) == false)
    }

    @Test func theFileHasLogFormatsColumns() throws {
        let folder = try TemporaryFolder()
        try ParticipantRegistry(logs: folder.url).register(sheet("P07"))
        let text = try String(contentsOf: folder.file("participants.csv"), encoding: .utf8)
        #expect(
            text
                == "participant,age,gender,tinnitus,tinnitus_side,hearing_aid,phone_experience_0_5,game_experience_0_5,registered_at\n"
                + "P07,34,female,yes,left,no,4,3,2026-11-18T11:06:40.250Z\n")
    }

    @Test func registeringTwiceKeepsTheFirstAnswersAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let registry = ParticipantRegistry(logs: folder.url)
        try registry.register(sheet("P07", age: 34))
        #expect(try registry.register(sheet("P07", age: 99)) == .alreadyRegistered(sheet("P07", age: 34)))
        #expect(try registry.all().count == 1)
    }

    @Test func unansweredQuestionsAreEmptyCellsAndReadBackAsUnanswered() throws {
        let folder = try TemporaryFolder()
        let registry = ParticipantRegistry(logs: folder.url)
        let bare = ParticipantRecord(participant: try ParticipantID("P09"), registeredAt: Fixtures.start)
        try registry.register(bare)
        #expect(try registry.lookup(ParticipantID("P09")) == bare)
    }

    @Test func columnsASupervisorAddedAreKeptAndLeftEmptyForNewRows() throws {
        let folder = try TemporaryFolder()
        try
            ("participant,age,gender,tinnitus,tinnitus_side,hearing_aid,phone_experience_0_5,game_experience_0_5,registered_at,site\n"
            + "P01,50,male,no,none,no,2,1,2026-11-01T10:00:00.000Z,Ulm\n")
            .write(to: folder.file("participants.csv"), atomically: true, encoding: .utf8)
        let registry = ParticipantRegistry(logs: folder.url)
        try registry.register(sheet("P02"))
        let table = try CSVTable.read(folder.file("participants.csv"))
        #expect(table.records.map(\.fields.last) == ["Ulm", ""])
        #expect(try registry.registrationNumber(of: ParticipantID("P02")) == 2)
    }

    @Test func outOfRangeAnswersAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try TemporaryFolder()
        var answers = try sheet("P07")
        answers.phoneExperience0To5 = 9
        #expect(throws: ParticipantRecordError.self) { try ParticipantRegistry(logs: folder.url).register(answers) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("participants.csv").path))
    }
}

@Suite struct ParticipantCorrectionTests {
    @Test func aCorrectionIsAppendedAndBecomesTheCurrentAnswersWithoutMovingAnyoneInTheRegister() throws {
        let folder = try TemporaryFolder()
        let registry = ParticipantRegistry(logs: folder.url)
        let p01 = try ParticipantID("P01")
        try registry.register(ParticipantRecord(participant: p01))
        try registry.register(ParticipantRecord(participant: try ParticipantID("Q02")))
        #expect(try registry.lookup(p01)?.hasMissingAnswers == true)
        let answered = ParticipantRecord(
            participant: p01, age: 54, gender: "female", tinnitus: .yes, tinnitusSide: .left, hearingAid: .no,
            phoneExperience0To5: 3, gameExperience0To5: 1)
        try registry.appendCorrection(answered)
        #expect(try registry.all().count == 3, "the blank row stays; the answers are a new row")
        #expect(try registry.lookup(p01)?.age == 54)
        #expect(try registry.lookup(p01)?.hasMissingAnswers == false)
        #expect(try registry.registrationNumber(of: p01) == 1)
        #expect(try registry.registrationNumber(of: try ParticipantID("Q02")) == 2)
        #expect(try registry.lookup(p01).map { answered.sameAnswers(as: $0) } == true)
    }
}
