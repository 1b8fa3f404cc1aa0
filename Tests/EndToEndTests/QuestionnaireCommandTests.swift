// `soundsafari questionnaire`: a clinic adds a licensed scale's wording; a changed scoring or a second copy is refused.
import Foundation
import Testing

struct QuestionnaireCommandTests {
    /// The shipped Mini-TQ with wording filled in (as a clinic's translation would be).
    static func worded(change: (inout [String: Any]) -> Void = { _ in }) throws -> Data {
        let shipped = try Data(
            contentsOf: SoundSafariBinary.packageRoot.appendingPathComponent("Questionnaires/mini-tq.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: shipped) as? [String: Any])
        root["language"] = "de"
        let labels: [Double: String] = [2: "stimmt", 1: "stimmt teilweise", 0: "stimmt nicht"]
        let items = try #require(root["items"] as? [[String: Any]])
        root["items"] = items.enumerated().map { index, item -> [String: Any] in
            var item = item
            item["text"] = "Aussage \(index + 1)"
            item["options"] = (item["options"] as? [[String: Any]] ?? []).map { option -> [String: Any] in
                var option = option
                option["label"] = labels[(option["value"] as? NSNumber)?.doubleValue ?? -1] ?? "?"
                return option
            }
            return item
        }
        change(&root)
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
    }

    @Test func aLicensedScalesWordingIsAddedOnceAndItsScoringCannotChange() throws {
        let root = try SoundSafariBinary.temporaryDirectory("questionnaire")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["XDG_DATA_HOME": root.appendingPathComponent("data").path]
        let file = root.appendingPathComponent("mini-tq-de.json")
        try Self.worded().write(to: file)
        let added = try SoundSafariBinary.run(["questionnaire", "add", file.path], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let stored = root.appendingPathComponent("data/soundsafari/questionnaires/mini-tq-v1-de.json")
        let mode = try FileManager.default.attributesOfItem(atPath: stored.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let list = try SoundSafariBinary.run(["questionnaire", "list"], environment: environment)
        #expect(list.stdout.contains("mini-tq v1 de") && list.stdout.contains("added ("))

        let again = try SoundSafariBinary.run(["questionnaire", "add", file.path], environment: environment)
        #expect(again.status != 0 && again.stderr.contains("field 'version'") && again.stderr.contains("already added"))

        let changed = root.appendingPathComponent("mini-tq-changed.json")
        try Self.worded { root in
            root["version"] = 2
            var scoring = root["scoring"] as? [String: Any] ?? [:]
            scoring["prorate_max_missing"] = 3
            root["scoring"] = scoring
        }.write(to: changed)
        let refused = try SoundSafariBinary.run(["questionnaire", "add", changed.path], environment: environment)
        #expect(refused.status != 0 && refused.stderr.contains("field 'scoring'"), "\(refused.stderr)")
        #expect(
            !FileManager.default.fileExists(
                atPath: root.appendingPathComponent("data/soundsafari/questionnaires/mini-tq-v2-de.json").path))
    }
}
