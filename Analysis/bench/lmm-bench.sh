#!/usr/bin/env bash
# Mixed-model benchmark: one "name value unit" line per figure.
# Generates a 1,000,000-trial log (1,000 participants x 2 conditions x 500 trials; random intercept and slope) in a
# temporary folder (removed on exit) and fits `deviation ~ condition + (1 + condition | participant)` (REML) with
# soundsafari-analyze lmm; fits the same model to 100,000 trials of the same participants (memory must not grow with
# trials); fits the binomial GLMM of large_error (deviation > 25); and, when Rscript with lme4 is installed, times
# lme4::lmer on the same 1,000,000-trial file in the same run.
# Usage: Analysis/bench/lmm-bench.sh [BINARY]   (default .build/release/soundsafari-analyze; build it first with
# `swift build -c release --product soundsafari-analyze`).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${1:-${ANALYZE_BIN:-.build/release/soundsafari-analyze}}"
[ -x "$BIN" ] || { echo "error: $BIN not built; run 'swift build -c release --product soundsafari-analyze' first" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
DATA="$TMP/trials.csv"
MODEL="deviation ~ condition + (1 + condition | participant)"

# Participant p has intercept 20 + u0 (sd 4) and a noise effect 5 + u1 (sd 2, correlation 0.3); residual sd 8.
# generate TRIALS_PER_PARTICIPANT FILE
generate() {
awk -v trials="$1" 'BEGIN {
  srand(20261123); pi = 3.141592653589793
  print "participant,condition,deviation,large_error"
  for (p = 1; p <= 1000; p++) {
    z0 = sqrt(-2 * log(1 - rand())) * cos(2 * pi * rand()); z1 = sqrt(-2 * log(1 - rand())) * cos(2 * pi * rand())
    u0 = 4 * z0; u1 = 2 * (0.3 * z0 + sqrt(1 - 0.09) * z1)
    for (t = 1; t <= trials; t++) {
      noise = (t % 2 == 0); c = noise ? "noise" : "quiet"
      e = 8 * sqrt(-2 * log(1 - rand())) * cos(2 * pi * rand())
      y = 20 + u0 + noise * (5 + u1) + e
      printf "P%04d,%s,%.3f,%s\n", p, c, y, (y > 25 ? "yes" : "no")
    }
  }
}' > "$2"
}
generate 1000 "$DATA"
generate 100 "$TMP/trials-100k.csv"

LOG="$TMP/time.txt"
/usr/bin/time -f "%e %M" -o "$LOG" "$BIN" lmm "$DATA" --model "$MODEL" --format json > "$TMP/lmm.json"
read -r wall rss < "$LOG"
echo "analysis.lmm_fit_1m_s $wall s"
echo "analysis.lmm_peak_mb $(awk "BEGIN{printf \"%.1f\", $rss/1024}") MB"
# Same participants, a tenth of the trials: memory grows with participants, not with trials.
/usr/bin/time -f "%e %M" -o "$LOG" "$BIN" lmm "$TMP/trials-100k.csv" --model "$MODEL" --format json > /dev/null
read -r wall100k rss100k < "$LOG"
echo "analysis.lmm_fit_100k_s $wall100k s"
echo "analysis.lmm_peak_100k_mb $(awk "BEGIN{printf \"%.1f\", $rss100k/1024}") MB"

# The binomial GLMM on the same trials (large_error = deviation > 25); trials pool into participant x condition counts.
/usr/bin/time -f "%e %M" -o "$LOG" "$BIN" glmm "$DATA" --model "large_error ~ condition + (1 + condition | participant)" \
  --format json > /dev/null
read -r gwall grss < "$LOG"
echo "analysis.glmm_fit_1m_s $gwall s"
echo "analysis.glmm_peak_mb $(awk "BEGIN{printf \"%.1f\", $grss/1024}") MB"

if command -v Rscript >/dev/null && Rscript -e 'library(lme4)' >/dev/null 2>&1; then
  cat > "$TMP/fit.R" <<'REOF'
suppressMessages(library(lme4))
args <- commandArgs(TRUE)
t0 <- proc.time()[["elapsed"]]
d <- read.csv(args[1])
t1 <- proc.time()[["elapsed"]]
m <- lmer(deviation ~ condition + (1 + condition | participant), d)
t2 <- proc.time()[["elapsed"]]
cat(sprintf("%.3f %.3f %.10g\n", t1 - t0, t2 - t1, REMLcrit(m)))
REOF
  /usr/bin/time -f "%e %M" -o "$LOG" Rscript "$TMP/fit.R" "$DATA" > "$TMP/r.txt"
  read -r rwall rrss < "$LOG"
  read -r rread rfit rcrit < "$TMP/r.txt"
  echo "analysis.lme4_fit_1m_s $rwall s"
  echo "analysis.lme4_lmer_only_1m_s $rfit s"
  echo "analysis.lme4_peak_mb $(awk "BEGIN{printf \"%.1f\", $rrss/1024}") MB"
  echo "analysis.lmm_vs_lme4 $(awk "BEGIN{printf \"%.2f\", $rwall/$wall}") ratio"
  ours=$(grep -o '"reml_criterion": [-0-9.e+]*' "$TMP/lmm.json" | awk '{print $2}')
  echo "analysis.lmm_reml_minus_lme4 $(awk "BEGIN{printf \"%.3g\", $ours - $rcrit}") deviance"
else
  echo "note: Rscript with lme4 not found; skipping lme4 (scripts/install-deps.sh --bench installs r-cran-lme4)" >&2
fi
