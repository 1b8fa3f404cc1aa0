# Writes Fixtures/issue14-reference.txt: R reference values for the issue-14 fixtures (ranks on data spanning
# 1e-6..1e6, circular statistics, factorial repeated-measures ANOVA, effect-size intervals, Friedman, post-hoc).
# Run from Analysis/: Rscript scripts/r-issue14-reference.R  (R 4.2.2; afex 1.2.1, car 3.1.1, circular 0.4.95,
# effectsize 0.8.3). The fixtures are written once with set.seed and then read back, so R and the tool parse the same text.
suppressPackageStartupMessages({ library(circular) })
out <- c("# Reference values computed by scripts/r-issue14-reference.R; do not edit by hand.", paste("#", R.version.string),
  paste0("# ", paste(sapply(c("afex", "car", "circular", "effectsize"), function(p) paste(p, packageVersion(p))), collapse = ", ")))
put <- function(key, value) out <<- c(out, sprintf("%s = %.17g", key, value))
fx <- function(name) file.path("Fixtures", name)

# Ranks: values from 1e-6 to 1e6 with exact ties (3e-6 twice in a; 10 in a and b). R's rank() ties only equal doubles.
if (!file.exists(fx("wide-range.csv"))) {
  a <- c(1e-6, 2e-6, 3e-6, 3e-6, 5e-3, 0.25, 10, 1e6)
  b <- c(1.5e-6, 4e-6, 1e-3, 2, 10, 500, 2e5, 7e5)
  cc <- c(2.5e-6, 6e-6, 7e-6, 0.5, 30, 4e3, 9e5)
  write.csv(data.frame(group = rep(c("a", "b", "c"), c(8, 8, 7)), value = format(c(a, b, cc), scientific = FALSE, drop0trailing = TRUE, trim = TRUE)),
    fx("wide-range.csv"), row.names = FALSE, quote = FALSE)
  s <- c(-1e-6, 2e-6, -3e-6, 4e-6, 4e-6, 5e-6, 1e-3, -2e-3, 0.5, 7, -30, 400, 1e4, -2e5, 1e6)
  write.csv(data.frame(value = format(s, scientific = FALSE, drop0trailing = TRUE, trim = TRUE)), fx("wide-range-signed.csv"), row.names = FALSE, quote = FALSE)
}
w <- read.csv(fx("wide-range.csv")); s <- read.csv(fx("wide-range-signed.csv"))
mw <- suppressWarnings(wilcox.test(w$value[w$group == "a"], w$value[w$group == "b"]))
put("wide.mw.w", mw$statistic); put("wide.mw.p", mw$p.value)
sr <- suppressWarnings(wilcox.test(s$value, mu = 0))
put("wide.signed.v", sr$statistic); put("wide.signed.p", sr$p.value)
kw <- kruskal.test(value ~ group, w); put("wide.kruskal.h", kw$statistic); put("wide.kruskal.p", kw$p.value)

# Decimal-equal differences (0.3 - 0.1, 0.5 - 0.3, 1.7 - 1.5 are three different doubles near 0.2): R's default
# (digits.rank = Inf) keeps them distinct; digits.rank = 7 ties them.
if (!file.exists(fx("decimal-differences.csv"))) {
  x <- c(0.3, 0.5, 1.7, 2.4, 0.9, 1.1, 3.2, 0.7); y <- c(0.1, 0.3, 1.5, 0.2, 0.1, 0.35, 0.4, 0.6)
  write.csv(data.frame(participant = rep(sprintf("S%d", 1:8), 2), cond = rep(c("x", "y"), each = 8), value = c(x, y)),
    fx("decimal-differences.csv"), row.names = FALSE, quote = FALSE)
}
dd <- read.csv(fx("decimal-differences.csv")); dx <- dd$value[dd$cond == "x"]; dy <- dd$value[dd$cond == "y"]
for (dr in c(Inf, 7)) {
  k <- if (is.finite(dr)) "digits7" else "exact"
  wp <- suppressWarnings(wilcox.test(dx, dy, paired = TRUE, digits.rank = dr))
  put(paste0("decdiff.paired.", k, ".v"), wp$statistic); put(paste0("decdiff.paired.", k, ".p"), wp$p.value)
  w1 <- suppressWarnings(wilcox.test(dx, mu = 0.1, digits.rank = dr))
  put(paste0("decdiff.one.", k, ".v"), w1$statistic); put(paste0("decdiff.one.", k, ".p"), w1$p.value)
}

