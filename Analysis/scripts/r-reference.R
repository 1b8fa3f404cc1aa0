# Writes Fixtures/r-reference.txt: reference values from R (stats package) for the fixtures in Fixtures/.
# Run from Analysis/: Rscript scripts/r-reference.R   (R 4.x; no add-on packages needed)
out <- character()
put <- function(key, value) out <<- c(out, sprintf("%s = %.17g", key, value))

# R datasets: PlantGrowth, sleep, ToothGrowth (written to Fixtures/*.csv by this script).
write.csv(PlantGrowth, "Fixtures/PlantGrowth.csv", row.names = FALSE, quote = FALSE)
write.csv(sleep, "Fixtures/sleep.csv", row.names = FALSE, quote = FALSE)
tg <- ToothGrowth; tg$dose <- format(tg$dose)
write.csv(tg, "Fixtures/ToothGrowth.csv", row.names = FALSE, quote = FALSE)

# PlantGrowth: one-way ANOVA, Welch, Tukey, pairwise t, Kruskal-Wallis, Levene/Brown-Forsythe.
s <- summary(aov(weight ~ group, PlantGrowth))[[1]]
put("plant.f", s$`F value`[1]); put("plant.p", s$`Pr(>F)`[1])
put("plant.ss_between", s$`Sum Sq`[1]); put("plant.ss_within", s$`Sum Sq`[2])
put("plant.ms_within", s$`Mean Sq`[2])
put("plant.eta_squared", s$`Sum Sq`[1] / sum(s$`Sum Sq`))
put("plant.omega_squared", (s$`Sum Sq`[1] - 2 * s$`Mean Sq`[2]) / (sum(s$`Sum Sq`) + s$`Mean Sq`[2]))
w <- oneway.test(weight ~ group, PlantGrowth)
put("plant.welch.f", w$statistic); put("plant.welch.df2", w$parameter[2]); put("plant.welch.p", w$p.value)
tk <- TukeyHSD(aov(weight ~ group, PlantGrowth))$group
for (i in 1:3) { n <- gsub("-", "_", rownames(tk)[i])
  put(paste0("plant.tukey.", n, ".diff"), tk[i, 1]); put(paste0("plant.tukey.", n, ".lwr"), tk[i, 2])
  put(paste0("plant.tukey.", n, ".upr"), tk[i, 3]); put(paste0("plant.tukey.", n, ".p"), tk[i, 4]) }
for (m in c("holm", "bonferroni")) { pw <- pairwise.t.test(PlantGrowth$weight, PlantGrowth$group, p.adjust.method = m)$p.value
  put(paste0("plant.pairwise.", m, ".trt1_ctrl"), pw["trt1", "ctrl"]); put(paste0("plant.pairwise.", m, ".trt2_ctrl"), pw["trt2", "ctrl"])
  put(paste0("plant.pairwise.", m, ".trt2_trt1"), pw["trt2", "trt1"]) }
k <- kruskal.test(weight ~ group, PlantGrowth); put("plant.kruskal.h", k$statistic); put("plant.kruskal.p", k$p.value)
for (center in c("median", "mean")) {
  d <- PlantGrowth; ctr <- ave(d$weight, d$group, FUN = get(center)); d$spread <- abs(d$weight - ctr)
  l <- summary(aov(spread ~ group, d))[[1]]; put(paste0("plant.levene.", center, ".f"), l$`F value`[1]); put(paste0("plant.levene.", center, ".p"), l$`Pr(>F)`[1]) }
ctrl <- PlantGrowth$weight[PlantGrowth$group == "ctrl"]; trt2 <- PlantGrowth$weight[PlantGrowth$group == "trt2"]
mw <- suppressWarnings(wilcox.test(ctrl, trt2)); put("plant.mw.ctrl_trt2.w", mw$statistic); put("plant.mw.ctrl_trt2.p", mw$p.value)

# sleep: Welch, Student, paired and one-sample t-tests; Wilcoxon signed-rank (paired).
x <- sleep$extra[sleep$group == 1]; y <- sleep$extra[sleep$group == 2]
for (kind in c("welch", "student", "paired")) {
  t <- t.test(x, y, var.equal = kind == "student", paired = kind == "paired")
  put(paste0("sleep.", kind, ".t"), t$statistic); put(paste0("sleep.", kind, ".df"), t$parameter); put(paste0("sleep.", kind, ".p"), t$p.value)
  put(paste0("sleep.", kind, ".ci_low"), t$conf.int[1]); put(paste0("sleep.", kind, ".ci_high"), t$conf.int[2]) }
