// Reads an instrument file (JSON) strictly: every field checked, errors naming the file, the field and its line.
import Foundation
import TidyFormats

public enum InstrumentFile {
    /// An instrument id: lower-case letters, digits and `-`, at most 64 characters (plans name instruments by it).
    public static func isInstrumentID(_ id: String) -> Bool {
        id.range(of: #"^[a-z0-9][a-z0-9-]{0,63}$"#, options: .regularExpression) != nil
    }

    static let topFields = [
        "id", "version", "language", "title", "instructions", "reference", "wording_licensed", "items", "scoring",
        "comment",
    ]
    static let itemFields = [
        "id", "kind", "text", "options", "min", "max", "left", "right", "unit", "max_length", "show_if", "comment",
    ]
    static let scoringFields = [
        "items", "reverse", "total", "subscales", "prorate_max_missing", "bands", "reliability", "sd", "comment",
    ]

    /// Parses and checks instrument JSON; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws -> Instrument {
        let root: JSONValue
        do { root = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
            throw ProtocolError(file: file, field: "", problem: "is not valid JSON; check commas, quotes and brackets")
        }
        if let violation = StrictJSON.firstViolation(in: data) {
            throw ProtocolError(
                file: file, field: "", line: violation.line, problem: "is not strict JSON: \(violation.problem)")
        }
        let reader = FieldReader(file: file, lines: JSONLineLocator(text: String(decoding: data, as: UTF8.self)))
        return try reader.instrument(root)
    }

    /// Parses an instrument to be added beside the shipped ones (`questionnaire add`, a study server's dashboard, a
    /// machine receiving the server's): it must carry the wording of every item, as an added one is taken, not only
    /// scored.
    public static func parseAddable(_ data: Data, file: String) throws -> Instrument {
        let instrument = try parse(data, file: file)
        if let item = instrument.items.firstIndex(where: { $0.text == nil }) {
            throw ProtocolError(
                file: file, field: "items[\(item)].text", problem: "is missing; an added instrument carries its wording"
            )
        }
        return instrument
    }

    /// The file name an added instrument is kept under: one file per id, version and language, never replaced.
    public static func addedName(_ instrument: Instrument) -> String {
        "\(instrument.id)-v\(instrument.version)-\(instrument.language).json"
    }
}

extension FieldReader {
    /// An object whose keys must be among `allowed`; `what` names the kind of field in the sentence.
    func fields(_ value: JSONValue, _ path: String, allowed: [String], what: String) throws -> [String: JSONValue] {
        guard let fields = value.fields else {
            throw error(path, "must be an object ({ ... }) but is \(value.kindName)")
        }
        for key in fields.keys.sorted() where !allowed.contains(key) {
            let child = path.isEmpty ? key : path + "." + key
            throw error(child, "is not \(what) field; the fields here are \(allowed.joined(separator: ", "))")
        }
        return fields
    }

    func required(_ fields: [String: JSONValue], _ key: String, _ path: String) throws -> String {
        guard let text = try string(fields, key, path) else { throw error(path, "is missing") }
        return text
    }

    func instrument(_ root: JSONValue) throws -> Instrument {
        let top = try fields(root, "", allowed: InstrumentFile.topFields, what: "an instrument")
        let id = try required(top, "id", "id")
        guard InstrumentFile.isInstrumentID(id) else {
            throw error("id", "must be lower-case letters, digits and '-' (e.g. mini-tq), at most 64 characters")
        }
        guard let version = try wholeNumber(top, "version", "version"), version >= 1 else {
            throw error("version", "must be a whole number from 1 (raise it whenever wording or scoring changes)")
        }
        let language = try required(top, "language", "language")
        guard language.range(of: #"^[a-z]{2,3}(-[A-Z]{2})?$"#, options: .regularExpression) != nil else {
            throw error("language", "must be a language tag such as en, de or pt-BR")
        }
        let licensed = try bool(top, "wording_licensed", "wording_licensed") ?? false
        guard let referenceValue = top["reference"] else {
            throw error("reference", "is missing; give the instrument's citation and licence")
        }
        let reference = try fields(
            referenceValue, "reference", allowed: ["citation", "licence"], what: "a reference")
        guard let itemValues = try list(top, "items", "items"), !itemValues.isEmpty else {
            throw error("items", "must list at least one item")
        }
        var items: [Instrument.Item] = []
        for (index, value) in itemValues.enumerated() {
            let item = try self.item(value, "items[\(index)]", licensed: licensed, earlier: items)
            guard !items.contains(where: { $0.id == item.id }) else {
                throw error("items[\(index)].id", "'\(item.id)' is given twice; item ids must be unique")
            }
            items.append(item)
        }
        let scoring = try top["scoring"].map { try self.scoring($0, items: items) }
        return Instrument(
            id: id, version: version, language: language, title: try required(top, "title", "title"),
            instructions: try string(top, "instructions", "instructions") ?? "",
            citation: try required(reference, "citation", "reference.citation"),
            licence: try required(reference, "licence", "reference.licence"), wordingLicensed: licensed,
            items: items, scoring: scoring)
    }