# Circular: signed deviations (degrees), n = 8 and n = 200, von Mises around 12 degrees; two more groups for Watson-Williams.
if (!file.exists(fx("angles.csv"))) {
  set.seed(20261123)
  deg <- function(n, mu, k) { x <- as.numeric(rvonmises(n, circular(mu * pi / 180), k)) * 180 / pi; round(ifelse(x > 180, x - 360, x), 3) }
  write.csv(data.frame(group = rep(c("small", "large", "left", "right"), c(8, 200, 30, 25)),
    deviation_deg = c(deg(8, 12, 1.5), deg(200, 12, 0.4), deg(30, -10, 3), deg(25, 15, 3))), fx("angles.csv"), row.names = FALSE, quote = FALSE)
}
ang <- read.csv(fx("angles.csv"))
for (g in c("small", "large", "left", "right")) {
  x <- circular(ang$deviation_deg[ang$group == g], units = "degrees")
  put(paste0("circ.", g, ".rayleigh_p"), rayleigh.test(x)$p.value)
  put(paste0("circ.", g, ".v_test_p"), rayleigh.test(x, mu = circular(0, units = "degrees"))$p.value)
  put(paste0("circ.", g, ".mean_deg"), as.numeric(mean(x)))
  put(paste0("circ.", g, ".rbar"), rho.circular(x))
  # 95% CI of the mean direction, Zar (2010) eqs. 26.24-26.25 as CircStat's circ_confmean (alpha = 0.05, no
  # grouping correction); the formula, not a package call, because CircStat is MATLAB.
  n <- length(x); r <- rho.circular(x) * n; c2 <- qchisq(0.95, 1); rb <- r / n
  t <- if (rb >= 0.9) sqrt(n^2 - (n^2 - r^2) * exp(c2 / n)) else if (rb > sqrt(c2 / (2 * n))) sqrt((2 * n * (2 * r^2 - n * c2)) / (4 * n - c2)) else NA
  put(paste0("circ.", g, ".ci_half_deg"), acos(t / r) * 180 / pi)
}
# Watson-Williams (circular::watson.williams.test) between left and right, and among all four groups (circular warns
# there that the concentrations differ / the test may not apply; the values are still its output).
ww <- function(groups) {
  a <- ang[ang$group %in% groups, ]
  suppressWarnings(watson.williams.test(circular(a$deviation_deg, units = "degrees"), factor(a$group)))
}
w2 <- ww(c("left", "right")); put("ww.two.f", w2$statistic); put("ww.two.p", w2$p.value); put("ww.two.df2", w2$parameter[2])
w4 <- ww(c("small", "large", "left", "right")); put("ww.four.f", w4$statistic); put("ww.four.p", w4$p.value)

