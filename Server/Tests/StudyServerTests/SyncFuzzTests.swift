// Random sync batches against a live server: hostile paths, Unicode, numbers at the types' limits, NULs, duplicate
// members, among valid ones. No answer is a 5xx, and nothing stored is a batch the game's codec and checks refuse.
import Foundation
import GameCore
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct SyncFuzzTests {
    /// Bounded: this many batches (seed fixed, so a failure repeats), about 15 s on the loaded 2-core machine.
    static let batches = 1500

    static let hostileTexts = [
        "", "1e308", "-1e308", "-1", "0", "2147483647", "2147483648", "-2147483649", "9223372036854775807",
        "-9223372036854775808", "99999999999999999999", "NaN", "inf", "-0", "0x10", "1,5", "\u{0}", "a\u{0}b",
        "2026-02-30T10:00:00.000Z", "9999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z", "2026-11-26T10:00:00+01:00",
        "P08", "20261126T014051Z-bb11", "\u{420}07", "P\u{212A}", "P0\u{200B}7", "Pe\u{301}07", "\u{202E}x", "\"",
        "=cmd", "TRUE", "true", "yes", "😀", "\u{FFFF}", "\n", "\r", "\\", "../..", String(repeating: "x", count: 5000),
    ]

    static func pick<T>(_ values: [T], _ random: inout SeededRandom) -> T {
        values[Int(random.next() % UInt64(values.count))]
    }

    /// A path for a file of `kind` of P07's session: the canonical one, or one with a hostile piece in it.
    static func path(_ canonical: String, _ random: inout SeededRandom) -> String {
        guard random.next() % 3 == 0 else { return canonical }
        var parts = canonical.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let index = Int(random.next() % UInt64(parts.count))
        switch random.next() % 4 {
        case 0: parts[index] = pick(hostileTexts, &random)
        case 1: parts[index] += pick(["\u{0}", "\u{200B}", "\u{301}", "\n", "/..", "\\", " ", "."], &random)
        case 2: parts.insert(pick(hostileTexts, &random), at: index)
        default: parts[index] = String(repeating: parts[index], count: 1 + Int(random.next() % 3000))
        }
        return parts.joined(separator: "/")
    }

    /// `line` with one field (of `columns`) replaced by a hostile text, or the line as it is.
    static func mutate(_ line: String, columns: Int, _ random: inout SeededRandom) -> String {
        guard random.next() % 2 == 0, !line.contains("\"") else { return line }
        var fields = line.dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == columns else { return line }
        fields[Int(random.next() % UInt64(columns))] = pick(hostileTexts, &random)
        return fields.joined(separator: ",") + "\n"
    }

    /// A session.json with one member's value replaced by a number at a type's limit, a text or null, or a member
    /// given twice.
    static func mutateState(_ state: String, _ random: inout SeededRandom) -> String {
        guard random.next() % 2 == 0,
            var object = try? JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any]
        else { return state }
        let keys = object.keys.sorted()
        let key = pick(keys, &random)
        let values: [Any] = [
            2_147_483_648, -1, Int.max, Int.min, 1e308, -1e308, "\u{0}", "2026-02-30T10:00:00.000Z", NSNull(), "P08",
            [String: Any](), [Any](),
        ]
        object[key] = pick(values, &random)
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return state
        }
        var text = String(decoding: data, as: UTF8.self)
        if random.next() % 4 == 0 {
            text = text.replacingOccurrences(of: "{", with: "{\"\(key)\":1,", options: .anchored)
        }
        return text
    }

    @Test func randomBatchesNeverFailTheServerAndNothingRefusedIsStored() async throws {
        try await withServer(live: true) { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            let machines = [
                try await server.enrolDevice(site: "north", name: "lab-1"),
                try await server.enrolDevice(site: "south", name: "lab-2"),
            ]
            var random = SeededRandom(seed: 39)
            let sessions = [
                try SyncBoundaryTests.session("20261126T014050Z-aa00", "P07"),
                try SyncBoundaryTests.session("20261126T014051Z-bb11", "P08"),
            ]
            let participantsHeader = CSVWriter.headerLine(ParticipantRecord.columns)
            let ratingsHeader = CSVWriter.headerLine(RatingRow.columns)
            var statuses: [Int: Int] = [:]
            for _ in 0..<Self.batches {
                let session = Self.pick(sessions, &random)
                let token = Self.pick(machines, &random).token
                let body: String
                switch random.next() % 5 {
                case 0, 1:
                    // From the first record half the time: a file's items are taken only from where the server holds it.
                    let start = random.next() % 2 == 0 ? 0 : Int(random.next() % UInt64(session.trials.count))
                    let rows = session.trials[start..<min(session.trials.count, start + 1 + Int(random.next() % 8))]
                        .map { Self.mutate($0, columns: TrialRow.columns.count, &random) }
                    let first =
                        random.next() % 8 == 0 ? Self.pick([0, -1, 2_147_483_647, Int.max], &random) : start + 1
                    body = try SyncTests.body(
                        file: Self.path("\(session.folder)/trials.csv", &random), kind: "trials",
                        header: SyncBoundaryTests.header, first: first, items: Array(rows))
                case 2:
                    body = try SyncTests.body(
                        file: Self.path("\(session.folder)/session.json", &random), kind: "session", header: nil,
                        first: nil, items: [Self.mutateState(session.state, &random)])
                case 3:
                    let participant = session.folder.split(separator: "/")[0]
                    let rows = try (0..<(1 + Int(random.next() % 4))).map { n in
                        let item = Self.pick(RatingItem.all, &random)
                        let moment = Self.pick([RatingMoment.before, .after], &random)
                        return Self.mutate(
                            CSVWriter.line(
                                RatingRow(
                                    participant: String(participant),
                                    sessionID: session.folder.split(separator: "/")
                                        .last.map(String.init), sessionIndex: 1, moment: moment, item: item.id,
                                    value: item.validRange.upperBound,
                                    answeredAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(n)),
                                    language: "en"
                                ).values), columns: RatingRow.columns.count, &random)
                    }
                    body = try SyncTests.body(
                        file: Self.path("\(participant)/ratings.csv", &random), kind: "ratings", header: ratingsHeader,
                        first: 1 + Int(random.next() % 3), items: rows)
                default:
                    let line = CSVWriter.line(
                        ParticipantRecord(
                            participant: try ParticipantID(Self.pick(["P07", "P08"], &random)), age: 30,
                            registeredAt: Date(timeIntervalSince1970: 1_800_000_000)
                        ).values(under: ParticipantRecord.columns))
                    body = try SyncTests.body(
                        file: Self.path("participants.csv", &random), kind: "participants", header: participantsHeader,
                        first: 1, items: [Self.mutate(line, columns: ParticipantRecord.columns.count, &random)])
                }
                let reply = try await server.call(.post, "/api/v1/sync/batch", token: token, json: body)
                statuses[reply.status, default: 0] += 1
                #expect(reply.status < 500, "\(reply.text.prefix(300)) for \(body.prefix(300))")
            }
            #expect(
                statuses.keys.contains(200) && statuses.keys.contains(400), "valid and refused batches: \(statuses)")

            // Every file held, its items as one batch (a session.json each state alone), passes the same checks.
            let files = try await server.database.rows(
                "SELECT device_id, file, kind, header FROM sync_files ORDER BY device_id, file")
            var items = 0
            var kinds: Set<String> = []
            for row in files {
                let (device, file, kind, header) = try row.decode((UUID, String, String, String?).self)
                let held = try await PostgresIngest(database: server.database).items(device: device, file: file).items
                items += held.count
                let batches =
                    kind == "session"
                    ? held.map { SyncBatch(file: file, kind: kind, header: nil, first: nil, items: [$0]) }
                    : [SyncBatch(file: file, kind: kind, header: header, first: 1, items: held)]
                for batch in batches {
                    #expect(throws: Never.self, "\(file)") { _ = try SyncRoutes.validate(batch) }
                    // And read again by the game's own codecs and checks, without the server's code in between.
                    #expect(throws: Never.self, "\(file)") { try Self.expectTheGameTakes(batch) }
                }
                kinds.insert(kind)
            }
            #expect(items > 0)
            print(
                "sync-fuzz: \(Self.batches) batches, answers \(statuses.sorted { $0.key < $1.key }), \(files.count) files and \(items) items held"
            )
            #expect(kinds == ["participants", "trials", "session", "ratings"], "every kind stored: \(kinds)")
        }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// A held file's items as the game reads them: its path the canonical one of its kind, each record decoded by
    /// StudyRecords' codec, passing the game's check of its kind and naming the folder's participant and session.
    static func expectTheGameTakes(_ batch: SyncBatch) throws {
        let path = try SyncPath(file: batch.file, kind: batch.kind)
        let data = Data(((batch.header ?? "") + batch.items.joined()).utf8)
        let participant = path.participant?.value
        let session = path.session?.value
        func refuse(_ problem: String?) throws {
            if let problem { throw Refused(description: "\(batch.file): \(problem)") }
        }
        switch batch.kind {
        case "trials":
            let decoded = try CSVLogFile<TrialRow>.decode(data, file: batch.file)
            try refuse(decoded.cutOff.map { _ in "a cut-off line" })
            for row in decoded.records {
                try refuse(row.validationProblem())
                try refuse(row.participant == participant && row.sessionID == session ? nil : "another folder's row")
            }
        case "participants":
            for record in try CSVLogFile<ParticipantRecord>.decode(data, file: batch.file).records {
                try refuse(record.validationProblem())
            }
        case "ratings":
            for row in try CSVLogFile<RatingRow>.decode(data, file: batch.file).records {
                try refuse(row.problem(inFileOf: participant).map { "\($0.column) \($0.reason)" })
            }
        case "session":
            let record = try SessionRecord.decode(Data(batch.items[0].utf8), file: batch.file)
            try refuse(record.validationProblem())
            try refuse(
                record.participant == participant && record.sessionID == session ? nil : "another folder's state")
        default:
            try refuse("a kind the fuzz test never sends: \(batch.kind)")
        }
    }
}
