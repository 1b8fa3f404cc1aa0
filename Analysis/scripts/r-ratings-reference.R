# Writes Fixtures/ratings-reference.txt: R reference values for `soundsafari-analyze ratings Fixtures/ratings-logs`.
# Run from Analysis/: Rscript scripts/r-ratings-reference.R  (base R only: stats' t.test, lm, cor.test).
# The fixture was written by `soundsafari simulate --mode two-targets --rounds 2 --bot noisy --answer-ratings`
# (participants R01-R03, 5 sessions each; result pictures deleted).
out <- c("# Reference values computed by scripts/r-ratings-reference.R; do not edit by hand.", paste("#", R.version.string),
  "# Calls: t.test(after, before, paired = TRUE); d_z = mean(d) / sd(d); lm(value ~ session_index [+ factor(participant)]);",
  "#        cor.test(loudness_before, mean_abs_deviation) (Pearson)")
put <- function(key, value) out <<- c(out, sprintf("%s = %.17g", key, value))
files <- list.files("Fixtures/ratings-logs", pattern = "^ratings\\.csv$", recursive = TRUE, full.names = TRUE)
r <- do.call(rbind, lapply(files, read.csv, colClasses = c(session_id = "character")))
r <- r[r$moment %in% c("before", "after") & !is.na(r$value), ]
trials <- do.call(rbind, lapply(list.files("Fixtures/ratings-logs", pattern = "^trials\\.csv$", recursive = TRUE, full.names = TRUE),
  read.csv, colClasses = c(session_id = "character")))
perf <- aggregate(abs_deviation_deg ~ participant + session_id, trials, mean)
items <- c("tinnitus_noticed", "tinnitus_loudness", "tinnitus_distress", "mood", "arousal", "stress", "concentration")
for (item in items) {
  d <- r[r$item == item, ]
  b <- d[d$moment == "before", c("participant", "session_id", "session_index", "value")]
  a <- d[d$moment == "after", c("participant", "session_id", "value")]
  pairs <- merge(b, a, by = c("participant", "session_id"), suffixes = c(".before", ".after"))
  means <- data.frame()
  for (p in sort(unique(r$participant))) {
    x <- pairs[pairs$participant == p, ]
    if (nrow(x) >= 2 && sd(x$value.after - x$value.before) > 0) {
      t <- t.test(x$value.after, x$value.before, paired = TRUE)
      key <- paste("change", item, p, sep = ".")
      put(paste0(key, ".t"), t$statistic); put(paste0(key, ".df"), t$parameter); put(paste0(key, ".p"), t$p.value)
      diff <- x$value.after - x$value.before
      put(paste0(key, ".dz"), mean(diff) / sd(diff)); put(paste0(key, ".mean_change"), mean(diff))
    }
    if (nrow(x) >= 1) means <- rbind(means, data.frame(before = mean(x$value.before), after = mean(x$value.after)))
    y <- b[b$participant == p, ]
    if (nrow(y) >= 3) {
      s <- summary(lm(value ~ session_index, y))$coefficients
      key <- paste("trend", item, p, sep = ".")
      put(paste0(key, ".slope"), s["session_index", 1]); put(paste0(key, ".se"), s["session_index", 2])
      put(paste0(key, ".p"), s["session_index", 4])
    }
  }
  t <- t.test(means$after, means$before, paired = TRUE)
  key <- paste("change", item, "overall", sep = ".")
  put(paste0(key, ".t"), t$statistic); put(paste0(key, ".df"), t$parameter); put(paste0(key, ".p"), t$p.value)
  s <- summary(lm(value ~ session_index + factor(participant), b))$coefficients
  key <- paste("trend", item, "overall", sep = ".")
  put(paste0(key, ".slope"), s["session_index", 1]); put(paste0(key, ".se"), s["session_index", 2])
  put(paste0(key, ".p"), s["session_index", 4])
}
loud <- merge(r[r$item == "tinnitus_loudness" & r$moment == "before", c("participant", "session_id", "value")], perf)
for (p in c(sort(unique(loud$participant)), "overall")) {
  x <- if (p == "overall") loud else loud[loud$participant == p, ]
  c <- cor.test(x$value, x$abs_deviation_deg)
  key <- paste("cor", p, sep = ".")
  put(paste0(key, ".r"), c$estimate); put(paste0(key, ".t"), c$statistic); put(paste0(key, ".p"), c$p.value)
}
writeLines(out, "Fixtures/ratings-reference.txt")
