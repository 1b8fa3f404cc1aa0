# training-model-reference.R — lme4's fit of the report's training model on training-plan-trials.csv (6 simulated
# trainees x 4 sessions of Examples/training-plan.json, `soundsafari simulate --plan ... --bot learner`), for
# Analysis/Tests/StudyAnalysisTests/TrainingModelTests.swift. Paths relative to this file.
# Run: Rscript Analysis/Fixtures/training-model-reference.R > Analysis/Fixtures/training-model-reference.txt
suppressPackageStartupMessages(library(lme4))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
d <- read.csv(file.path(here, "training-plan-trials.csv"))
out <- function(key, value) cat(key, " = ", format(value, digits = 17), "\n", sep = "")
cat("# Reference values computed by Analysis/Fixtures/training-model-reference.R; do not edit by hand.\n")
cat("# ", R.version.string, ", lme4 ", as.character(packageVersion("lme4")), "\n", sep = "")
for (response in c("abs_deviation_deg", "time_s")) {
  f <- as.formula(paste(response, "~ session_index * condition + (session_index | participant)"))
  fit <- lmer(f, d, REML = TRUE, control = lmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-12, maxfun = 1e5)))
  cat("# lmer(", deparse(f), ", REML = TRUE, control = lmerControl(optimizer = \"bobyqa\", optCtrl = list(rhoend = 1e-12)))\n", sep = "")
  co <- coef(summary(fit))
  for (term in rownames(co)) {
    out(paste0(response, ".fixed.", term, ".estimate"), co[term, "Estimate"])
    out(paste0(response, ".fixed.", term, ".se"), co[term, "Std. Error"])
  }
  vc <- as.data.frame(VarCorr(fit))
  out(paste0(response, ".random.participant.(Intercept).sd"), vc$sdcor[1])
  out(paste0(response, ".random.participant.session_index.sd"), vc$sdcor[2])
  out(paste0(response, ".random.participant.correlation"), vc$sdcor[3])
  out(paste0(response, ".residual.sd"), vc$sdcor[4])
}