    func item(_ value: JSONValue, _ path: String, licensed: Bool, earlier: [Instrument.Item]) throws
        -> Instrument.Item
    {
        let f = try fields(value, path, allowed: InstrumentFile.itemFields, what: "an item")
        let id = try required(f, "id", path + ".id")
        guard id.range(of: #"^[a-z0-9][a-z0-9_]{0,63}$"#, options: .regularExpression) != nil else {
            throw error(path + ".id", "must be lower-case letters, digits and '_' (a column-safe name)")
        }
        let text = try string(f, "text", path + ".text")
        if text == nil && !licensed {
            throw error(path + ".text", "is missing; only an instrument with wording_licensed may leave it out")
        }
        let kindName = try required(f, "kind", path + ".kind")
        let kinds = ["single_choice", "multiple_choice", "slider", "number", "date", "text"]
        func range(_ defaultMin: Double?, _ defaultMax: Double?) throws -> (Double, Double) {
            guard let low = try number(f, "min", path + ".min") ?? defaultMin else {
                throw error(path + ".min", "is missing")
            }
            guard let high = try number(f, "max", path + ".max") ?? defaultMax else {
                throw error(path + ".max", "is missing")
            }
            guard low < high else { throw error(path + ".max", "must be greater than min (\(low))") }
            return (low, high)
        }
        let kind: Instrument.Kind
        switch kindName {
        case "single_choice", "multiple_choice":
            guard let list = try list(f, "options", path + ".options"), list.count >= 2 else {
                throw error(path + ".options", "must list at least two options")
            }
            var options: [Instrument.Option] = []
            for (index, option) in list.enumerated() {
                let o = try fields(option, "\(path).options[\(index)]", allowed: ["value", "label"], what: "an option")
                guard let value = try number(o, "value", "\(path).options[\(index)].value") else {
                    throw error("\(path).options[\(index)].value", "is missing")
                }
                guard !options.contains(where: { $0.value == value }) else {
                    throw error("\(path).options[\(index)].value", "\(value) is given twice; option values must differ")
                }
                let label = try string(o, "label", "\(path).options[\(index)].label")
                if label == nil && !licensed { throw error("\(path).options[\(index)].label", "is missing") }
                options.append(Instrument.Option(value: value, label: label ?? ""))
            }
            kind = kindName == "single_choice" ? .singleChoice(options) : .multipleChoice(options)
        case "slider":
            let (low, high) = try range(0, 1)
            kind = .slider(
                min: low, max: high, left: try string(f, "left", path + ".left") ?? "",
                right: try string(f, "right", path + ".right") ?? "")
        case "number":
            let (low, high) = try range(nil, nil)
            kind = .number(min: low, max: high, unit: try string(f, "unit", path + ".unit") ?? "")
        case "date": kind = .date
        case "text":
            let length = try wholeNumber(f, "max_length", path + ".max_length") ?? 500
            guard (1...5000).contains(length) else { throw error(path + ".max_length", "must be 1 to 5000") }
            kind = .text(maxLength: length)
        default:
            throw error(
                path + ".kind", "'\(kindName)' is not a kind of item; use one of \(kinds.joined(separator: ", "))")
        }
        var condition: Instrument.Condition?
        if let showIf = f["show_if"] {
            let c = try fields(showIf, path + ".show_if", allowed: ["item", "any_of"], what: "a condition")
            let target = try required(c, "item", path + ".show_if.item")
            guard let earlierItem = earlier.first(where: { $0.id == target }) else {
                throw error(path + ".show_if.item", "'\(target)' is not an earlier item of this instrument")
            }
            guard let values = try list(c, "any_of", path + ".show_if.any_of"), !values.isEmpty else {
                throw error(path + ".show_if.any_of", "must list the answers that show this item")
            }
            let numbers = try values.enumerated().map { index, value -> Double in
                guard case .number(let x) = value else {
                    throw error("\(path).show_if.any_of[\(index)]", "must be a number but is \(value.kindName)")
                }
                return x
            }
            if case .singleChoice(let options) = earlierItem.kind {
                for x in numbers where !options.contains(where: { $0.value == x }) {
                    throw error(path + ".show_if.any_of", "\(x) is not an answer of '\(target)'")
                }
            }
            condition = Instrument.Condition(item: target, anyOf: numbers)
        }
        return Instrument.Item(id: id, text: text, kind: kind, showIf: condition)
    }

