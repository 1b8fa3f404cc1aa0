#!/usr/bin/env python3
"""Generates scipy-checked fixtures and checks soundsafari-analyze against them.

  python3 Analysis/scripts/scipy_reference.py generate   # writes Analysis/Fixtures/scipy-*.csv, leading-digits.csv, scipy-reference.txt
  python3 Analysis/scripts/scipy_reference.py check [BINARY]   # runs the CLI (--format json) and compares with scipy

Reference values: scipy.stats (version written in the file); for leading-digits.csv the exact value is
computed in rational arithmetic (fractions.Fraction), and what float64 + scipy gets is written too.
"""
import json, subprocess, sys, random
from decimal import Decimal, getcontext
from fractions import Fraction
from pathlib import Path

import numpy as np
import scipy
from scipy import stats

HERE = Path(__file__).resolve().parent.parent / "Fixtures"
getcontext().prec = 40


def write_csv(name, header, rows):
    with open(HERE / name, "w") as f:
        f.write(",".join(header) + "\n")
        for r in rows:
            f.write(",".join(str(x) for x in r) + "\n")


def read_groups(name, value, by):
    import csv
    groups = {}
    with open(HERE / name) as f:
        for row in csv.DictReader(f):
            groups.setdefault(row[by], []).append(row[value])
    return {k: groups[k] for k in sorted(groups)}


def exact_anova_f(groups):
    """One-way F in exact rational arithmetic from the decimal text."""
    gs = [[Fraction(Decimal(v)) for v in g] for g in groups]
    n = sum(len(g) for g in gs)
    grand = sum(sum(g) for g in gs) / n
    means = [sum(g) / len(g) for g in gs]
    ssb = sum(len(g) * (m - grand) ** 2 for g, m in zip(gs, means))
    ssw = sum(sum((x - m) ** 2 for x in g) for g, m in zip(gs, means))
    k = len(gs)
    return (ssb / (k - 1)) / (ssw / (n - k))


def exact_welch_t(a, b):
    a = [Fraction(Decimal(v)) for v in a]; b = [Fraction(Decimal(v)) for v in b]
    def mv(g):
        m = sum(g) / len(g)
        return m, sum((x - m) ** 2 for x in g) / (len(g) - 1)
    (m1, v1), (m2, v2) = mv(a), mv(b)
    t2 = (m1 - m2) ** 2 / (v1 / len(a) + v2 / len(b))
    t = (Decimal(t2.numerator) / Decimal(t2.denominator)).sqrt()
    return float(-t if m1 < m2 else t)


def generate():
    rng = random.Random(20261121)
    out = [f"# Reference values from scipy {scipy.__version__} / numpy {np.__version__} (scripts/scipy_reference.py generate); do not edit by hand."]
    put = lambda k, v: out.append(f"{k} = {float(v)!r}")

    # Four groups of unequal size and spread, three decimals; 'subject' pairs groups A and B.
    rows = []
    spec = {"A": (60, 10.0, 2.0), "B": (60, 11.0, 2.5), "C": (45, 10.5, 4.0), "D": (70, 12.0, 1.5)}
    for g, (n, mu, sd) in spec.items():
        for i in range(n):
            rows.append((f"{rng.gauss(mu, sd):.3f}", g, f"p{i + 1:03d}"))
    write_csv("scipy-groups.csv", ["value", "group", "subject"], rows)
    groups = read_groups("scipy-groups.csv", "value", "group")
    x = {k: np.array([float(v) for v in g]) for k, g in groups.items()}
    a, b = x["A"], x["B"]
    put("groups.anova.f", stats.f_oneway(*x.values()).statistic); put("groups.anova.p", stats.f_oneway(*x.values()).pvalue)
    for kind, eq in (("welch", False), ("student", True)):
        r = stats.ttest_ind(a, b, equal_var=eq); ci = r.confidence_interval()
        put(f"groups.{kind}.t", r.statistic); put(f"groups.{kind}.df", r.df); put(f"groups.{kind}.p", r.pvalue)
        put(f"groups.{kind}.ci_low", ci.low); put(f"groups.{kind}.ci_high", ci.high)
    r = stats.ttest_rel(a, b); put("groups.paired.t", r.statistic); put("groups.paired.p", r.pvalue)
    r = stats.ttest_1samp(a, 10.0); put("groups.one.t", r.statistic); put("groups.one.p", r.pvalue)
    r = stats.kruskal(*x.values()); put("groups.kruskal.h", r.statistic); put("groups.kruskal.p", r.pvalue)
    r = stats.mannwhitneyu(a, b, method="asymptotic", use_continuity=True); put("groups.mw.u", r.statistic); put("groups.mw.p", r.pvalue)
    r = stats.wilcoxon(a - b, zero_method="wilcox", correction=True, method="approx"); put("groups.wilcoxon.p", r.pvalue)
    for center in ("median", "mean"):
        r = stats.levene(*x.values(), center=center); put(f"groups.levene.{center}.f", r.statistic); put(f"groups.levene.{center}.p", r.pvalue)
    t = stats.tukey_hsd(*x.values()); names = list(x)
    for i in range(len(names)):
        for j in range(i):
            put(f"groups.tukey.{names[i]}_{names[j]}.p", t.pvalue[i, j])

    # Constant leading digits: 1000000000000.x; differences are exact in decimal, not in float64.
    rows = []
    for g, shift in (("A", 0), ("B", 15), ("C", 40)):
        for i in range(12):
            k = rng.randint(0, 60) + shift
            rows.append((f"{1000000000000 + k // 100}.{k % 100:02d}", g))
    write_csv("leading-digits.csv", ["value", "group"], rows)
    lg = read_groups("leading-digits.csv", "value", "group")
    put("leading.exact.f", float(exact_anova_f(list(lg.values()))))
    put("leading.exact.welch_t_A_B", exact_welch_t(lg["A"], lg["B"]))
    fl = {k: np.array([float(v) for v in g]) for k, g in lg.items()}
    put("leading.scipy.f", stats.f_oneway(*fl.values()).statistic)
    put("leading.scipy.welch_t_A_B", stats.ttest_ind(fl["A"], fl["B"], equal_var=False).statistic)
    (HERE / "scipy-reference.txt").write_text("\n".join(out) + "\n")
    print("\n".join(out))


