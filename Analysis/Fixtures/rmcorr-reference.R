# rmcorr-reference.R — the repeated-measures correlation of ratings-logs/ (before tinnitus_loudness vs the
# session's mean abs_deviation_deg), as the rmcorr package defines it (Bakdash & Marusich 2017): the ANCOVA
# lm(y ~ factor(participant) + x), r = sign(slope) * sqrt(SS_x / (SS_x + SS_residual)), df = residual df,
# p from anova(). Uses rmcorr::rmcorr as well when that package is installed. Paths relative to this file.
# Run: Rscript Analysis/Fixtures/rmcorr-reference.R > Analysis/Fixtures/rmcorr-reference.txt
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
logs <- file.path(here, "ratings-logs")
ratings <- do.call(rbind, lapply(list.files(logs, "^ratings.csv$", recursive = TRUE, full.names = TRUE),
  function(f) read.csv(f, colClasses = "character")))
before <- ratings[ratings$moment == "before" & ratings$item == "tinnitus_loudness" & ratings$value != "", ]
trials <- do.call(rbind, lapply(list.files(logs, "^trials.csv$", recursive = TRUE, full.names = TRUE),
  function(f) read.csv(f, colClasses = "character")[, c("participant", "session_id", "abs_deviation_deg")]))
trials$abs_deviation_deg <- as.numeric(trials$abs_deviation_deg)
dev <- aggregate(abs_deviation_deg ~ participant + session_id, trials, mean)
d <- merge(data.frame(participant = before$participant, session_id = before$session_id,
                      loudness = as.numeric(before$value)), dev)
fit <- lm(abs_deviation_deg ~ factor(participant) + loudness, d)
a <- anova(fit)
ss_x <- a["loudness", "Sum Sq"]; ss_res <- a["Residuals", "Sum Sq"]
r <- sign(coef(fit)[["loudness"]]) * sqrt(ss_x / (ss_x + ss_res))
df <- a["Residuals", "Df"]
cat("# Reference values computed by Analysis/Fixtures/rmcorr-reference.R from ratings-logs/; do not edit by hand.\n")
cat("#", R.version.string, "\n")
cat("# Calls: lm(abs_deviation_deg ~ factor(participant) + loudness); anova(); r = sign(b) * sqrt(SSx / (SSx + SSres))\n")
if (requireNamespace("rmcorr", quietly = TRUE)) {
  rc <- rmcorr::rmcorr(participant, loudness, abs_deviation_deg, d)
  cat("# rmcorr", as.character(packageVersion("rmcorr")), ": r =", format(rc$r, digits = 17), "df =", rc$df, "\n")
} else cat("# the rmcorr package is not installed here; the ANCOVA above is its definition\n")
cat("rmcorr.overall.sessions = ", nrow(d), "\n", sep = "")
cat("rmcorr.overall.r = ", format(r, digits = 17), "\n", sep = "")
cat("rmcorr.overall.df = ", df, "\n", sep = "")
cat("rmcorr.overall.p = ", format(a["loudness", "Pr(>F)"], digits = 17), "\n", sep = "")
