# Writes Fixtures/mixed.csv, Fixtures/mixed-participants.csv and Fixtures/mixed-reference.txt: a mixed design
# (group between x condition within, unequal groups, 2 trials per cell, one subject missing a cell) and R's values.
# Run from Analysis/: Rscript scripts/r-mixed-reference.R   (R 4.x; base R only, no car/ez/afex needed)
out <- character()
put <- function(key, value) out <<- c(out, sprintf("%s = %.17g", key, value))

set.seed(20261122)
subj <- data.frame(participant = sprintf("P%02d", 1:13), group = rep(c("A", "B", "C"), c(5, 5, 3)))
trials <- expand.grid(trial = 1:2, condition = c("c1", "c2", "c3"), participant = subj$participant, stringsAsFactors = FALSE)
gi <- match(subj$group[match(trials$participant, subj$participant)], c("A", "B", "C"))
ci <- match(trials$condition, c("c1", "c2", "c3"))
person <- rnorm(13, 0, 3)[match(trials$participant, subj$participant)]
trials$value <- round(20 + c(0, 2, 5)[gi] + c(0, 1.5, 4)[ci] + c(0, 0, 0, 0, 0, 2, 0, -1, 3)[(gi - 1) * 3 + ci] + person
                      + rnorm(nrow(trials), 0, c(1, 2, 4)[ci]), 2)
trials <- trials[!(trials$participant == "P10" & trials$condition == "c3"), ]   # P10 misses c3: left out
write.csv(trials[, c("participant", "condition", "value")], "Fixtures/mixed.csv", row.names = FALSE, quote = FALSE)
write.csv(subj, "Fixtures/mixed-participants.csv", row.names = FALSE, quote = FALSE)

# Unit of analysis: participant x condition cell means; complete participants only (A 5, B 4, C 3).
d <- merge(trials, subj)
cm <- aggregate(value ~ participant + group + condition, d, mean)
cm <- cm[cm$participant %in% names(which(table(cm$participant) == 3)), ]
cm[] <- lapply(cm, function(x) if (is.character(x)) factor(x) else x)
s <- summary(aov(value ~ group * condition + Error(participant / condition), cm))
b <- s[["Error: participant"]][[1]]; w <- s[["Error: participant:condition"]][[1]]
put("mixed.group.ss", b$`Sum Sq`[1]); put("mixed.group.f", b$`F value`[1]); put("mixed.group.p", b$`Pr(>F)`[1])
put("mixed.group.df", b$Df[1]); put("mixed.subjects_error.ss", b$`Sum Sq`[2]); put("mixed.subjects_error.df", b$Df[2])
put("mixed.condition.ss", w$`Sum Sq`[1]); put("mixed.condition.f", w$`F value`[1]); put("mixed.condition.p", w$`Pr(>F)`[1])
put("mixed.interaction.ss", w$`Sum Sq`[2]); put("mixed.interaction.f", w$`F value`[2]); put("mixed.interaction.p", w$`Pr(>F)`[2])
put("mixed.within_error.ss", w$`Sum Sq`[3]); put("mixed.within_error.df", w$Df[3])

# Sphericity: epsilons from the pooled within-group covariance S of the condition columns (residuals of lm(Y ~ group),
# df N - G), projected on orthonormal contrasts C (contr.poly): M = C'SC, d = k - 1,
# GG = tr(M)^2 / (d tr(M^2)), HF = ((df + 1) d GG - 2) / (d (df - d GG))   (car::Anova / R's stats:::sphericity).
wide <- reshape(cm, idvar = c("participant", "group"), timevar = "condition", direction = "wide")
Y <- as.matrix(wide[, paste0("value.", c("c1", "c2", "c3"))])
fit <- lm(Y ~ group, wide)
S <- crossprod(residuals(fit)) / df.residual(fit)
C <- contr.poly(3); M <- t(C) %*% S %*% C; dd <- ncol(C); dfe <- df.residual(fit)
gg <- sum(diag(M))^2 / (dd * sum(M * M)); hf <- ((dfe + 1) * dd * gg - 2) / (dd * (dfe - dd * gg))
put("mixed.epsilon_gg", gg); put("mixed.epsilon_hf", hf)
for (term in c("condition", "interaction")) {
  i <- if (term == "condition") 1 else 2
  put(sprintf("mixed.%s.p_gg", term), pf(w$`F value`[i], w$Df[i] * gg, w$Df[3] * gg, lower.tail = FALSE))
  put(sprintf("mixed.%s.p_hf", term), pf(w$`F value`[i], w$Df[i] * min(1, hf), w$Df[3] * min(1, hf), lower.tail = FALSE))
}
# Independent check: R's multivariate route (anova.mlm, test = "Spherical") on the same wide data.
sph <- anova(fit, X = ~1, test = "Spherical"); heading <- attr(sph, "heading")
eps <- function(pattern) as.numeric(sub(".*: *", "", grep(pattern, heading, value = TRUE)))
put("mixed.mlm.epsilon_gg_4dp", eps("Greenhouse")); put("mixed.mlm.epsilon_hf_4dp", eps("Huynh"))
put("mixed.mlm.condition.f", sph$F[1]); put("mixed.mlm.condition.p_gg", sph$`G-G Pr`[1]); put("mixed.mlm.condition.p_hf", sph$`H-F Pr`[1])
put("mixed.mlm.interaction.f", sph$F[2]); put("mixed.mlm.interaction.p_gg", sph$`G-G Pr`[2]); put("mixed.mlm.interaction.p_hf", sph$`H-F Pr`[2])
m <- mauchly.test(fit, X = ~1); put("mixed.mauchly_w", m$statistic); put("mixed.mauchly_p", m$p.value)

writeLines(c("# Reference values computed by R with scripts/r-mixed-reference.R; do not edit by hand.",
             paste0("# ", R.version.string), out), "Fixtures/mixed-reference.txt")
print(s); print(sph)
