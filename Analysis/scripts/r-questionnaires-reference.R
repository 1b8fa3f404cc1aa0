# Writes Fixtures/questionnaires-reference.txt: R reference values for
# `soundsafari-analyze questionnaires Fixtures/questionnaire-logs --instrument-file Fixtures/mini-tq-reliability-test.json`.
# Run from Analysis/: Rscript scripts/r-questionnaires-reference.R  (base R only: stats' t.test, wilcox.test, lm,
# cor.test, pt, uniroot). The fixture was written by `soundsafari simulate --plan PLAN --sessions 3 --answer-ratings
# --bot learner --seed 11` for Q01-Q07 (Q08: --sessions 1, a baseline only), PLAN naming the Mini-TQ as baseline and
# follow-up; only questionnaires.csv and trials.csv were kept.
out <- c("# Reference values computed by scripts/r-questionnaires-reference.R; do not edit by hand.", paste("#", R.version.string),
  "# Calls: t.test(follow_up, baseline, paired = TRUE); d_z = mean(d) / sd(d), its 95% CI from the noncentral t",
  "#        (uniroot on pt(t, df, ncp) = 0.975 / 0.025, divided by sqrt(n)); wilcox.test(follow_up, baseline, paired = TRUE);",
  "#        rci = (follow_up - baseline) / (sqrt(2) * 5.2 * sqrt(1 - 0.89)); coef(lm(abs_deviation_deg ~ session_index))",
  "#        per participant; cor.test(change, slope) (Pearson)")
put <- function(key, value) out <<- c(out, sprintf("%s = %.17g", key, value))
logs <- "Fixtures/questionnaire-logs"
q <- do.call(rbind, lapply(list.files(logs, pattern = "^questionnaires\\.csv$", recursive = TRUE, full.names = TRUE),
  read.csv, colClasses = c(value = "character")))
trials <- do.call(rbind, lapply(list.files(logs, pattern = "^trials\\.csv$", recursive = TRUE, full.names = TRUE),
  read.csv, colClasses = c(session_id = "character")))
totals <- q[q$record == "finished" & q$instrument == "mini-tq" & q$value != "", ]
totals$total <- as.numeric(totals$value)
baseline <- do.call(rbind, lapply(split(totals[totals$moment == "baseline", ], ~participant), function(d) d[1, ]))
follow <- do.call(rbind, lapply(split(totals[totals$moment == "follow_up", ], ~participant), function(d) d[nrow(d), ]))
pairs <- merge(baseline[, c("participant", "total")], follow[, c("participant", "total")], by = "participant",
  suffixes = c(".baseline", ".follow"))
pairs$change <- pairs$total.follow - pairs$total.baseline
slopes <- sapply(pairs$participant, function(p) coef(lm(abs_deviation_deg ~ session_index,
  trials[trials$participant == p, ]))[["session_index"]])
for (i in seq_len(nrow(pairs))) {
  p <- pairs$participant[i]
  put(paste0("participant.", p, ".change"), pairs$change[i])
  put(paste0("participant.", p, ".rci"), pairs$change[i] / (sqrt(2) * 5.2 * sqrt(1 - 0.89)))
  put(paste0("participant.", p, ".slope"), slopes[[i]])
}
t <- t.test(pairs$total.follow, pairs$total.baseline, paired = TRUE)
put("paired.t", t$statistic); put("paired.df", t$parameter); put("paired.p", t$p.value)
put("paired.mean_change", t$estimate); put("paired.ci_low", t$conf.int[1]); put("paired.ci_high", t$conf.int[2])
n <- nrow(pairs)
put("paired.dz", mean(pairs$change) / sd(pairs$change))
ncp <- function(level) uniroot(function(x) pt(t$statistic, t$parameter, x) - level, c(-50, 50), tol = 1e-12)$root
put("paired.dz_ci_low", ncp(0.975) / sqrt(n)); put("paired.dz_ci_high", ncp(0.025) / sqrt(n))
w <- suppressWarnings(wilcox.test(pairs$total.follow, pairs$total.baseline, paired = TRUE))
put("wilcoxon.v", w$statistic); put("wilcoxon.p", w$p.value)
r <- cor.test(pairs$change, slopes)
put("association.r", r$estimate); put("association.t", r$statistic); put("association.df", r$parameter)
put("association.p", r$p.value)
# An output path as the first argument (the test writes to a temporary file, never over the fixture).
args <- commandArgs(trailingOnly = TRUE)
writeLines(out, if (length(args) > 0) args[1] else "Fixtures/questionnaires-reference.txt")