    func scoring(_ value: JSONValue, items: [Instrument.Item]) throws -> Instrument.Scoring {
        let f = try fields(value, "scoring", allowed: InstrumentFile.scoringFields, what: "a scoring")
        func ids(_ key: String, _ path: String) throws -> [String] {
            guard let list = try list(f, key, path) else { return [] }
            var found: [String] = []
            for (index, value) in list.enumerated() {
                guard case .string(let id) = value else {
                    throw error("\(path)[\(index)]", "must be an item id in quotes but is \(value.kindName)")
                }
                guard let item = items.first(where: { $0.id == id }) else {
                    throw error("\(path)[\(index)]", "'\(id)' is not an item of this instrument")
                }
                guard item.kind.scoreRange != nil else {
                    throw error("\(path)[\(index)]", "'\(id)' is a \(item.kind.name) item, which cannot be scored")
                }
                guard !found.contains(id) else { throw error("\(path)[\(index)]", "'\(id)' is listed twice") }
                found.append(id)
            }
            return found
        }
        let scored = try ids("items", "scoring.items")
        guard !scored.isEmpty else { throw error("scoring.items", "must list the scored items") }
        let reverse = try ids("reverse", "scoring.reverse")
        for id in reverse where !scored.contains(id) {
            throw error("scoring.reverse", "'\(id)' is reverse-keyed but not among scoring.items")
        }
        let totalName = try string(f, "total", "scoring.total") ?? "sum"
        guard let total = Instrument.Total(rawValue: totalName) else {
            throw error("scoring.total", "'\(totalName)' is not a total; use sum or mean")
        }
        var subscales: [Instrument.Subscale] = []
        for (index, value) in (try list(f, "subscales", "scoring.subscales") ?? []).enumerated() {
            let path = "scoring.subscales[\(index)]"
            let s = try fields(value, path, allowed: ["id", "items"], what: "a subscale")
            let id = try required(s, "id", path + ".id")
            let members = try FieldReader.subscaleItems(s, path: path, reader: self, scored: scored)
            guard !subscales.contains(where: { $0.id == id }) else {
                throw error(path + ".id", "'\(id)' is given twice")
            }
            subscales.append(Instrument.Subscale(id: id, items: members))
        }
        let prorate = try wholeNumber(f, "prorate_max_missing", "scoring.prorate_max_missing") ?? 0
        guard (0..<scored.count).contains(prorate) else {
            throw error("scoring.prorate_max_missing", "must be 0 to \(scored.count - 1) (fewer than the scored items)")
        }
        var bands: [Instrument.Band] = []
        for (index, value) in (try list(f, "bands", "scoring.bands") ?? []).enumerated() {
            let path = "scoring.bands[\(index)]"
            let b = try fields(value, path, allowed: ["min", "label"], what: "a band")
            guard let low = try number(b, "min", path + ".min") else { throw error(path + ".min", "is missing") }
            if let previous = bands.last, low <= previous.min {
                throw error(
                    path + ".min",
                    "must be above the previous band's min (\(previous.min)): list bands from low to high")
            }
            bands.append(Instrument.Band(min: low, label: try required(b, "label", path + ".label")))
        }
        let reliability = try number(f, "reliability", "scoring.reliability")
        if let reliability, !(reliability > 0 && reliability < 1) {
            throw error("scoring.reliability", "must lie between 0 and 1 (a test-retest or internal consistency)")
        }
        let sd = try number(f, "sd", "scoring.sd")
        if let sd, !(sd > 0) { throw error("scoring.sd", "must be greater than 0") }
        guard (reliability == nil) == (sd == nil) else {
            throw error(
                reliability == nil ? "scoring.reliability" : "scoring.sd", "is needed with the other (both or neither)")
        }
        return Instrument.Scoring(
            items: scored, reverse: reverse, total: total, subscales: subscales, prorateMaxMissing: prorate,
            bands: bands, reliability: reliability, standardDeviation: sd)
    }

    static func subscaleItems(_ s: [String: JSONValue], path: String, reader: FieldReader, scored: [String]) throws
        -> [String]
    {
        guard let list = try reader.list(s, "items", path + ".items"), !list.isEmpty else {
            throw reader.error(path + ".items", "must list the subscale's items")
        }
        return try list.enumerated().map { index, value in
            guard case .string(let id) = value, scored.contains(id) else {
                throw reader.error("\(path).items[\(index)]", "must be one of scoring.items")
            }
            return id
        }
    }
}