# Factorial repeated measures: within A (2) x B (3), between G (3 unbalanced groups) and H (2), 2 trials per cell;
# P16 lacks one cell and is left out. Reference: afex::aov_ez (car::Anova on the multivariate model), type 3 and 2.
if (!file.exists(fx("factorial.csv"))) {
  set.seed(20261124)
  ids <- sprintf("P%02d", 1:16)
  subj <- data.frame(participant = ids, G = rep(c("g1", "g2", "g3"), c(5, 6, 5)), H = rep(c("h1", "h2"), 8))
  rows <- expand.grid(trial = 1:2, B = c("b1", "b2", "b3"), A = c("a1", "a2"), participant = ids, stringsAsFactors = FALSE)
  u <- setNames(rnorm(16, 0, 3), ids); gA <- c(g1 = 0, g2 = 1.5, g3 = -1)
  rows$value <- round(20 + u[rows$participant] + 2 * (rows$A == "a2") + c(b1 = 0, b2 = 1, b3 = 3)[rows$B] +
    gA[subj$G[match(rows$participant, ids)]] * (rows$B == "b3") + rnorm(nrow(rows), 0, 1.5 + (rows$B == "b3")), 2)
  rows <- rows[!(rows$participant == "P16" & rows$A == "a2" & rows$B == "b3"), ]
  write.csv(rows[, c("participant", "A", "B", "trial", "value")], fx("factorial.csv"), row.names = FALSE, quote = FALSE)
  write.csv(subj, fx("factorial-participants.csv"), row.names = FALSE, quote = FALSE)
}
suppressPackageStartupMessages({ library(afex); library(effectsize) })
fac <- merge(read.csv(fx("factorial.csv")), read.csv(fx("factorial-participants.csv")))
fac <- fac[fac$participant != "P16", ]   # afex would drop it too (incomplete), with a warning
# Exact two-sided 95% bounds of partial eta squared: solve pf(F, df1, df2, ncp) = 0.975 / 0.025 for ncp, then
# ncp / (ncp + df2) (effectsize 0.8.3's conversion: F = ncp / df1 into df1 F / (df1 F + df2)); effectsize::F_to_eta2
# gets the same bounds with an optimiser (optim, abstol 1e-9), so it agrees with these to about 6 digits.
ncp_bound <- function(f, df1, df2, prob) {
  if (pf(f, df1, df2) <= prob) return(0)
  uniroot(function(l) pf(f, df1, df2, ncp = l) - prob, c(0, 1e4), tol = 1e-15, maxiter = 10000)$root }
fac_ref <- function(label, within, between, type) {
  fit <- suppressMessages(suppressWarnings(aov_ez("participant", "value", fac, within = within, between = between,
    type = type, fun_aggregate = mean)))
  s <- suppressWarnings(summary(fit$Anova, multivariate = FALSE))   # warns that HF eps > 1 is treated as 1
  u <- s$univariate.tests; adj <- s$pval.adjustments; sph <- s$sphericity.tests
  es <- anova(fit, es = c("pes", "ges"), correction = "none")
  for (term in rownames(u)[-1]) {
    k <- paste0(label, ".", gsub(":", "_", term))
    f <- u[term, "F value"]; d1 <- u[term, "num Df"]; d2 <- u[term, "den Df"]
    put(paste0(k, ".ss"), u[term, "Sum Sq"]); put(paste0(k, ".ss_error"), u[term, "Error SS"])
    put(paste0(k, ".f"), f); put(paste0(k, ".df1"), d1); put(paste0(k, ".df2"), d2); put(paste0(k, ".p"), u[term, "Pr(>F)"])
    put(paste0(k, ".pes"), es[term, "pes"]); put(paste0(k, ".ges"), es[term, "ges"])
    lo <- ncp_bound(f, d1, d2, 0.975); hi <- ncp_bound(f, d1, d2, 0.025)
    put(paste0(k, ".pes_ci_low"), lo / (lo + d2)); put(paste0(k, ".pes_ci_high"), hi / (hi + d2))
    e <- F_to_eta2(f, d1, d2, ci = 0.95, alternative = "two.sided")
    put(paste0(k, ".effectsize_ci_low"), e$CI_low); put(paste0(k, ".effectsize_ci_high"), e$CI_high)
    if (!is.null(adj) && term %in% rownames(adj)) {
      put(paste0(k, ".epsilon_gg"), adj[term, "GG eps"]); put(paste0(k, ".p_gg"), adj[term, "Pr(>F[GG])"])
      put(paste0(k, ".epsilon_hf"), adj[term, "HF eps"]); put(paste0(k, ".p_hf"), adj[term, "Pr(>F[HF])"])
    }
    if (!is.null(sph) && term %in% rownames(sph)) {
      put(paste0(k, ".mauchly_w"), sph[term, "Test statistic"]); put(paste0(k, ".mauchly_p"), sph[term, "p-value"]) }
  }
}
fac_ref("fac.w", c("A", "B"), NULL, 3)          # within only (2 x 3)
fac_ref("fac.gw3", c("A", "B"), "G", 3)         # G (5, 6, 5 -> 5, 6, 4 complete) x A x B, type 3
fac_ref("fac.gw2", c("A", "B"), "G", 2)         # the same, type 2
fac_ref("fac.ghw3", "B", c("G", "H"), 3)        # two between factors (unbalanced cells) x B, type 3
fac_ref("fac.ghw2", "B", c("G", "H"), 2)
fac$trial <- factor(fac$trial)
fac_ref("fac.w3g", c("A", "B", "trial"), "G", 3)   # three within factors (trial as a factor, one row per cell) x G

