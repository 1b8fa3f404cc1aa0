// A patient's record as an HL7 FHIR R4 Bundle (collection): the resources of docs/FHIR.md built from a PatientRecord.
import Foundation
import GameCore
import StudyRecords
import TidyFormats

/// Builds the bundle. Every resource gets a stable `urn:uuid:` full URL derived from the participant and what it
/// holds, so exporting the same logs twice gives the same bundle apart from its timestamp; every reference names
/// such a full URL of the same bundle.
public struct FHIRBundle {
    let record: PatientRecord
    private var entries: [(url: String, resource: JSONValue)] = []
    /// The resources each Device is the source of, for their Provenance.
    private var provenance: [(device: String, targets: [String])] = []

    public static func make(_ record: PatientRecord) -> JSONValue {
        var bundle = FHIRBundle(record: record)
        return bundle.build()
    }

    /// The bundle as the file's bytes (JSON, two-space indentation, a final line break).
    public static func data(_ record: PatientRecord) -> Data { Data((make(record).rendered() + "\n").utf8) }

    init(record: PatientRecord) { self.record = record }

    // MARK: Identifiers and references

    /// A UUID (version 5 layout) from SHA-256 of the participant and `key`.
    func uuid(_ key: String) -> String {
        let hex = Array(SHA256.hex(Data("\(record.participant)\u{0}\(key)".utf8)))
        var digits = Array(hex[0..<32])
        digits[12] = "5"
        let variant = Int(String(digits[16]), radix: 16)! & 0x3 | 0x8
        digits[16] = Character(String(variant, radix: 16))
        let text = String(digits)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(
                text[
                    text.index(
                        text.startIndex, offsetBy: range.lowerBound)..<text.index(
                            text.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

    func url(_ key: String) -> String { "urn:uuid:" + uuid(key) }

    static func reference(_ url: String) -> JSONValue { .object([("reference", .string(url))]) }

    var patient: JSONValue { Self.reference(url("Patient")) }

    mutating func add(_ key: String, _ type: String, _ fields: [(String, JSONValue)], device: String) {
        let full = url(key)
        let resource = JSONValue.object([("resourceType", .string(type)), ("id", .string(uuid(key)))] + fields)
        entries.append((full, resource))
        if let index = provenance.firstIndex(where: { $0.device == device }) {
            provenance[index].targets.append(full)
        } else {
            provenance.append((device, [full]))
        }
    }

    // MARK: Codes and values

    static func coding(_ system: String, _ code: String, _ display: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [("system", .string(system)), ("code", .string(code))]
        if let display { fields.append(("display", .string(display))) }
        return .object(fields)
    }

    /// A concept of the project's code system (its display from `FHIRTerms`).
    static func own(_ code: String, text: String? = nil) -> JSONValue {
        let display = FHIRTerms.concept(code)?.display
        var fields: [(String, JSONValue)] = [("coding", .array([coding(FHIRTerms.codeSystem, code, display)]))]
        if let text { fields.append(("text", .string(text))) }
        return .object(fields)
    }

    static func category(_ code: String) -> JSONValue {
        .array([.object([("coding", .array([coding(FHIRTerms.observationCategory, code)]))])])
    }

    /// A UCUM quantity: `unit` is what a person reads, `code` the UCUM code.
    static func quantity(_ value: Double, unit: String, code: String) -> JSONValue {
        .object([
            ("value", number(value)), ("unit", .string(unit)), ("system", .string(FHIRTerms.ucum)),
            ("code", .string(code)),
        ])
    }

    /// Numbers as JSON: whole ones as integers, others as the shortest text that reads back as the logged value (a
    /// round trip finds the logs' own numbers).
    static func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .integer(Int(value)) }
        return .number(value)
    }

    static func component(_ code: String, _ value: (String, JSONValue)) -> JSONValue {
        .object([("code", own(code)), value])
    }

    static func dateTime(_ date: Date) -> JSONValue { .string(Timestamp.format(date)) }

    // MARK: The bundle

    mutating func build() -> JSONValue {
        let exporter = "Device/exporter"
        addPatient(device: exporter)
        addAudiogram(device: exporter)
        addTinnitusAndProfile(device: exporter)
        addSessions()
        addRatings(exporter: exporter)
        addQuestionnaires(device: exporter)
        addPlan(device: exporter)
        addDiary(device: exporter)
        addDevicesAndProvenance(exporter: exporter)
        return .object([
            ("resourceType", .string("Bundle")), ("id", .string(uuid("Bundle"))),
            ("meta", .object([("lastUpdated", Self.dateTime(record.exportedAt))])),
            (
                "identifier",
                .object([("system", .string(FHIRTerms.base + "/export")), ("value", .string(uuid("Bundle")))])
            ),
            ("type", .string("collection")), ("timestamp", Self.dateTime(record.exportedAt)),
            (
                "entry",
                .array(entries.map { .object([("fullUrl", .string($0.url)), ("resource", $0.resource)]) })
            ),
        ])
    }

    mutating func addPatient(device: String) {
        add(
            "Patient", "Patient",
            [
                (
                    "identifier",
                    .array([
                        .object([
                            ("system", .string(FHIRTerms.participantIDSystem)), ("value", .string(record.participant)),
                        ])
                    ])
                ),
                ("active", .bool(true)),
            ], device: device)
    }

    mutating func addAudiogram(device: String) {
        guard let profile = record.audiogramProfile, let audiogram = profile.audiogram else { return }
        let calibrated = audiogram.unit == .hearingLevel
        for ear in Ear.allCases {
            for (frequency, level) in audiogram.thresholds(ear).sorted(by: { $0.key < $1.key }) {
                var fields: [(String, JSONValue)] = [("status", .string("final")), ("category", Self.category("exam"))]
                let loinc = calibrated ? FHIRTerms.loincThreshold(ear: ear, frequencyHz: frequency) : nil
                if let loinc {
                    fields.append(
                        (
                            "code",
                            .object([("coding", .array([Self.coding(FHIRTerms.loinc, loinc.code, loinc.display)]))])
                        )
                    )
                } else {
                    let code =
                        calibrated ? "hearing-threshold-\(ear.rawValue)" : "threshold-re-full-scale-\(ear.rawValue)"
                    fields.append(("code", Self.own(code)))
                }
                fields.append(("subject", patient))
                if let created = profile.createdAt { fields.append(("effectiveDateTime", Self.dateTime(created))) }
                fields.append(
                    (
                        "valueQuantity",
                        Self.quantity(level, unit: calibrated ? "dB HL" : "dB re full scale", code: "dB")
                    ))
                if loinc == nil {
                    fields.append(
                        (
                            "component",
                            .array([
                                Self.component(
                                    "test-frequency",
                                    ("valueQuantity", Self.quantity(frequency, unit: "Hz", code: "Hz")))
                            ])
                        ))
                }
                fields.append(
                    ("note", .array([.object([("text", .string("profile.json version \(profile.version)"))])])))
                add("audiogram-\(profile.version)-\(ear.rawValue)-\(frequency)", "Observation", fields, device: device)
            }
        }
    }

    mutating func addTinnitusAndProfile(device: String) {
        guard let profile = record.profileInUse else { return }
        let effective: [(String, JSONValue)] =
            profile.createdAt.map { [("effectiveDateTime", Self.dateTime($0))] } ?? []
        if let tinnitus = profile.tinnitus {
            var components: [JSONValue] = [
                Self.component("tinnitus-ear", ("valueString", .string(tinnitus.ear))),
                Self.component("tinnitus-probe", ("valueString", .string(tinnitus.probe.rawValue))),
            ]
            if let level = tinnitus.levelDBAboveThreshold {
                components.append(
                    Self.component(
                        "tinnitus-loudness-match", ("valueQuantity", Self.quantity(level, unit: "dB", code: "dB"))))
            }
            add(
                "tinnitus-\(profile.version)", "Observation",
                [
                    ("status", .string("final")), ("category", Self.category("exam")),
                    ("code", Self.own("tinnitus-pitch")),
                    ("subject", patient),
                ] + effective + [
                    ("valueQuantity", Self.quantity(tinnitus.pitchHz, unit: "Hz", code: "Hz")),
                    ("component", .array(components)),
                ], device: device)
        }
        var components: [JSONValue] = [
            Self.component("gain-rule", ("valueString", .string(profile.gainRule.rawValue))),
            Self.component("max-gain", ("valueQuantity", Self.quantity(profile.maxGainDB, unit: "dB", code: "dB"))),
            Self.component(
                "output-ceiling", ("valueQuantity", Self.quantity(profile.ceilingDBFS, unit: "dB FS", code: "dB"))),
        ]
        if let notch = profile.tailoring.notch {
            components.append(
                Self.component(
                    "notch-center-frequency", ("valueQuantity", Self.quantity(notch.centerHz, unit: "Hz", code: "Hz"))))
            components.append(
                Self.component(
                    "notch-width",
                    ("valueQuantity", Self.quantity(notch.widthOctaves, unit: "octave", code: "{octave}")))
            )
        }
        if let maximum = profile.maxVolumeDB {
            components.append(
                Self.component("max-volume", ("valueQuantity", Self.quantity(maximum, unit: "dB", code: "dB"))))
        }
        add(
            "profile-\(profile.version)", "Observation",
            [
                ("status", .string("final")),
                ("code", Self.own("sound-profile", text: "profile.json version \(profile.version)")),
                ("subject", patient),
            ] + effective + [("component", .array(components))], device: device)
    }

    /// The Device key of a session: its machine and program version.
    static func deviceKey(_ session: SessionRecord) -> String {
        "Device/\(session.environment.deviceID)/\(session.environment.appVersion)"
    }

    mutating func addSessions() {
        for (ordinal, session) in record.sessions.enumerated() {
            let s = session.record
            let index = s.sessionIndex ?? ordinal + 1
            var period: [(String, JSONValue)] = [("start", Self.dateTime(s.startedAt))]
            if let ended = s.endedAt { period.append(("end", Self.dateTime(ended))) }
            var components: [JSONValue] = [
                Self.component("session-index", ("valueInteger", .integer(index))),
                Self.component("session-completed", ("valueBoolean", .bool(s.countsAsDone))),
            ]
            if let summary = session.summary {
                components += [
                    Self.component("photos", ("valueInteger", .integer(summary.photos))),
                    Self.component("skipped-animals", ("valueInteger", .integer(summary.skipped))),
                    Self.component(
                        "median-abs-deviation",
                        ("valueQuantity", Self.quantity(summary.medianAbsDeviationDeg, unit: "degree", code: "deg"))),
                    Self.component(
                        "median-search-time",
                        ("valueQuantity", Self.quantity(summary.medianTimeSeconds, unit: "s", code: "s"))),
                ]
                if let rate = summary.reversalRate {
                    components.append(
                        Self.component(
                            "front-back-reversal-rate",
                            ("valueQuantity", Self.quantity(rate * 100, unit: "%", code: "%"))))
                }
            }
            add(
                "session-\(s.sessionID)", "Observation",
                [
                    (
                        "identifier",
                        .array([
                            .object([("system", .string(FHIRTerms.sessionIDSystem)), ("value", .string(s.sessionID))])
                        ])
                    ),
                    ("status", .string(s.completed || s.countsAsDone ? "final" : "preliminary")),
                    ("category", Self.category("therapy")), ("code", Self.own("localization-session")),
                    ("subject", patient), ("effectivePeriod", .object(period)), ("component", .array(components)),
                ], device: Self.deviceKey(s))
        }
    }

    mutating func addRatings(exporter: String) {
        let sessions = Dictionary(
            record.sessions.map { ($0.record.sessionID, $0.record) }, uniquingKeysWith: { first, _ in first })
        for (number, row) in record.ratings.enumerated() {
            let item = RatingItem.named(row.item)
            var fields: [(String, JSONValue)] = [
                ("status", .string("final")), ("category", Self.category("survey")),
                ("code", Self.own("rating-" + row.item.replacingOccurrences(of: "_", with: "-"))),
                ("subject", patient), ("effectiveDateTime", Self.dateTime(row.answeredAt)),
            ]
            if let value = row.value {
                switch item?.scale {
                case .yesNo?: fields.append(("valueBoolean", .bool(value == 1)))
                case .manikin?: fields.append(("valueInteger", .integer(Int(value))))
                default: fields.append(("valueQuantity", Self.quantity(value, unit: "score 0-1", code: "{score}")))
                }
            } else {
                fields.append(
                    (
                        "dataAbsentReason",
                        .object([("coding", .array([Self.coding(FHIRTerms.dataAbsentReason, "asked-declined")]))])
                    ))
            }
            var components = [Self.component("rating-moment", ("valueString", .string(row.moment.rawValue)))]
            if let index = row.sessionIndex {
                components.append(Self.component("session-index", ("valueInteger", .integer(index))))
            }
            fields.append(("component", .array(components)))
            let device = row.sessionID.flatMap { sessions[$0] }.map(Self.deviceKey) ?? exporter
            add("rating-\(number)", "Observation", fields, device: device)
        }
    }

    mutating func addQuestionnaires(device: String) {
        let rows = record.questionnaireRows
        var keys: [PatientRecord.InstrumentKey] = []
        for row in rows {
            let key = PatientRecord.InstrumentKey(id: row.instrument, version: row.instrumentVersion)
            if !keys.contains(key) { keys.append(key) }
        }
        for key in keys {
            let instrument = record.instruments[key]
            var fields: [(String, JSONValue)] = [
                ("url", .string(FHIRTerms.questionnaireURL(key.id))), ("version", .string(String(key.version))),
                ("name", .string(key.id.replacingOccurrences(of: "-", with: "_"))),
                ("title", .string(instrument?.title ?? key.id)), ("status", .string("active")),
            ]
            if let instrument {
                fields.append(("item", .array(instrument.items.map(Self.questionnaireItem))))
            }
            add("Questionnaire/\(key.id)/\(key.version)", "Questionnaire", fields, device: device)
        }
        // One response per administration, in the order they were begun; the first total of each instrument is the
        // baseline its later totals' reliable change is measured from.
        var administrations: [String] = []
        for row in rows where !administrations.contains(row.administration) {
            administrations.append(row.administration)
        }
        var firstTotal: [String: Double] = [:]
        for administration in administrations {
            let own = rows.filter { $0.administration == administration }
            guard let first = own.first else { continue }
            let key = PatientRecord.InstrumentKey(id: first.instrument, version: first.instrumentVersion)
            let instrument = record.instruments[key]
            let finished = own.last { $0.record == .finished }
            let answers = own.filter { $0.record == .answer }
            // An item answered again (a continued administration) counts with its newest answer.
            var newest: [String: QuestionnaireRow] = [:]
            for answer in answers { newest[answer.item] = answer }
            let order = instrument?.items.map(\.id) ?? answers.map(\.item)
            let items: [JSONValue] = order.compactMap { id in
                guard let answer = newest[id], let cell = answer.value else { return nil }
                return .object([
                    ("linkId", .string(id)),
                    ("answer", .array(Self.answers(cell, item: instrument?.item(id)))),
                ])
            }
            let responseKey = "QuestionnaireResponse/\(administration)"
            var fields: [(String, JSONValue)] = [
                (
                    "identifier",
                    .object([
                        ("system", .string(FHIRTerms.base + "/administration")), ("value", .string(administration)),
                    ])
                ),
                ("questionnaire", .string(FHIRTerms.questionnaireURL(key.id) + "|\(key.version)")),
                ("status", .string(finished != nil ? "completed" : "in-progress")), ("subject", patient),
                ("authored", Self.dateTime((finished ?? own.last!).recordedAt)),
            ]
            if !items.isEmpty { fields.append(("item", .array(items))) }
            add(responseKey, "QuestionnaireResponse", fields, device: device)

            guard let finished, let text = finished.value, let total = Double(text) else { continue }
            var score: [(String, JSONValue)] = [
                ("status", .string("final")), ("category", Self.category("survey")),
                ("code", Self.own("questionnaire-score", text: "\(instrument?.title ?? key.id) total")),
                ("subject", patient), ("effectiveDateTime", Self.dateTime(finished.recordedAt)),
                ("valueQuantity", Self.quantity(total, unit: "score", code: "{score}")),
            ]
            if let band = finished.band {
                score.append(("interpretation", .array([.object([("text", .string(band))])])))
            }
            score.append(("note", .array([.object([("text", .string("moment: \(first.moment.rawValue)"))])])))
            score.append(("derivedFrom", .array([Self.reference(url(responseKey))])))
            if let baseline = firstTotal[key.id], let instrument,
                let rci = InstrumentScore.reliableChangeIndex(instrument, before: baseline, after: total)
            {
                score.append(
                    (
                        "component",
                        .array([
                            Self.component(
                                "reliable-change-index", ("valueQuantity", Self.quantity(rci, unit: "1", code: "1")))
                        ])
                    ))
            }
            if firstTotal[key.id] == nil { firstTotal[key.id] = total }
            add("score-\(administration)", "Observation", score, device: device)
        }
    }

    static func questionnaireItem(_ item: Instrument.Item) -> JSONValue {
        var fields: [(String, JSONValue)] = [("linkId", .string(item.id))]
        if let text = item.text { fields.append(("text", .string(text))) }
        func options(_ list: [Instrument.Option]) -> (String, JSONValue) {
            (
                "answerOption",
                .array(
                    list.map { option in
                        .object([("valueCoding", optionCoding(item.id, option.value, option.label))])
                    })
            )
        }
        switch item.kind {
        case .singleChoice(let list):
            fields += [("type", .string("choice")), options(list)]
        case .multipleChoice(let list):
            fields += [("type", .string("choice")), ("repeats", .bool(true)), options(list)]
        case .slider, .number: fields.append(("type", .string("decimal")))
        case .date: fields.append(("type", .string("date")))
        case .text: fields.append(("type", .string("string")))
        }
        return .object(fields)
    }

    /// An option as a Coding of its questionnaire item: the code is the value stored in questionnaires.csv.
    static func optionCoding(_ item: String, _ value: Double, _ label: String) -> JSONValue {
        // The code is the value as questionnaires.csv means it: 2, not 2.000.
        let code = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        var fields: [(String, JSONValue)] = [("code", .string(code))]
        if !label.isEmpty { fields.append(("display", .string(label))) }
        return .object(fields)
    }

    /// A stored cell as the answers of its item's type.
    static func answers(_ cell: String, item: Instrument.Item?) -> [JSONValue] {
        guard let item, let answer = QuestionnaireAnswer(cell: cell, for: item) else {
            return [.object([("valueString", .string(cell))])]
        }
        func label(_ options: [Instrument.Option], _ value: Double) -> String {
            options.first { $0.value == value }?.label ?? ""
        }
        switch (answer, item.kind) {
        case (.number(let value), .singleChoice(let options)):
            return [.object([("valueCoding", optionCoding(item.id, value, label(options, value)))])]
        case (.choices(let values), .multipleChoice(let options)):
            return values.map { .object([("valueCoding", optionCoding(item.id, $0, label(options, $0)))]) }
        case (.number(let value), _): return [.object([("valueDecimal", number(value))])]
        case (.day(let day), _): return [.object([("valueDate", .string(day))])]
        default: return [.object([("valueString", .string(cell))])]
        }
    }

    mutating func addPlan(device: String) {
        guard let assigned = record.plan else { return }
        let plan = assigned.plan
        var activity: [(String, JSONValue)] = [
            (
                "detail",
                .object([
                    ("kind", .string("ServiceRequest")), ("code", Self.own("localization-training")),
                    ("status", .string(record.schedule?.allDone == true ? "completed" : "in-progress")),
                    (
                        "scheduledTiming",
                        .object([
                            (
                                "repeat",
                                .object([
                                    ("count", .integer(plan.totalSessions)),
                                    ("duration", Self.number(plan.minutesPerSession)), ("durationUnit", .string("min")),
                                    ("frequency", .integer(plan.sessionsPerWeek)), ("period", .integer(1)),
                                    ("periodUnit", .string("wk")),
                                ])
                            )
                        ])
                    ),
                    (
                        "description",
                        .string(
                            "\(plan.totalSessions) sessions of about \(Self.text(plan.minutesPerSession)) minutes, \(plan.sessionsPerWeek) a week"
                        )
                    ),
                ])
            )
        ]
        let outcomes = record.sessions.filter {
            $0.record.plan?.name == plan.name && $0.record.plan?.version == assigned.version
        }
        if !outcomes.isEmpty {
            activity.insert(
                ("outcomeReference", .array(outcomes.map { Self.reference(url("session-\($0.record.sessionID)")) })),
                at: 0)
        }
        if let schedule = record.schedule {
            activity.insert(("progress", .array([.object([("text", .string(schedule.summary))])])), at: 0)
        }
        var fields: [(String, JSONValue)] = [
            ("status", .string(record.schedule?.allDone == true ? "completed" : "active")),
            ("intent", .string("plan")), ("title", .string(plan.name)),
        ]
        if let description = plan.description { fields.append(("description", .string(description))) }
        fields += [
            ("subject", patient), ("period", .object([("start", Self.dateTime(assigned.assignedAt))])),
            ("created", Self.dateTime(assigned.assignedAt)), ("activity", .array([.object(activity)])),
        ]
        add("CarePlan/\(assigned.version)", "CarePlan", fields, device: device)
        guard let schedule = record.schedule else { return }
        add(
            "adherence-\(assigned.version)", "Observation",
            [
                ("status", .string("final")), ("category", Self.category("therapy")),
                ("code", Self.own("plan-adherence")), ("subject", patient),
                ("effectiveDateTime", Self.dateTime(schedule.today)),
                ("basedOn", .array([Self.reference(url("CarePlan/\(assigned.version)"))])),
                (
                    "component",
                    .array([
                        Self.component("sessions-done", ("valueInteger", .integer(schedule.done))),
                        Self.component("sessions-missed", ("valueInteger", .integer(schedule.missed))),
                        Self.component("sessions-opened", ("valueInteger", .integer(schedule.opened))),
                    ])
                ),
            ], device: device)
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    mutating func addDiary(device: String) {
        for entry in record.diary {
            var note: [(String, JSONValue)] = []
            if !entry.note.isEmpty { note = [("note", .array([.object([("text", .string(entry.note))])]))] }
            let typeCode = "\(entry.kind.rawValue).\(entry.type)"
            switch entry.kind {
            case .event:
                add(
                    "diary-\(entry.entryID)", "Observation",
                    [
                        ("status", .string("final")), ("code", Self.own("diary-event", text: entry.name)),
                        ("subject", patient), ("effectiveDateTime", .string(entry.date)),
                        ("valueCodeableConcept", Self.own(typeCode)),
                    ] + note, device: device)
            case .therapy:
                var period: [(String, JSONValue)] = [("start", .string(entry.date))]
                if !entry.endDate.isEmpty { period.append(("end", .string(entry.endDate))) }
                let ongoing = entry.endDate.isEmpty
                if entry.type == "medication" {
                    add(
                        "diary-\(entry.entryID)", "MedicationStatement",
                        [
                            ("status", .string(ongoing ? "active" : "completed")),
                            ("medicationCodeableConcept", .object([("text", .string(entry.name))])),
                            ("subject", patient), ("effectivePeriod", .object(period)),
                        ] + note, device: device)
                } else {
                    let code = JSONValue.object([
                        (
                            "coding",
                            .array([
                                Self.coding(
                                    FHIRTerms.codeSystem, "diary-therapy", FHIRTerms.concept("diary-therapy")?.display),
                                Self.coding(FHIRTerms.codeSystem, typeCode, FHIRTerms.concept(typeCode)?.display),
                            ])
                        ), ("text", .string(entry.name)),
                    ])
                    add(
                        "diary-\(entry.entryID)", "Procedure",
                        [
                            ("status", .string(ongoing ? "in-progress" : "completed")), ("code", code),
                            ("subject", patient), ("performedPeriod", .object(period)),
                        ] + note, device: device)
                }
            }
        }
    }

    mutating func addDevicesAndProvenance(exporter: String) {
        let sources = provenance
        for (device, targets) in sources {
            var fields: [(String, JSONValue)] = []
            let version: String
            if device == exporter {
                version = record.appVersion
                fields.append(
                    (
                        "deviceName",
                        .array([
                            .object([("name", .string("SoundSafari export")), ("type", .string("user-friendly-name"))])
                        ])
                    ))
            } else {
                let parts = device.split(separator: "/", maxSplits: 2).map(String.init)
                version = parts.count == 3 ? parts[2] : ""
                if parts.count == 3, !parts[1].isEmpty {
                    fields.append(
                        (
                            "identifier",
                            .array([
                                .object([("system", .string(FHIRTerms.deviceIDSystem)), ("value", .string(parts[1]))])
                            ])
                        ))
                }
                fields.append(
                    (
                        "deviceName",
                        .array([.object([("name", .string("SoundSafari")), ("type", .string("user-friendly-name"))])])
                    ))
            }
            if !version.isEmpty { fields.append(("version", .array([.object([("value", .string(version))])]))) }
            add(device, "Device", fields, device: device)
            add(
                "Provenance/\(device)", "Provenance",
                [
                    ("target", .array(targets.map(Self.reference))), ("recorded", Self.dateTime(record.exportedAt)),
                    ("agent", .array([.object([("who", Self.reference(url(device)))])])),
                ], device: device)
        }
    }
}
