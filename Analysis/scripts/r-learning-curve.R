# Writes Fixtures/learning-curve-reference.txt: R's nls fits of the learning curves `progress` fits.
# Run from Analysis/: Rscript scripts/r-learning-curve.R   (R 4.x; stats package only)
# Fixtures/learning-curve.csv: 10 sessions x 48 trials of the learner bot (soundsafari simulate --plan
# Examples/training-plan.json --sessions 10 --bot learner --participant L01 --seed 5).
out <- character()
put <- function(key, value) out <<- c(out, sprintf("%s = %.17g", key, value))

d <- read.csv("Fixtures/learning-curve.csv")
m <- aggregate(abs_deviation_deg ~ session_index, d, median)
names(m) <- c("s", "y")
put("curve.median.1", m$y[1]); put("curve.median.10", m$y[10])
e <- nls(y ~ a + b * exp(-c * (s - 1)), m, start = list(a = 0, b = 20, c = 0.3),
         control = nls.control(tol = 1e-8, maxiter = 200, minFactor = 1e-10, scaleOffset = 1))
ce <- coef(e)
put("curve.exponential.asymptote", ce[["a"]]); put("curve.exponential.gain", ce[["b"]])
put("curve.exponential.rate", ce[["c"]]); put("curve.exponential.rss", deviance(e))

writeLines(c("# Reference values computed by R (stats::nls) with scripts/r-learning-curve.R; do not edit by hand.",
             paste("#", R.version.string), out), "Fixtures/learning-curve-reference.txt")
