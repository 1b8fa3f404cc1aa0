// Which language a dashboard page is written in: the browser's Accept-Language, among the catalogs the server holds.
import Foundation
import Localization

enum DashboardLanguage {
    /// The first language of `header` (RFC 9110's Accept-Language: ranges with optional `q` weights, highest first,
    /// ties in the order given) that `available` holds; English when none is (the code's own strings need no
    /// catalog). `de-AT`, `de_DE` and `de` all name German; `*` names nothing in particular, so English.
    static func preferred(_ header: String?, available: Set<Language>) -> Language {
        guard let header else { return .english }
        var ranges: [(language: Language, weight: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").enumerated() {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, !tag.isEmpty, let language = Language(localeName: tag),
                Language.spoken.contains(language)
            else { continue }
            var weight = 1.0
            for field in fields.dropFirst() where field.lowercased().hasPrefix("q=") {
                weight = Double(field.dropFirst(2)) ?? 0
            }
            if weight > 0 { ranges.append((language, weight, order)) }
        }
        let ordered = ranges.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }
        return ordered.first { $0.language == .english || available.contains($0.language) }?.language ?? .english
    }
}
