# Reference values for the mixed models (soundsafari-analyze lmm/glmm), refit to the true optimum.
# Run from Analysis/:  Rscript scripts/r-lmm-reference.R
# Writes Fixtures/lmm-*.csv (the data; generated with set.seed) and Fixtures/lmm-reference.txt (key = value).
# Written with R 4.2.2, lme4 1.1-31, lmerTest 3.1-3.
suppressMessages({ library(lme4); library(lmerTest) })
options(digits = 17)
out <- character(0)
emit <- function(key, value) out <<- c(out, sprintf("%s = %.17g", key, value))

# --- Data -------------------------------------------------------------------------------------------------
write.csv(sleepstudy[, c("Reaction", "Days", "Subject")], "Fixtures/lmm-sleepstudy.csv", row.names = FALSE)

set.seed(15)
participants <- sprintf("P%02d", 1:16)
sounds <- c("bell", "bird", "cricket", "drum", "speech", "whistle")
d <- expand.grid(rep = 1:2, background = c("no", "yes"), condition = c("quiet", "noise", "music"),
                 sound = sounds, participant = participants, stringsAsFactors = FALSE)
d$site <- c("Aachen", "Bern", "Cork", "Delft")[(match(d$participant, participants) - 1) %/% 4 + 1]
d$eccentricity <- round(runif(nrow(d), 0, 90), 1)
pi0 <- rnorm(16, 0, 4); names(pi0) <- participants
pn <- rnorm(16, 0, 4); names(pn) <- participants
pm <- rnorm(16, 0, 3); names(pm) <- participants
pe <- rnorm(16, 0, 0.04); names(pe) <- participants
si <- rnorm(4, 0, 2); names(si) <- c("Aachen", "Bern", "Cork", "Delft")
so <- rnorm(6, 0, 3); names(so) <- sounds
d$abs_deviation_deg <- round(18 + pi0[d$participant] + si[d$site] + so[d$sound] +
  ifelse(d$condition == "noise", 6 + pn[d$participant], 0) + ifelse(d$condition == "music", 3 + pm[d$participant], 0) +
  ifelse(d$background == "yes", 2, 0) + ifelse(d$condition == "noise" & d$background == "yes", 1.5, 0) +
  (0.08 + pe[d$participant]) * d$eccentricity + rnorm(nrow(d), 0, 7), 2)
eta <- -2 + 0.3 * pi0[d$participant] / 4 + ifelse(d$condition == "noise", 0.8, 0) + ifelse(d$background == "yes", 0.4, 0)
d$front_back_confusion <- ifelse(runif(nrow(d)) < plogis(eta), "true", "false")
d$large_error <- ifelse(d$abs_deviation_deg > 25, "yes", "no")  # binary outcome with participant, slope and sound effects
d <- d[, c("participant", "site", "sound", "condition", "background", "eccentricity", "abs_deviation_deg", "front_back_confusion", "large_error")]
write.csv(d, "Fixtures/lmm-localization.csv", row.names = FALSE)

# Unbalanced: a fifth of the trials dropped at random, and P03 and P07 never played the music condition.
set.seed(16)
u <- d[runif(nrow(d)) > 0.2, ]
u <- u[!(u$participant %in% c("P03", "P07") & u$condition == "music"), ]
write.csv(u, "Fixtures/lmm-localization-unbalanced.csv", row.names = FALSE)

# Singular: no participant variation at all, few trials.
set.seed(4)
s <- data.frame(participant = rep(sprintf("S%d", 1:6), each = 6), condition = rep(c("a", "b"), 18))
s$score <- round(10 + ifelse(s$condition == "b", 1, 0) + rnorm(36), 3)
write.csv(s, "Fixtures/lmm-singular.csv", row.names = FALSE)

# Stimuli (issue 42): trials as trials.csv names them, 12 participants x 8 recorded animals x 2 conditions x 3 trials;
# each animal its own file (stimulus_sha256, 64 hex digits drawn here) and measured bandwidth, a random effect per
# stimulus beside the bandwidth's fixed slope (broadband calls are localized better).
set.seed(17)
animals <- c("cow", "dog", "duck", "elephant", "frog_recorded", "grasshopper", "heron_greatblue_flying", "horse")
hashes <- vapply(animals, function(a) paste(sprintf("%08x", sample.int(2^31 - 1, 8)), collapse = ""), "")
bandwidth <- setNames(round(runif(8, 1, 5.5), 3), animals)
st <- expand.grid(rep = 1:3, condition = c("quiet", "noise"), target = animals, participant = sprintf("Q%02d", 1:12),
                  stringsAsFactors = FALSE)
