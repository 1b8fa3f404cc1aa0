// The web questionnaire `/q/TOKEN`: a participant without an account answers one of the site's instruments through
// a personal link, one question a page, each answer stored at once as the questionnaires.csv record the game writes.
// Public (no sign-in), without script; a link that is not valid now is the same plain 404 as a guessed one.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import StudyRecords

struct WebQuestionnaireRoutes {
    let participantPages: any ParticipantPagesRepository
    let links: any QuestionnaireLinksRepository
    let pages: WebPages

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("q/:token", use: page)
        web.post("q/:token", use: answer)
    }

    /// Where a link's questionnaire stands: the instrument, the administration it continues (begun on the web or in
    /// the game, synced), and what is left to ask.
    struct Standing {
        var link: QuestionnaireLink
        var instrument: Instrument
        var administration: Administration?
        var remaining: [Instrument.Item] {
            administration?.remainingItems(of: instrument) ?? instrument.itemsToAsk(given: [:])
        }
        var finished: Bool { administration?.isFinished ?? false }
    }

    /// The link of the path if valid now (opening it audited), else the 404 every other token gets.
    func standing(_ context: AppRequestContext) async throws -> Standing {
        let token = context.parameters.get("token") ?? ""
        guard let (link, content) = try await links.open(token: token, requestID: context.id),
            let instrument = try? InstrumentFile.parseAddable(Data(content.utf8), file: "instrument \(link.instrument)")
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "This questionnaire link is not valid: it may have expired or been withdrawn. Ask your study team for a new one."
                ))
        }
        // The participant's rows as their machines synced them and as given here; one row of an item once.
        let synced = try await participantPages.patientRecord(site: link.site, participant: link.participant)
            .questionnaires
        var seen = Set<String>()
        let rows = (synced.flatMap(\.rows) + (try await links.webRows(site: link.site, participant: link.participant)))
            .filter { seen.insert("\($0.administration)\t\($0.record.rawValue)\t\($0.item)").inserted }
        let all = Administration.all(rows)
        let ofThis = { (a: Administration) in
            a.instrument == instrument.id && a.instrumentVersion == instrument.version
                && a.language == instrument.language && a.moment == link.moment && a.sessionIndex == nil
        }
        // The one left unfinished (in the game or on the web) continues; else this link's own, finished or not.
        let administration =
            all.last { ofThis($0) && !$0.isFinished }
            ?? all.first { $0.id == Administration.webID(link: link.id) }
        return Standing(link: link, instrument: instrument, administration: administration)
    }

    /// The form's CSRF token: the session's for a signed-in browser, else the double-submit cookie of the public
    /// forms (as the sign-in page's), made once.
    static func csrf(_ request: Request, _ context: AppRequestContext) -> (token: String, cookie: String?) {
        if let session = context.web?.session { return (session.csrf, nil) }
        if let held = WebCookies.parse(request.headers[.cookie])[WebCookies.signIn], !held.isEmpty {
            return (held, nil)
        }
        let token = Secrets.token(prefix: "")
        return (
            token,
            WebCookies.header(
                name: WebCookies.signIn, value: token, maxAge: 86_400, overTLS: context.web?.overTLS ?? false)
        )
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        try render(try await standing(context), request, context: context)
    }

    func render(
        _ standing: Standing, _ request: Request, context: AppRequestContext, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let catalog = context.catalog
        let (csrf, cookie) = Self.csrf(request, context)
        let instrument = standing.instrument
        var page: [String: Any] = [
            "csrf": csrf, "action": "/q/\(context.parameters.get("token") ?? "")",
            "instructions": instrument.instructions, "hasInstructions": !instrument.instructions.isEmpty,
            "itemLanguage": instrument.language,
        ]
        if standing.finished || standing.remaining.isEmpty {
            page["finished"] = true
        } else if let item = standing.remaining.first {
            let answered = standing.administration?.answers.count ?? 0
            page["question"] = Self.question(item, catalog: catalog)
            page["progress"] = catalog.gettext(
                "Question {number} of {count}",
                ["number": String(answered + 1), "count": String(answered + standing.remaining.count)])
        }
        if let error { page["answerError"] = error }
        var anonymous = context.web
        anonymous?.session = nil
        return pages.render(
            "questionnaire", title: instrument.title, page: page, web: anonymous, status: status,
            extraHeaders: cookie.map { [.setCookie: $0] } ?? [:])
    }

    /// The values of one question's form: its text and the input of its kind.
    static func question(_ item: Instrument.Item, catalog: MessageCatalog) -> [String: Any] {
        var question: [String: Any] = ["id": item.id, "text": item.text ?? ""]
        switch item.kind {
        case .singleChoice(let options), .multipleChoice(let options):
            var multiple = false
            if case .multipleChoice = item.kind { multiple = true }
            question["choice"] = [
                "type": multiple ? "checkbox" : "radio", "multiple": multiple,
                "options": options.enumerated().map { index, option in
                    [
                        "value": QuestionnaireAnswer.format(option.value), "label": option.label,
                        "inputID": "option-\(index + 1)",
                    ]
                },
            ]
        case .slider(let low, let high, let left, let right):
            // The game's slider: 20 steps from end to end, the value rounded to 3 decimals as the game stores it
            // (`QuestionnaireAnswer.rounded`); a range input always holds a value, so it starts in the middle.
            question["slider"] = [
                "min": QuestionnaireAnswer.format(low), "max": QuestionnaireAnswer.format(high),
                "step": QuestionnaireAnswer.format((high - low) / QuestionnaireAnswer.sliderSteps),
                "middle": QuestionnaireAnswer.format(QuestionnaireAnswer.rounded((low + high) / 2)),
                "left": left, "right": right,
                "hint": catalog.gettext(
                    "Move the slider between {left} and {right}, then save; it starts in the middle. Skip the question to give no answer.",
                    ["left": left, "right": right]),
            ]
        case .number(let low, let high, let unit):
            question["range"] = [
                "min": QuestionnaireAnswer.format(low), "max": QuestionnaireAnswer.format(high),
                "hint": catalog.gettext(
                    "A number from {min} to {max} {unit}",
                    ["min": QuestionnaireAnswer.format(low), "max": QuestionnaireAnswer.format(high), "unit": unit]),
            ]
        case .date:
            question["date"] = true
        case .text(let maxLength):
            question["textInput"] = ["maxLength": maxLength]
        }
        return question
    }

    /// The answer the form holds for `item` (nil: skipped), or a sentence in the page's language saying what to fix.
    static func answer(_ form: WebForm, for item: Instrument.Item, catalog: MessageCatalog) -> Result<
        QuestionnaireAnswer?, Refusal
    > {
        if form["skip"] != nil { return .success(nil) }
        let values = form.all("value").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let answer: QuestionnaireAnswer?
        switch item.kind {
        case .slider:
            // Stored as the game stores a slider's value; one outside its ends is refused below.
            answer = values.first.flatMap(Double.init).map { .number(QuestionnaireAnswer.rounded($0)) }
        case .singleChoice, .number:
            answer = values.first.flatMap { Double($0.replacingOccurrences(of: ",", with: ".")) }.map { .number($0) }
        case .multipleChoice:
            let numbers = values.compactMap(Double.init)
            answer = numbers.isEmpty || numbers.count != values.count ? nil : .choices(numbers)
        case .date:
            answer = values.first.map { .day($0) }
        case .text:
            answer = (form["value"] ?? "").replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(
                of: "\n", with: " "
            ).nonEmpty.map { .text($0) }
        }
        guard let answer, answer.problem(for: item) == nil else {
            return .failure(
                Refusal(
                    text: catalog.gettext(
                        "This answer cannot be saved: choose or type one of the answers the question takes, or skip it."
                    )))
        }
        return .success(answer)
    }

    struct Refusal: Error {
        var text: String
    }

    /// `POST /q/TOKEN`: one answer (or a skip) of the question the form showed, stored at once; then the page again
    /// (post/redirect/get). The question answered meanwhile elsewhere (another tab, the game) is not stored twice.
    @Sendable func answer(_ request: Request, context: AppRequestContext) async throws -> Response {
        let standing = try await standing(context)
        let form = context.webForm
        let back = WebPages.redirect("/q/\(context.parameters.get("token") ?? "")")
        guard !standing.finished, let item = standing.remaining.first(where: { $0.id == form["item"] }) else {
            return back
        }
        let given: QuestionnaireAnswer?
        switch Self.answer(form, for: item, catalog: context.catalog) {
        case .success(let answer): given = answer
        case .failure(let refusal):
            return try render(standing, request, context: context, error: refusal.text, status: .badRequest)
        }
        let now = Date()
        let link = standing.link
        var administration =
            standing.administration.flatMap { $0.isFinished ? nil : $0 }
            ?? Administration(
                id: Administration.webID(link: link.id), participant: link.participant,
                instrument: standing.instrument, moment: link.moment, sessionIndex: nil, startedAt: now)
        let row = QuestionnaireRow(
            participant: link.participant, administration: administration.id, instrument: standing.instrument.id,
            instrumentVersion: standing.instrument.version, language: standing.instrument.language,
            moment: link.moment, sessionIndex: nil, record: .answer, item: item.id, value: given?.cell,
            recordedAt: now)
        administration.answers.append(row)
        var rows = [row]
        if administration.remainingItems(of: standing.instrument).isEmpty {
            rows += administration.finishingRows(of: standing.instrument, at: now)
        }
        _ = try await links.append(rows, link: link)
        return back
    }
}

extension String {
    fileprivate var nonEmpty: String? { trimmingCharacters(in: .whitespaces).isEmpty ? nil : self }
}