# omega squared when the estimate is negative: effectsize::omega_squared truncates at 0 (pmax(0, ...)).
set.seed(1); om <- data.frame(g = rep(c("a", "b", "c"), each = 5), y = round(rnorm(15), 4))
if (!file.exists(fx("omega-negative.csv"))) write.csv(om, fx("omega-negative.csv"), row.names = FALSE, quote = FALSE)
om <- read.csv(fx("omega-negative.csv")); oa <- summary(aov(y ~ g, om))[[1]]
put("omega.estimate", (oa$`Sum Sq`[1] - oa$Df[1] * oa$`Mean Sq`[2]) / (sum(oa$`Sum Sq`) + oa$`Mean Sq`[2]))
put("omega.effectsize", omega_squared(aov(y ~ g, om), partial = FALSE, ci = NULL)$Omega2)

# Friedman (stats::friedman.test) on participant x B cell means of factorial.csv (all 16: each has every level of B),
# Kendall's W = chi2 / (n (k - 1)) as effectsize::kendalls_w; and on repeated.csv (8 x 4).
fb <- aggregate(value ~ participant + B, read.csv(fx("factorial.csv")), mean)
fr <- friedman.test(value ~ B | participant, fb)
put("friedman.fac.statistic", fr$statistic); put("friedman.fac.p", fr$p.value); put("friedman.fac.df", fr$parameter)
put("friedman.fac.kendall_w", kendalls_w(value ~ B | participant, data = fb, ci = NULL)$Kendalls_W)
rp <- aggregate(value ~ subject + level, read.csv(fx("repeated.csv")), mean)
fr <- friedman.test(value ~ level | subject, rp)
put("friedman.rm.statistic", fr$statistic); put("friedman.rm.p", fr$p.value)
put("friedman.rm.kendall_w", kendalls_w(value ~ level | subject, data = rp, ci = NULL)$Kendalls_W)

# Post-hoc on participant x B means of factorial.csv (all 16). Paired: pairwise.t.test(paired = TRUE, holm), t from
# t.test(paired = TRUE), d_z from effectsize::cohens_d(paired = TRUE). Groups of G at each B level: pairwise.t.test
# (pooled SD of that level's groups, holm within the level), t = diff / (pooled sd * sqrt(1/n_i + 1/n_j)) as it computes
# internally, d from effectsize::cohens_d (pooled SD of the two groups).
fbg <- merge(fb, read.csv(fx("factorial-participants.csv")))
fbg <- fbg[order(fbg$B, fbg$participant), ]
W <- tapply(fbg$value, list(fbg$participant, fbg$B), mean); lv <- colnames(W)
pw <- pairwise.t.test(fbg$value, fbg$B, paired = TRUE, p.adjust.method = "holm")$p.value
pr <- pairwise.t.test(fbg$value, fbg$B, paired = TRUE, p.adjust.method = "none")$p.value
for (j in 1:2) for (i in (j + 1):3) {
  k <- paste0("posthoc.paired.", lv[i], "_", lv[j]); tt <- t.test(W[, i], W[, j], paired = TRUE)
  put(paste0(k, ".t"), tt$statistic); put(paste0(k, ".p"), pr[lv[i], lv[j]]); put(paste0(k, ".p_adj"), pw[lv[i], lv[j]])
  put(paste0(k, ".d"), cohens_d(W[, i], W[, j], paired = TRUE)$Cohens_d)
}
for (b in lv) {
  x <- fbg$value[fbg$B == b]; g <- fbg$G[fbg$B == b]; gl <- sort(unique(g))
  pa <- pairwise.t.test(x, g, p.adjust.method = "holm")$p.value; pn <- pairwise.t.test(x, g, p.adjust.method = "none")$p.value
  sds <- tapply(x, g, sd); ns <- tapply(x, g, length); psd <- sqrt(sum(sds^2 * (ns - 1)) / sum(ns - 1))
  for (j in 1:2) for (i in (j + 1):3) {
    k <- paste0("posthoc.at.", b, ".", gl[i], "_", gl[j]); a <- x[g == gl[i]]; bb <- x[g == gl[j]]
    put(paste0(k, ".t"), (mean(a) - mean(bb)) / (psd * sqrt(1 / length(a) + 1 / length(bb))))
    put(paste0(k, ".p"), pn[gl[i], gl[j]]); put(paste0(k, ".p_adj"), pa[gl[i], gl[j]]); put(paste0(k, ".d"), cohens_d(a, bb)$Cohens_d)
  }
}