qi <- rnorm(12, 0, 4); names(qi) <- sprintf("Q%02d", 1:12)
ai <- rnorm(8, 0, 3); names(ai) <- animals
st$stimulus_sha256 <- unname(hashes[st$target])
st$stimulus_bandwidth_oct <- unname(bandwidth[st$target])
st$abs_deviation_deg <- round(26 + qi[st$participant] + ai[st$target] - 2 * st$stimulus_bandwidth_oct +
  ifelse(st$condition == "noise", 5, 0) + rnorm(nrow(st), 0, 6), 2)
eta <- -1.2 + 0.25 * qi[st$participant] / 4 + 0.5 * ai[st$target] / 3 + ifelse(st$condition == "noise", 0.6, 0)
st$front_back_confusion <- ifelse(runif(nrow(st)) < plogis(eta), "true", "false")
st$large_error <- ifelse(st$abs_deviation_deg > 25, "yes", "no")
st <- st[, c("participant", "target", "stimulus_sha256", "stimulus_bandwidth_oct", "condition", "abs_deviation_deg",
             "front_back_confusion", "large_error")]
write.csv(st, "Fixtures/lmm-stimulus.csv", row.names = FALSE)

# --- Fits ---------------------------------------------------------------------------------------------------
# nloptwrap, then bobyqa from its optimum, then Newton steps on theta with numDeriv's Richardson gradient and Hessian
# of the deviance function (parameters on the zero bound stay there): comparisons of deviance values alone cannot place
# theta closer than about 1e-6 (the deviance's rounding noise is ~1e-12 relative), the gradient's zero can be.
# The final fit evaluates at the polished theta (optimizer = NULL), so lmerTest's Satterthwaite terms are taken there.
tight <- function(formula, data, REML) {
  m0 <- lmer(formula, data, REML = REML,
             control = lmerControl(optimizer = "nloptwrap", optCtrl = list(xtol_abs = 1e-14, ftol_abs = 1e-16, maxeval = 1e5)))
  m1 <- lmer(formula, data, REML = REML, start = getME(m0, "theta"),
             control = lmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-13, maxfun = 1e5)))
  devfun <- lmer(formula, data, REML = REML, devFunOnly = TRUE)
  th <- getME(m1, "theta")
  lower <- getME(m1, "lower")
  for (k in 1:4) {
    g <- numDeriv::grad(devfun, th)
    free <- !(lower == 0 & th <= 0 & g >= 0)
    if (!any(free)) break
    H <- numDeriv::hessian(devfun, th)[free, free, drop = FALSE]
    step <- solve(H, g[free])
    candidate <- th
    candidate[free] <- pmax(th[free] - step, lower[free])
    if (devfun(candidate) > devfun(th) + 1e-9) break
    th <- candidate
  }
  lmer(formula, data, REML = REML, start = th, control = lmerControl(optimizer = NULL))
}
record <- function(name, formula, file, REML = TRUE, contrasts = "contr.treatment") {
  options(contrasts = c(contrasts, "contr.poly"))
  data <- read.csv(file)
  m <- tight(formula, data, REML)
  out <<- c(out, sprintf("# %s: lmer(%s, read.csv(\"%s\"), REML = %s), %s; nloptwrap (xtol_abs 1e-14, ftol_abs 1e-16), bobyqa (rhoend 1e-13), 4 Newton steps (numDeriv)",
                         name, deparse(formula, width.cutoff = 500), file, REML, contrasts))
  co <- summary(m)$coefficients
  for (i in seq_len(nrow(co))) {
    t <- rownames(co)[i]
    emit(sprintf("%s.fixed.%s.estimate", name, t), co[i, "Estimate"])
    emit(sprintf("%s.fixed.%s.se", name, t), co[i, "Std. Error"])
    emit(sprintf("%s.fixed.%s.df", name, t), co[i, "df"])
    emit(sprintf("%s.fixed.%s.t", name, t), co[i, "t value"])
    emit(sprintf("%s.fixed.%s.p", name, t), co[i, "Pr(>|t|)"])
  }
  vc <- as.data.frame(VarCorr(m))
  for (i in seq_len(nrow(vc))) {
    if (vc$grp[i] == "Residual") emit(sprintf("%s.residual_variance", name), vc$vcov[i])
    else if (is.na(vc$var2[i])) emit(sprintf("%s.random.%s.%s.variance", name, vc$grp[i], vc$var1[i]), vc$vcov[i])
    else emit(sprintf("%s.cor.%s.%s.%s", name, vc$grp[i], vc$var1[i], vc$var2[i]), vc$sdcor[i])
  }
  th <- getME(m, "theta")
  for (i in seq_along(th)) emit(sprintf("%s.theta.%d", name, i), th[i])
  if (REML) emit(sprintf("%s.reml_criterion", name), REMLcrit(m))
  emit(sprintf("%s.loglik", name), as.numeric(logLik(m)))
  emit(sprintf("%s.aic", name), AIC(m))
  emit(sprintf("%s.bic", name), BIC(m))
  emit(sprintf("%s.singular", name), as.numeric(isSingular(m)))
  a <- anova(m, type = 3)
  for (i in seq_len(nrow(a))) {
    e <- rownames(a)[i]
    emit(sprintf("%s.anova.%s.f", name, e), a[i, "F value"])
    emit(sprintf("%s.anova.%s.df_effect", name, e), a[i, "NumDF"])
    emit(sprintf("%s.anova.%s.df_error", name, e), a[i, "DenDF"])
    emit(sprintf("%s.anova.%s.p", name, e), a[i, "Pr(>F)"])
  }
}
record("intercept", Reaction ~ Days + (1 | Subject), "Fixtures/lmm-sleepstudy.csv")
record("slopes", Reaction ~ Days + (Days | Subject), "Fixtures/lmm-sleepstudy.csv")
record("factor_days", Reaction ~ factor(Days) + (1 | Subject), "Fixtures/lmm-sleepstudy.csv")
record("slopes_ml", Reaction ~ Days + (Days | Subject), "Fixtures/lmm-sleepstudy.csv", REML = FALSE)
record("crossed", abs_deviation_deg ~ condition * background + (1 | participant) + (1 | sound), "Fixtures/lmm-localization.csv")
record("crossed_slopes", abs_deviation_deg ~ condition * background + (1 + condition | participant) + (1 | sound),
       "Fixtures/lmm-localization.csv")
