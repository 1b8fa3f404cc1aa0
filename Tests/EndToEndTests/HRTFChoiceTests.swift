// `soundsafari hrtf choose` and `hrtf distances` with the shipped HRTF sets: the tournament, its log, the profile.
import Foundation
import GameCore
import StudyRecords
import Testing
import TidyFormats

@Suite("soundsafari hrtf choose")
struct HRTFChoiceTests {
    static let shipped = ["ari-nh2", "ari-nh898", "fhk-ku100", "ircam-listen-1002", "mit-kemar-large"]

    /// The distance matrix `hrtf distances --format csv` prints, by set name.
    static func distances(environment: [String: String]) throws -> (names: [String], matrix: [[Double]]) {
        let result = try SoundSafariBinary.run(["hrtf", "distances", "--format", "csv"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let table = try CSVTable.parse(Data(result.stdout.utf8), file: "hrtf distances")
        let names = table.records.map { try! table.row($0).text("set") }
        let matrix = try table.records.map { record in try names.map { try table.row(record).decimal($0) } }
        return (names, matrix)
    }

    @Test(
        "Distance measure: log-spectral distance of the directional transfer functions over 24 horizontal directions; a simulated listener (1 dB noise) whose ears are any candidate picks its own set in ≥ 90 % of 50 seeded runs, each with ≤ 15 comparisons"
    )
    func simulatedListenerFindsItsOwnEars() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-distances")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let (names, matrix) = try Self.distances(environment: environment)
        // The five shipped sets and OpenAL Soft's default.
        #expect(names.count >= 6, "\(names)")
        #expect(Set(Self.shipped).isSubset(of: Set(names)), "\(names)")
        for (index, row) in matrix.enumerated() {
            #expect(row[index] == 0)
            for (other, distance) in row.enumerated() where other != index {
                #expect(distance > 1, "\(names[index]) and \(names[other]) are \(distance) dB apart")
                #expect(abs(distance - matrix[other][index]) < 1e-3)
            }
        }
        print(
            "hrtf.distances "
                + matrix.map { $0.map { String(format: "%.2f", $0) }.joined(separator: " ") }
                .joined(separator: " | "))
        for (own, row) in matrix.enumerated() {
            var found = 0
            var longest = 0
            for seed in UInt64(1)...50 {
                var listener = SimulatedHRTFListener(distancesDB: row, seed: seed)
                var tournament = try HRTFTournament(candidateCount: names.count, seed: seed)
                while let pairing = tournament.current {
                    tournament.answer(listener.answer(pairing, hearAgainCount: tournament.hearAgainCount))
                }
                if tournament.winner == own { found += 1 }
                longest = max(longest, tournament.outcomes.count)
            }
            // How the same listener fares with more noise (reported, not asserted: the stated amount is 1 dB).
            let noisier = [2.0, 3.0].map { noise in
                (UInt64(1)...50).filter { seed in
                    var listener = SimulatedHRTFListener(distancesDB: row, noiseDB: noise, seed: seed)
                    var tournament = try! HRTFTournament(candidateCount: names.count, seed: seed)
                    while let pairing = tournament.current {
                        tournament.answer(listener.answer(pairing, hearAgainCount: tournament.hearAgainCount))
                    }
                    return tournament.winner == own
                }.count
            }
            print(
                "hrtf.choice \(names[own]) found \(found) of 50 (noise 1 dB), longest \(longest) comparisons; "
                    + "noise 2 dB: \(noisier[0]) of 50, 3 dB: \(noisier[1]) of 50")
            #expect(found >= 45, "\(names[own]): \(found) of 50")
            #expect(longest <= 15)
        }
    }

    @Test(
        "choose --listener-ears writes hrtf-choice.csv (0600), the winner as profile version 2 (source choice, the audiogram kept), and the next simulate session logs the winner's SHA-256"
    )
    func choiceBecomesTheProfilesSet() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-choose")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let logs = home.appendingPathComponent("logs")
        let audiogram = home.appendingPathComponent("audiogram.csv")
        try "frequency_hz,left_db_hl,right_db_hl\n1000,10,15\n4000,30,35\n".write(
            to: audiogram, atomically: true, encoding: .utf8)
        let set = try SoundSafariBinary.run(
            ["profile", "set-audiogram", audiogram.path, "--participant", "P07", "--logs", logs.path],
            environment: environment)
        #expect(set.status == 0, "\(set.stderr)")

        let result = try SoundSafariBinary.run(
            [
                "hrtf", "choose", "--participant", "P07", "--listener-ears", "ircam-listen-1002", "--seed", "4",
                "--logs", logs.path, "--skip-check",
            ], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Winner: ircam-listen-1002"), "\(result.stdout)")
        let csv = logs.appendingPathComponent("P07/hrtf-choice.csv")
        let mode = try FileManager.default.attributesOfItem(atPath: csv.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
        let rows = try CSVLogFile<HRTFChoiceRow>.decode(try Data(contentsOf: csv), file: csv.path).records
        let comparisons = rows.filter { $0.answer != .winner }
        #expect((5...15).contains(comparisons.count), "\(comparisons.count)")
        #expect(comparisons.map(\.comparison) == Array(1...comparisons.count))
        for row in comparisons {
            #expect(row.set1 != row.set2)
            #expect(["1-2", "2-1"].contains(row.order))
            #expect(row.directions == "0 180 90 270 circle")
            #expect(row.responder == "simulated:ircam-listen-1002")
            #expect((row.answerSeconds ?? 0) >= 1.5)
            #expect(row.preferred.isEmpty == (row.answer == .noDifference))
            #expect(row.set1SHA256.count == 64 || row.set1 == "default-48000")
        }
        // Both orders occur: A is not always the better-ranked set.
        #expect(Set(comparisons.map(\.order)).count == 2)
        let winner = try #require(rows.last)
        #expect(winner.answer == .winner && winner.set1 == "ircam-listen-1002")
        #expect(Set(rows.map(\.choiceID)).count == 1)

        let profileURL = logs.appendingPathComponent("P07/profile.json")
        let versions = try HearingProfile.decodeAll(try Data(contentsOf: profileURL), path: profileURL.path)
        #expect(versions.count == 2)
        #expect(versions.last?.source == "choice")
        #expect(versions.last?.hrtf == ChosenHRTF(name: "ircam-listen-1002", sha256: winner.set1SHA256))
        #expect(versions.last?.audiogram == versions.first?.audiogram)

        let session = try SoundSafariBinary.run(
            ["simulate", "--participant", "P07", "--rounds", "1", "--logs", logs.path, "--seed", "3"],
            environment: environment, currentDirectory: SoundSafariBinary.packageRoot)
        #expect(session.status == 0, "\(session.stderr)")
        let folder = try FirstSessionFolder.under(logs)
        let record = try StudyRecords.SessionRecord.read(folder.appendingPathComponent("session.json"))
        #expect(record.environment.hrtf == "ircam-listen-1002")
        #expect(record.environment.hrtfSHA256 == winner.set1SHA256)
    }

    @Test(
        "Did it help? After the choice a 12-target check, ABBA by seed: each set heard from the six directions 60° apart, every row naming its set and SHA-256; the listener whose ears the winner is does better with it"
    )
    func checkAfterTheChoice() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-check")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let logs = home.appendingPathComponent("logs")
        let result = try SoundSafariBinary.run(
            [
                "hrtf", "choose", "--participant", "P08", "--listener-ears", "ari-nh2", "--seed", "6",
                "--logs", logs.path,
            ], environment: environment, currentDirectory: SoundSafariBinary.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        print(result.stdout)
        #expect(result.stdout.contains("Winner: ari-nh2"), "\(result.stdout)")
        #expect(result.stdout.contains("blocks ABBA"), "\(result.stdout)")
        #expect(result.stdout.contains("With your sound you were off by"), "\(result.stdout)")
        let choice = try CSVLogFile<HRTFChoiceRow>.decode(
            try Data(contentsOf: logs.appendingPathComponent("P08/hrtf-choice.csv")), file: "hrtf-choice.csv"
        ).records
        let winnerSHA = try #require(choice.last?.set1SHA256)

        let folder = try FirstSessionFolder.under(logs)
        let record = try StudyRecords.SessionRecord.read(folder.appendingPathComponent("session.json"))
        #expect(record.resolvedProtocol.name == "hrtf-check")
        let trials = try CSVLogFile<TrialRow>.decode(
            try Data(contentsOf: folder.appendingPathComponent("trials.csv")), file: "trials.csv"
        ).records
        #expect(trials.count == 12)
        // Seed 6 is even: the chosen set, the standard set twice, the chosen set (three targets a block).
        #expect(
            trials.map(\.condition)
                == ["your-sound", "standard", "standard", "your-sound"].flatMap { Array(repeating: $0, count: 3) })
        // The standard set's SHA-256 as a session without a choice logs it.
        let standardSHA = try #require(record.resolvedProtocol.conditions.first { $0.name == "standard" }?.hrtfSHA256)
        #expect(standardSHA != winnerSHA)
        for row in trials {
            if row.condition == "your-sound" {
                #expect(row.hrtf == "ari-nh2" && row.hrtfSHA256 == winnerSHA)
            } else {
                #expect(row.hrtf == "default-48000" && row.hrtfSHA256 == standardSHA)
            }
        }
        for condition in ["your-sound", "standard"] {
            let bearings = trials.filter { $0.condition == condition }.map { Int($0.targetBearingDeg.rounded()) % 360 }
            #expect(bearings.sorted() == [0, 60, 120, 180, 240, 300], "\(condition): \(bearings)")
        }
        func mean(_ condition: String) -> Double {
            let own = trials.filter { $0.condition == condition }
            return own.map(\.absDeviationDeg).reduce(0, +) / Double(own.count)
        }
        #expect(mean("your-sound") < mean("standard"))
    }

    @Test("An unusable set is left out in one sentence; fewer than two usable sets: said, nothing written, status 1")
    func badSets() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-choose-bad")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let logs = home.appendingPathComponent("logs")
        let sets = home.appendingPathComponent("sets")
        try FileManager.default.createDirectory(at: sets, withIntermediateDirectories: true)
        let good = SoundSafariBinary.packageRoot.appendingPathComponent("HRTF/ari-nh2.sofa")
        try FileManager.default.copyItem(at: good, to: sets.appendingPathComponent("good-one.sofa"))
        try Data(try Data(contentsOf: good).prefix(20_000)).write(to: sets.appendingPathComponent("broken.sofa"))

        // One good set and OpenAL Soft's default: two candidates, the broken one named once.
        let two = try SoundSafariBinary.run(
            [
                "hrtf", "choose", "--participant", "P08", "--listener-ears", "good-one", "--seed", "1", "--sets",
                sets.path, "--logs", logs.path,
            ], environment: environment)
        #expect(two.status == 0, "\(two.stderr)")
        let lines = two.stderr.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].contains("broken.sofa") && lines[0].contains("Left out of the choice"),
            "\(two.stderr)")
        #expect(two.stdout.contains("among 2 sets"), "\(two.stdout)")

        // Only the broken one: the default alone is one set, no choice.
        try FileManager.default.removeItem(at: sets.appendingPathComponent("good-one.sofa"))
        let environmentFresh = ["XDG_DATA_HOME": home.appendingPathComponent("data-fresh").path]
        let one = try SoundSafariBinary.run(
            [
                "hrtf", "choose", "--participant", "P09", "--listener-ears", "default-48000", "--sets", sets.path,
                "--logs", logs.path,
            ], environment: environmentFresh)
        #expect(one.status == 1)
        #expect(one.stderr.contains("needs at least two usable sets"), "\(one.stderr)")
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("P09").path))
    }
}