t <- t.test(x, mu = 0.5); put("sleep.one.t", t$statistic); put("sleep.one.p", t$p.value); put("sleep.one.ci_low", t$conf.int[1]); put("sleep.one.ci_high", t$conf.int[2])
put("sleep.cohen_d", (mean(x) - mean(y)) / sqrt((var(x) + var(y)) / 2))
ws <- suppressWarnings(wilcox.test(x, y, paired = TRUE)); put("sleep.wilcoxon.v", ws$statistic); put("sleep.wilcoxon.p", ws$p.value)
mw <- suppressWarnings(wilcox.test(x, y)); put("sleep.mw.w", mw$statistic); put("sleep.mw.p", mw$p.value)

# ToothGrowth: two-way type II ANOVA (balanced, and unbalanced after dropping rows 1, 2, 3 and 31).
type2 <- function(d, tag) {
  full <- lm(len ~ supp * dose, d); rss <- function(f) deviance(lm(f, d))
  ss <- c(supp = rss(len ~ dose) - rss(len ~ supp + dose), dose = rss(len ~ supp) - rss(len ~ supp + dose),
          inter = rss(len ~ supp + dose) - deviance(full))
  dfs <- c(supp = 1, dose = 2, inter = 2); msw <- deviance(full) / df.residual(full)
  for (n in names(ss)) { f <- ss[[n]] / dfs[[n]] / msw
    put(paste0(tag, ".", n, ".ss"), ss[[n]]); put(paste0(tag, ".", n, ".f"), f)
    put(paste0(tag, ".", n, ".p"), pf(f, dfs[[n]], df.residual(full), lower.tail = FALSE)) }
  put(paste0(tag, ".ss_within"), deviance(full)) }
tg$dose <- factor(tg$dose); type2(tg, "tooth"); type2(tg[-c(1, 2, 3, 31), ], "tooth_unbalanced")
write.csv(transform(ToothGrowth[-c(1, 2, 3, 31), ], dose = format(dose)), "Fixtures/ToothGrowth-unbalanced.csv", row.names = FALSE, quote = FALSE)

# Repeated measures: 8 subjects x 4 levels (seeded), aov with Error(), GG/HF from anova.mlm, Mauchly.
set.seed(20261121)
rm <- expand.grid(subject = paste0("s", 1:8), level = paste0("L", 1:4))
rm$value <- round(10 + rep(rnorm(8, 0, 2), 4) + c(0, 0.8, 1.1, 2.4)[as.integer(rm$level)] + rnorm(32, 0, c(0.5, 1, 1.5, 2.5)[as.integer(rm$level)]), 2)
write.csv(rm, "Fixtures/repeated.csv", row.names = FALSE, quote = FALSE)
a <- summary(aov(value ~ level + Error(subject / level), rm))[["Error: subject:level"]][[1]]
put("rm.f", a$`F value`[1]); put("rm.p", a$`Pr(>F)`[1])
wide <- reshape(rm, idvar = "subject", timevar = "level", direction = "wide"); fit <- lm(as.matrix(wide[, -1]) ~ 1)
sph <- anova(fit, X = ~1, test = "Spherical"); heading <- attr(sph, "heading")
eps <- function(pattern) as.numeric(sub(".*: *", "", grep(pattern, heading, value = TRUE)))
put("rm.epsilon_gg", eps("Greenhouse")); put("rm.epsilon_hf", eps("Huynh"))
put("rm.p_gg", sph$`G-G Pr`[1]); put("rm.p_hf", sph$`H-F Pr`[1]); put("rm.f_mlm", sph$F[1])
m <- mauchly.test(fit, X = ~1); put("rm.mauchly_w", m$statistic); put("rm.mauchly_p", m$p.value)

# Wilson interval (prop.test without continuity correction).
put("wilson.7_of_20.low", prop.test(7, 20, correct = FALSE)$conf.int[1]); put("wilson.7_of_20.high", prop.test(7, 20, correct = FALSE)$conf.int[2])

writeLines(c("# Reference values computed by R (stats package) with scripts/r-reference.R; do not edit by hand.",
             paste0("# ", R.version.string), out), "Fixtures/r-reference.txt")