record("nested", abs_deviation_deg ~ condition + eccentricity + (1 | site/participant), "Fixtures/lmm-localization.csv")
record("uncorrelated", abs_deviation_deg ~ condition + eccentricity + (1 + eccentricity || participant),
       "Fixtures/lmm-localization.csv")
record("unbalanced", abs_deviation_deg ~ condition * background + (1 | participant) + (1 | participant:condition) + (1 | sound),
       "Fixtures/lmm-localization-unbalanced.csv")
record("unbalanced_sum", abs_deviation_deg ~ condition * background + (1 | participant) + (1 | participant:condition) + (1 | sound),
       "Fixtures/lmm-localization-unbalanced.csv", contrasts = "contr.sum")
record("singular", score ~ condition + (1 | participant), "Fixtures/lmm-singular.csv")
record("covariate", abs_deviation_deg ~ condition * eccentricity + (1 | participant), "Fixtures/lmm-localization-unbalanced.csv")
record("covariate_nested", abs_deviation_deg ~ eccentricity + eccentricity:condition + (1 | participant),
       "Fixtures/lmm-localization-unbalanced.csv")
record("crossed_slopes_singular", abs_deviation_deg ~ condition + (1 + condition | participant) + (1 | sound),
       "Fixtures/lmm-localization-unbalanced.csv")
record("stimulus", abs_deviation_deg ~ condition + (1 | participant) + (1 | stimulus_sha256), "Fixtures/lmm-stimulus.csv")
record("stimulus_bandwidth", abs_deviation_deg ~ condition + stimulus_bandwidth_oct + (1 | participant) + (1 | stimulus_sha256),
       "Fixtures/lmm-stimulus.csv")

