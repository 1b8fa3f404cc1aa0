#!/usr/bin/env python3
"""Digits of agreement between soundsafari-analyze lmm/glmm and Fixtures/lmm-reference.txt, per fixture.

Usage (from Analysis/): python3 scripts/lmm_agreement.py [BINARY]   (default ../.build/debug/soundsafari-analyze)
Digits = -log10(|ours - R| / |R|), the worst over the quantities of a kind (17 = identical). Estimates are relative to
max(|R|, SE) so that a coefficient near zero is judged against its uncertainty; values R puts at 0 count as agreeing
when ours are below 1e-9.
"""
import json
import math
import re
import subprocess
import sys

binary = sys.argv[1] if len(sys.argv) > 1 else "../.build/debug/soundsafari-analyze"
reference, calls = {}, []
for line in open("Fixtures/lmm-reference.txt"):
    m = re.match(r'# (\w+): (lmer|glmer)\((.*?), read\.csv\("(.*?)"\)', line)
    if m:
        name, kind, formula, path = m.groups()
        ml = "REML = FALSE" in line
        calls.append((name, kind, formula, path, ml, "contr.sum" in line))
    elif " = " in line and not line.startswith("#"):
        key, value = line.split(" = ")
        reference[key] = float(value)


def digits(ours, ref, scale=None):
    scale = max(abs(ref), scale or 0)
    if ours == ref or (scale == 0 and abs(ours) < 1e-9):
        return 17.0
    if scale == 0:
        return -math.log10(abs(ours))
    return min(17.0, -math.log10(abs(ours - ref) / scale))


print(f"{'fixture':26s} {'estimate':>8s} {'se':>5s} {'df':>5s} {'p':>5s} {'var':>5s} {'cor':>5s} {'loglik':>6s} {'F':>5s}")
for name, kind, formula, path, ml, contr_sum in calls:
    args = [binary, "lmm" if kind == "lmer" else "glmm", path, "--model", formula, "--format", "json"]
    if ml:
        args.append("--ml")
    if contr_sum:
        args += ["--contrasts", "sum"]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        print(name, "failed:", run.stderr.strip())
        continue
    out = json.loads(run.stdout)[0]
    worst = {}

    def note(what, ours, key, scale=None):
        if key in reference:
            worst[what] = min(worst.get(what, 17.0), digits(ours, reference[key], scale))
        else:
            worst[what] = -99.0  # a quantity R does not have: shows up as a failure

    for f in out["fixed"]:
        key = f"{name}.fixed.{f['term']}"
        note("estimate", f["estimate"], key + ".estimate", f["se"])
        note("se", f["se"], key + ".se")
        if "df" in f:
            note("df", f["df"], key + ".df")
        note("p", f["p"], key + ".p")
    for v in out["random"]:
        note("var", v["variance"], f"{name}.random.{v['group']}.{v['term']}.variance")
    for c in out["correlations"]:
        note("cor", c["correlation"], f"{name}.cor.{c['group']}.{c['term1']}.{c['term2']}")
    if "residual_variance" in out:
        note("var", out["residual_variance"], f"{name}.residual_variance")
    note("loglik", out["loglik"], f"{name}.loglik")
    for a in out.get("anova", []):
        note("F", a["f"], f"{name}.anova.{a['effect']}.f")
    cells = [f"{worst[k]:5.1f}" if k in worst else "    -" for k in ["se", "df", "p", "var", "cor"]]
    print(f"{name:26s} {worst['estimate']:8.1f} {' '.join(cells)} {worst['loglik']:6.1f}",
          f"{worst['F']:5.1f}" if "F" in worst else "    -")
