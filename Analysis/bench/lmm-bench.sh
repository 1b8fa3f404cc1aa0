#!/usr/bin/env bash
# Mixed-model benchmark: one "name value unit" line per figure.
# Generates a 1,000,000-trial log (1,000 participants x 2 conditions x 500 trials; random intercept and slope) in a
# temporary folder (removed on exit) and fits `deviation ~ condition + (1 + condition | participant)` (REML) with
# soundsafari-analyze lmm; fits the same model to 100,000 trials of the same participants (memory must not grow with
# trials); fits the binomial GLMM of large_error (deviation > 25); and, when Rscript with lme4 is installed, times
# lme4::lmer and lme4::glmer on the same 1,000,000-trial file in the same run.
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
  --format json > "$TMP/glmm.json"
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
  # The binomial GLMM as a user would fit it in R: glmer on the 1,000,000 trial rows (Laplace, lme4's defaults),
  # beside ours on the same file in the same run (ours pools the trials into participant x condition counts first,
  # which gives the same likelihood).
  cat > "$TMP/glmer.R" <<'REOF'
suppressMessages(library(lme4))
args <- commandArgs(TRUE)
d <- read.csv(args[1])
d$large_error <- as.integer(d$large_error == "yes")
t1 <- proc.time()[["elapsed"]]
m <- glmer(large_error ~ condition + (1 + condition | participant), d, family = binomial)
t2 <- proc.time()[["elapsed"]]
# -2 log-likelihood, which is what glmm reports as "deviance" (lme4's deviance() of a GLMM is the conditional one).
cat(sprintf("%.3f %.10g\n", t2 - t1, -2 * as.numeric(logLik(m))))
REOF
  /usr/bin/time -f "%e %M" -o "$LOG" Rscript "$TMP/glmer.R" "$DATA" > "$TMP/glmer.txt"
  read -r gr_wall gr_rss < "$LOG"
  read -r gr_fit gr_deviance < "$TMP/glmer.txt"
  echo "analysis.glmer_fit_1m_s $gr_wall s"
  echo "analysis.glmer_only_1m_s $gr_fit s"
  echo "analysis.glmer_peak_mb $(awk "BEGIN{printf \"%.1f\", $gr_rss/1024}") MB"
  echo "analysis.glmm_vs_glmer $(awk "BEGIN{printf \"%.2f\", $gr_wall/$gwall}") ratio"
  ours_deviance=$(grep -o '"deviance": [-0-9.e+]*' "$TMP/glmm.json" | awk '{print $2}')
  echo "analysis.glmm_deviance_minus_glmer $(awk "BEGIN{printf \"%.3g\", $ours_deviance - $gr_deviance}") deviance"
else
  echo "note: Rscript with lme4 not found; skipping lme4 (scripts/install-deps.sh --bench installs r-cran-lme4)" >&2
fi