# Unit of analysis: one mean per participant (mixed.csv, group joined from mixed-participants.csv, all 13).
mx <- merge(read.csv(fx("mixed.csv")), read.csv(fx("mixed-participants.csv")))
pm <- aggregate(value ~ participant + group, mx, mean)
a <- summary(aov(value ~ group, pm))[[1]]; put("unit.anova.f", a$`F value`[1]); put("unit.anova.p", a$`Pr(>F)`[1])
put("unit.anova.df_within", a$Df[2])
ut <- t.test(pm$value[pm$group == "A"], pm$value[pm$group == "B"]); put("unit.ttest.t", ut$statistic); put("unit.ttest.p", ut$p.value)

# Effect sizes of t-tests (sleep): Cohen's d and Hedges' g with 95% CIs, effectsize 0.8.3 (pooled SD for two groups,
# d_z for paired, (mean - mu)/sd for one sample), and the exact noncentral-t bounds (uniroot on pt(t, df, ncp)).
x <- sleep$extra[sleep$group == 1]; y <- sleep$extra[sleep$group == 2]
ncp_t <- function(t, df, prob) {
  w <- 50 * sqrt(1 + t^2 / (2 * df))   # the bracket scales with the spread of the noncentral t
  uniroot(function(d) pt(t, df, ncp = d) - prob, c(t - w, t + w), tol = 1e-15 * max(1, abs(t)), maxiter = 10000)$root }
J <- function(df) exp(lgamma(df / 2) - log(sqrt(df / 2)) - lgamma((df - 1) / 2))
es_put <- function(label, d, g, tstat, df, scale) {
  put(paste0(label, ".d"), d$Cohens_d); put(paste0(label, ".d_ci_low"), d$CI_low); put(paste0(label, ".d_ci_high"), d$CI_high)
  put(paste0(label, ".g"), g$Hedges_g); put(paste0(label, ".g_ci_low"), g$CI_low); put(paste0(label, ".g_ci_high"), g$CI_high)
  put(paste0(label, ".d_exact_low"), ncp_t(tstat, df, 0.975) * scale); put(paste0(label, ".d_exact_high"), ncp_t(tstat, df, 0.025) * scale)
  put(paste0(label, ".g_exact_low"), ncp_t(tstat, df, 0.975) * scale * J(df)); put(paste0(label, ".g_exact_high"), ncp_t(tstat, df, 0.025) * scale * J(df))
}
sc <- sqrt(1 / 10 + 1 / 10); tp <- t.test(x, y, var.equal = TRUE)$statistic
es_put("es.two", cohens_d(x, y), hedges_g(x, y), tp, 18, sc)
tz <- t.test(x, y, paired = TRUE)$statistic
es_put("es.paired", cohens_d(x, y, paired = TRUE), hedges_g(x, y, paired = TRUE), tz, 9, 1 / sqrt(10))
t1 <- t.test(x, mu = 0.5)$statistic
es_put("es.one", cohens_d(x, mu = 0.5), hedges_g(x, mu = 0.5), t1, 9, 1 / sqrt(10))
# A huge effect (d = -99000, n = 3 + 3): the bounds lie far from t, where a fixed bracket would miss them.
xl <- c(1, 1.001, 0.999); yl <- c(100, 100.001, 99.999); dl <- cohens_d(xl, yl); tl <- t.test(xl, yl, var.equal = TRUE)$statistic
put("es.large.d", dl$Cohens_d); put("es.large.d_ci_low", dl$CI_low); put("es.large.d_ci_high", dl$CI_high)
put("es.large.d_exact_low", ncp_t(tl, 4, 0.975) * sqrt(2 / 3)); put("es.large.d_exact_high", ncp_t(tl, 4, 0.025) * sqrt(2 / 3))

writeLines(out, fx("issue14-reference.txt"))