def check(binary):
    ref = {}
    for line in (HERE / "scipy-reference.txt").read_text().splitlines():
        if line.startswith("#"): continue
        k, v = line.split(" = "); ref[k] = float(v)
    def run(*args):
        res = subprocess.run([binary, *args, "--format", "json"], capture_output=True, text=True, check=True)
        return json.loads(res.stdout)
    f = str(HERE / "scipy-groups.csv")
    checks = []
    a = run("anova", f, "--value", "value", "--by", "group", "--checks")
    checks += [("groups.anova.f", a[0]["f"]), ("groups.anova.p", a[0]["p"]), ("groups.levene.median.f", a[2]["f"]),
               ("groups.levene.mean.f", a[3]["f"]), ("groups.kruskal.h", a[4]["statistic"])]
    ab = ["--filter", "group=A", "--filter", "group=B"]
    w = run("ttest", f, "--value", "value", "--by", "group", *ab)
    checks += [("groups.welch.t", w[0]["t"]), ("groups.welch.df", w[0]["df"]), ("groups.welch.p", w[0]["p"]),
               ("groups.welch.ci_low", w[0]["ci_low"]), ("groups.welch.ci_high", w[0]["ci_high"])]
    s = run("ttest", f, "--value", "value", "--by", "group", "--equal-variance", *ab)
    checks += [("groups.student.t", s[0]["t"]), ("groups.student.p", s[0]["p"])]
    p = run("ttest", f, "--value", "value", "--by", "group", "--paired", "--subject", "subject", "--nonparametric", *ab)
    checks += [("groups.paired.t", p[0]["t"]), ("groups.paired.p", p[0]["p"]), ("groups.wilcoxon.p", p[1]["p"])]
    o = run("ttest", f, "--value", "value", "--mu", "10", "--filter", "group=A")
    checks += [("groups.one.t", o[0]["t"]), ("groups.one.p", o[0]["p"])]
    m = run("ttest", f, "--value", "value", "--by", "group", "--nonparametric", *ab)
    checks += [("groups.mw.p", m[1]["p"])]
    t = run("posthoc", f, "--value", "value", "--by", "group")
    for c in t[0]["comparisons"]:
        checks.append((f"groups.tukey.{c['a']}_{c['b']}.p", c["p_adj"]))
    lead = str(HERE / "leading-digits.csv")
    la = run("anova", lead, "--value", "value", "--by", "group")
    lt = run("ttest", lead, "--value", "value", "--by", "group", "--filter", "group=A", "--filter", "group=B")
    failed = 0
    for key, got in checks:
        want = ref[key]; rel = abs(got - want) / max(abs(want), 1e-300)
        ok = rel < 1e-6 or abs(got - want) < 1e-12
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {key}: analyze {got!r} scipy {want!r} (rel. diff {rel:.1e})")
    for key, got in (("f", la[0]["f"]), ("welch_t_A_B", lt[0]["t"])):
        exact = ref[f"leading.exact.{key}"]; sp = ref[f"leading.scipy.{key}"]
        digits = lambda v: 17.0 if v == exact else -np.log10(abs(v - exact) / abs(exact))
        ok = digits(got) >= 12; failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} leading digits {key}: exact {exact!r}; analyze {got!r} ({digits(got):.1f} digits); scipy {sp!r} ({digits(sp):.1f} digits)")
    print(f"{len(checks) + 2 - failed} of {len(checks) + 2} checks agree")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("generate", "check"):
        sys.exit(__doc__)
    generate() if sys.argv[1] == "generate" else check(sys.argv[2] if len(sys.argv) > 2 else ".build/debug/soundsafari-analyze")
