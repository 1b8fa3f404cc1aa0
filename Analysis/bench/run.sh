#!/usr/bin/env bash
# Analysis benchmark (called by `make bench` via scripts/bench.sh): one "name value unit" line per figure.
# 1,000,000-row trials.csv (10 conditions, 200 participants): wall time and peak memory of `anova` and `report`,
# and of the same work with pandas.read_csv + scipy.stats; plus anova's peak memory at 100,000 rows
# (memory must not grow with rows). The report also fits its three trial-level mixed models (two lmm, one glmm),
# which the pandas baseline does not: `report --no-mixed-models` is the like-for-like run, compared with the same
# baseline (lmm-bench.sh compares the mixed models with lme4: lmer and glmer on the same trials).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${ANALYZE_BIN:-.build/release/soundsafari-analyze}"
OUT="${BENCH_OUT:-bench-out/analysis}"
mkdir -p "$OUT"
[ -x "$BIN" ] || { echo "error: $BIN not built; run 'swift build -c release' first" >&2; exit 1; }

big="$OUT/trials-1M.csv"; small="$OUT/trials-100k.csv"
gen() { # rows file
  [ -s "$2" ] && return 0
  local tmp; tmp=$(mktemp -d)
  python3 Analysis/scripts/make_trials.py "$tmp" --rows "$1" --conditions 10 --participants 200 --single-file --seed 11 >/dev/null
  mv "$tmp/trials.csv" "$2"; rm -rf "$tmp"
}
gen 1000000 "$big"
gen 100000 "$small"

# A python with pandas and scipy (Debian's python3-pandas from `install-deps.sh --bench`, or the first that has them).
PY=""
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c "import pandas, scipy" 2>/dev/null; then PY="$candidate"; break; fi
done

measure() { # name command...   -> name_wall_s / name_peak_rss_mb
  local name=$1; shift
  local log; log=$(mktemp)
  /usr/bin/time -f "%e %M %U %S" -o "$log" "$@" >/dev/null
  read -r wall rss user sys < "$log"; rm -f "$log"
  echo "${name}_wall ${wall} s"
  # CPU time (user + system) is steadier than wall time on a busy machine.
  echo "${name}_cpu $(awk "BEGIN{printf \"%.2f\", $user + $sys}") s"
  echo "${name}_peak_memory $(awk "BEGIN{printf \"%.1f\", $rss/1024}") MB"
  eval "${name}_wall_value=$wall"
  eval "${name}_cpu_value=$(awk "BEGIN{print $user + $sys}")"
}

measure analysis_anova_1M "$BIN" anova "$big" --by condition --format json
measure analysis_anova_100k "$BIN" anova "$small" --by condition --format json
measure analysis_report_1M "$BIN" report "$big" --out "$OUT/report" --force
measure analysis_report_no_mixed_models_1M "$BIN" report "$big" --out "$OUT/report-no-mixed" --force --no-mixed-models
if [ -n "$PY" ]; then
  measure baseline_pandas_scipy_anova_1M "$PY" Analysis/bench/baseline.py anova "$big"
  measure baseline_pandas_scipy_report_1M "$PY" Analysis/bench/baseline.py report "$big"
  # report_no_mixed_models is the like-for-like line: the same work as the baseline's report.
  baseline_pandas_scipy_report_no_mixed_models_1M_wall_value=$baseline_pandas_scipy_report_1M_wall_value
  baseline_pandas_scipy_report_no_mixed_models_1M_cpu_value=$baseline_pandas_scipy_report_1M_cpu_value
  for what in anova report report_no_mixed_models; do
    eval "b=\$baseline_pandas_scipy_${what}_1M_wall_value a=\$analysis_${what}_1M_wall_value bc=\$baseline_pandas_scipy_${what}_1M_cpu_value ac=\$analysis_${what}_1M_cpu_value"
    awk "BEGIN{printf \"analysis_${what}_1M_wall_speedup_vs_pandas %.2f x\n\", $b/$a}"
    awk "BEGIN{printf \"analysis_${what}_1M_cpu_speedup_vs_pandas %.2f x\n\", $bc/$ac}"
  done
else
  echo "note: no python with pandas and scipy; run scripts/install-deps.sh --bench for the baseline" >&2
fi
