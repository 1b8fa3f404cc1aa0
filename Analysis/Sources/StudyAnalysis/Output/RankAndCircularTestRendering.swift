// Friedman (as friedman.test, with Kendall's W), Watson-Williams (as circular's print), and tests that were skipped.
import TidyFormats

extension ResultRendering {
    public static func friedman(_ r: FriedmanResult, data: String) -> RenderedResult {
        let text =
            "\n\tFriedman rank sum test\n\ndata:  \(data) (\(r.subjects) subjects x \(r.levels) levels, cell means)\n"
            + "Friedman chi-squared = \(RFormat.signif(r.statistic, 5)), df = \(RFormat.signif(r.df, 5)), p-value = \(RFormat.pValue(r.p))\n"
            + "Kendall's W = \(RFormat.signif(r.kendallW, 4))"
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("friedman")), ("statistic", .num(r.statistic)), ("df", .num(r.df)), ("p", .num(r.p)),
                ("kendall_w", .num(r.kendallW)), ("subjects", .integer(r.subjects)),
            ]))
    }

    /// A test that could not be run on these data: the reason in text, and in JSON `"skipped": true` with `"reason"`.
    public static func skipped(test: String, reason: String) -> RenderedResult {
        RenderedResult(
            text: reason,
            json: .object([("test", .string(test)), ("skipped", .bool(true)), ("reason", .string(reason))]))
    }
}

extension ResultRendering {
    /// Laid out like circular's watson.williams.test print.
    public static func watsonWilliams(_ r: WatsonWilliamsResult, data: String) -> RenderedResult {
        var text =
            "\n\tWatson-Williams test for homogeneity of means\n\ndata:  \(data)\n"
            + "F = \(RFormat.signif(r.f, 5)), df1 = \(RFormat.signif(r.dfEffect, 5)), df2 = \(RFormat.signif(r.dfError, 5)), p-value = \(RFormat.pValue(r.p))\n"
        if let note = r.applicabilityNote { text += note + "\n" }
        return RenderedResult(
            text: text,
            json: .object(
                [
                    ("test", .string("watson-williams")), ("f", .num(r.f)), ("df_effect", .num(r.dfEffect)),
                    ("df_error", .num(r.dfError)), ("p", .num(r.p)), ("kappa", .num(r.kappa)),
                ] + (r.applicabilityNote.map { [("note", JSONValue.string($0))] } ?? [])))
    }
}