# --- Binomial GLMMs (Laplace) -----------------------------------------------------------------------------------
# glmer with bobyqa (rhoend 1e-13) and tolPwrss 1e-13, then up to 4 Newton steps on (theta, beta) with numDeriv's
# gradient and Hessian of the Laplace deviance function (devFunOnly = TRUE, nAGQ = 1). Standard errors come from that
# Hessian (vcov = 2 H^-1, the beta block: what lme4's use.hessian does, but with Richardson derivatives instead of
# lme4's simple differences). Variances and correlations from theta: Sigma = T T' per term (sigma = 1).
record_glmm <- function(name, formula, file) {
  data <- read.csv(file)
  data$front_back_confusion <- as.numeric(data$front_back_confusion == "true")
  data$large_error <- as.numeric(data$large_error == "yes")
  ctrl <- glmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-13, maxfun = 1e5), tolPwrss = 1e-13)
  m <- glmer(formula, data, family = binomial, control = ctrl)
  dd <- glmer(formula, data, family = binomial, control = ctrl, devFunOnly = TRUE)
  nth <- length(getME(m, "theta"))
  par <- c(getME(m, "theta"), fixef(m))
  lower <- c(getME(m, "lower"), rep(-Inf, length(fixef(m))))
  for (k in 1:4) {
    g <- numDeriv::grad(dd, par)
    free <- !(lower == 0 & par <= 0 & g >= 0)
    H <- numDeriv::hessian(dd, par)[free, free, drop = FALSE]
    candidate <- par
    candidate[free] <- pmax(par[free] - solve(H, g[free]), lower[free])
    if (dd(candidate) > dd(par) + 1e-9) break
    par <- candidate
  }
  dev <- dd(par)
  V <- 2 * solve(numDeriv::hessian(dd, par))
  beta <- par[-(1:nth)]
  se <- sqrt(diag(V)[-(1:nth)])
  out <<- c(out, sprintf("# %s: glmer(%s, read.csv(\"%s\") with front_back_confusion = as.numeric(== \"true\"), large_error = as.numeric(== \"yes\"), family = binomial), Laplace; bobyqa (rhoend 1e-13, tolPwrss 1e-13), 4 Newton steps (numDeriv); SE from numDeriv::hessian of the deviance",
                         name, deparse(formula, width.cutoff = 500), file))
  for (i in seq_along(beta)) {
    t <- names(fixef(m))[i]
    emit(sprintf("%s.fixed.%s.estimate", name, t), beta[i])
    emit(sprintf("%s.fixed.%s.se", name, t), se[i])
    emit(sprintf("%s.fixed.%s.z", name, t), beta[i] / se[i])
    emit(sprintf("%s.fixed.%s.p", name, t), 2 * pnorm(-abs(beta[i] / se[i])))
  }
  # The same model object at the polished theta gives VarCorr in lme4's names and order.
  m@theta <- par[1:nth]
  vc <- as.data.frame(VarCorr(m))
  for (i in seq_len(nrow(vc))) {
    if (is.na(vc$var2[i])) emit(sprintf("%s.random.%s.%s.variance", name, vc$grp[i], vc$var1[i]), vc$vcov[i])
    else emit(sprintf("%s.cor.%s.%s.%s", name, vc$grp[i], vc$var1[i], vc$var2[i]), vc$sdcor[i])
  }
  for (i in seq_len(nth)) emit(sprintf("%s.theta.%d", name, i), par[i])
  emit(sprintf("%s.singular", name), as.numeric(isSingular(m)))
  emit(sprintf("%s.loglik", name), -dev / 2)
  emit(sprintf("%s.aic", name), dev + 2 * length(par))
  emit(sprintf("%s.bic", name), dev + log(nrow(data)) * length(par))
  emit(sprintf("%s.lme4_default_loglik", name), as.numeric(logLik(glmer(formula, data, family = binomial))))
}
record_glmm("glmm", front_back_confusion ~ condition + background + (1 | participant), "Fixtures/lmm-localization.csv")
record_glmm("glmm_crossed", front_back_confusion ~ condition * background + (1 | participant) + (1 | sound),
            "Fixtures/lmm-localization.csv")
record_glmm("glmm_sound", large_error ~ condition + background + (1 | participant) + (1 | sound), "Fixtures/lmm-localization.csv")
record_glmm("glmm_slopes", large_error ~ condition + eccentricity + (1 + eccentricity | participant),
            "Fixtures/lmm-localization.csv")
record_glmm("glmm_stimulus", front_back_confusion ~ condition + (1 | participant) + (1 | stimulus_sha256),
            "Fixtures/lmm-stimulus.csv")

header <- c("# Mixed-model reference values written by scripts/r-lmm-reference.R",
            sprintf("# %s, lme4 %s, lmerTest %s", R.version.string, packageVersion("lme4"), packageVersion("lmerTest")))
writeLines(c(header, out), "Fixtures/lmm-reference.txt")
