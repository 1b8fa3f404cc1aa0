#!/usr/bin/env python3
"""The benchmark's baseline: the same work as `soundsafari-analyze anova|report` done with pandas.read_csv + scipy.stats.

  python3 baseline.py anova FILE      one-way ANOVA (Fisher and Welch) of abs_deviation_deg by condition
  python3 baseline.py report FILE     per-condition means/CIs, participant x condition means, repeated-measures
                                      ANOVA and paired t-tests for deviation and time, rounds, circular means, confusion rates
"""
import sys
import numpy as np
import pandas as pd
from scipy import stats

mode, path = sys.argv[1], sys.argv[2]
if mode == "anova":
    df = pd.read_csv(path, usecols=["condition", "abs_deviation_deg"])
    groups = [g.to_numpy() for _, g in df.groupby("condition")["abs_deviation_deg"]]
    f = stats.f_oneway(*groups)
    try:
        w = stats.f_oneway(*groups, equal_var=False)
    except TypeError:
        w = None
    print(f.statistic, f.pvalue, None if w is None else w.statistic)
else:
    cols = ["condition", "participant", "abs_deviation_deg", "time_s", "deviation_deg", "round", "front_back_confusion",
            "target_bearing_deg", "aim_bearing_deg", "session_id"]
    df = pd.read_csv(path, usecols=cols)
    summary = df.groupby("condition")[["abs_deviation_deg", "time_s"]].agg(["mean", "std", "count"])
    for measure in ("abs_deviation_deg", "time_s"):
        wide = df.pivot_table(index="participant", columns="condition", values=measure, aggfunc="mean").dropna()
        y = wide.to_numpy(); n, k = y.shape
        grand = y.mean(); lm = y.mean(axis=0); sm = y.mean(axis=1)
        ss_eff = n * ((lm - grand) ** 2).sum(); ss_err = ((y - sm[:, None] - lm[None, :] + grand) ** 2).sum()
        F = (ss_eff / (k - 1)) / (ss_err / ((k - 1) * (n - 1)))
        p = stats.f.sf(F, k - 1, (k - 1) * (n - 1))
        for i in range(k):
            for j in range(i + 1, k):
                stats.ttest_rel(y[:, i], y[:, j])
    rounds = df.groupby("round")["abs_deviation_deg"].agg(["mean", "std", "count"])
    rad = np.deg2rad(df["deviation_deg"].to_numpy())
    circ = pd.DataFrame({"c": np.cos(rad), "s": np.sin(rad), "condition": df["condition"]}).groupby("condition").sum()
    conf = df.groupby("condition")["front_back_confusion"].mean()
    per_participant = df.groupby("participant")[["abs_deviation_deg", "time_s"]].mean()
    print(len(df), F, p)
