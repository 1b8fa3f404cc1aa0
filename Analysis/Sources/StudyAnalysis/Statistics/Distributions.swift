// The distributions every test uses, all from R's math library (r-mathlib), never hand-written approximations.
import CRmath

public enum Distributions {
    /// Upper tail P(T > t).
    public static func tUpper(_ t: Double, df: Double) -> Double { pt(t, df, 0, 0) }
    /// Two-sided p-value of a t statistic.
    public static func tTwoSided(_ t: Double, df: Double) -> Double { t.isNaN ? .nan : 2 * pt(-abs(t), df, 1, 0) }
    public static func tQuantile(_ p: Double, df: Double) -> Double { qt(p, df, 1, 0) }
    public static func fUpper(_ f: Double, df1: Double, df2: Double) -> Double {
        f.isNaN ? .nan : pf(f, df1, df2, 0, 0)
    }
    public static func chiSquaredUpper(_ x: Double, df: Double) -> Double { pchisq(x, df, 0, 0) }
    public static func normalCDF(_ z: Double) -> Double { pnorm5(z, 0, 1, 1, 0) }
    public static func normalUpper(_ z: Double) -> Double { pnorm5(z, 0, 1, 0, 0) }
    public static func normalDensity(_ z: Double) -> Double { dnorm4(z, 0, 1, 0) }
    public static func chiSquaredQuantile(_ p: Double, df: Double) -> Double { qchisq(p, df, 1, 0) }
    public static func normalQuantile(_ p: Double) -> Double { qnorm5(p, 0, 1, 1, 0) }
    /// Studentized range: P(Q > q) for `groups` means and `df` error degrees of freedom.
    public static func tukeyUpper(_ q: Double, groups: Double, df: Double) -> Double { ptukey(q, 1, groups, df, 0, 0) }
    public static func tukeyQuantile(_ p: Double, groups: Double, df: Double) -> Double {
        qtukey(p, 1, groups, df, 1, 0)
    }
    /// Wilcoxon rank-sum statistic W (Mann–Whitney U) for sample sizes m, n: P(W <= q).
    public static func rankSumCDF(_ q: Double, m: Double, n: Double, upper: Bool = false) -> Double {
        pwilcox(q, m, n, upper ? 0 : 1, 0)
    }
    /// Wilcoxon signed-rank statistic V for n pairs: P(V <= q).
    public static func signedRankCDF(_ q: Double, n: Double, upper: Bool = false) -> Double {
        psignrank(q, n, upper ? 0 : 1, 0)
    }
    /// Noncentral F and t, lower tail (for confidence intervals of effect sizes).
    public static func noncentralFCDF(_ f: Double, df1: Double, df2: Double, ncp: Double) -> Double {
        pnf(f, df1, df2, ncp, 1, 0)
    }
    public static func noncentralTCDF(_ t: Double, df: Double, ncp: Double) -> Double { pnt(t, df, ncp, 1, 0) }
    /// R's signif(x, digits) (r-mathlib's fprec), for rank tests' digits.rank.
    public static func signif(_ x: Double, digits: Int) -> Double { fprec(x, Double(digits)) }
    public static func logGamma(_ x: Double) -> Double { lgammafn(x) }
}
