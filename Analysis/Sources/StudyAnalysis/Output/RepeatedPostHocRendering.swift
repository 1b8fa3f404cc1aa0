// Post-hoc tests of repeated-measures and mixed designs: one row per pair, and the JSON `comparisons` list.
import TidyFormats

extension ResultRendering {
    public static func repeatedPostHoc(
        _ comparisons: [RepeatedComparison], value: String, within: String, between: String?, subjects: Int,
        dropped: [String], adjustment: PValueAdjustment
    ) -> RenderedResult {
        var text =
            between.map {
                "\n\tPairwise t tests between the groups of \($0) at each level of \(within) (pooled SD of the level's groups; p adjusted within each level)\n"
            } ?? "\n\tPairwise paired t tests between the levels of \(within) (as pairwise.t.test(paired = TRUE))\n"
        text +=
            "\ndata:  \(value); unit: each subject's mean per cell, \(subjects) subjects"
            + (dropped.isEmpty ? "" : " (\(dropped.count) without every level of \(within) left out)") + "\n\n"
        let rows = comparisons.map { c in
            (c.at.map { [$0] } ?? [])
                + [
                    "\(c.a) - \(c.b)", RFormat.signif(c.diff, 5), RFormat.signif(c.t, 4), RFormat.signif(c.df, 4),
                    RFormat.pValue(c.p, digits: 3), RFormat.pValue(c.pAdjusted, digits: 3), RFormat.stars(c.pAdjusted),
                    RFormat.signif(c.cohenD, 3),
                ]
        }
        let header =
            (between == nil ? [] : [within]) + ["", "diff", "t", "df", "p", "p_adj", "", between == nil ? "d_z" : "d"]
        text += RFormat.table(header: header, rows: rows) + "\n\nP value adjustment method: \(adjustment.rawValue)"
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string(between == nil ? "pairwise-paired-t" : "pairwise-t-at-levels")),
                ("adjustment", .string(adjustment.rawValue)), ("within", .string(within)),
                ("between", between.map { .string($0) } ?? .null), ("subjects", .integer(subjects)),
                (
                    "comparisons",
                    .array(
                        comparisons.map { c in
                            .object([
                                ("a", .string(c.a)), ("b", .string(c.b)), ("at", c.at.map { .string($0) } ?? .null),
                                ("diff", .num(c.diff)), ("t", .num(c.t)), ("df", .num(c.df)), ("p", .num(c.p)),
                                ("p_adj", .num(c.pAdjusted)), ("cohen_d", .num(c.cohenD)),
                            ])
                        })
                ),
            ]))
    }
}
