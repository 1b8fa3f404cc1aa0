// analysis.R: an R script that reads the same CSV files as the report and recomputes every table with base R, afex
// and circular, so a reviewer can rerun it (`Rscript analysis.R`). It prints the tables, then every number at full
// precision ("TEST|...", "COND|...", "STIM|..." and "BAND|..." lines, which the tests compare with tables/tests.csv,
// conditions.csv, stimuli.csv and spectral-bands.csv).
import Foundation

enum ReportRScript {
    static func script(
        _ c: ReportContext, files: [String], participantsFiles: [String], tests: [TestRow],
        mixedModels: [ReportMixedModel] = [], filters: [RowFilter] = [], outputFolder: String? = nil,
        stimuli: Bool = false
    ) -> String {
        func located(_ path: String) -> String { Self.located(path, outputFolder: outputFolder) }
        let known = c.groupNames.filter { $0 != "unknown" }
        // The training model's session slope needs session_index as a number.
        let sessionColumn = mixedModels.contains { $0.formula.contains("session_index") } ? ", \"session_index\"" : ""
        // The by-stimulus tables read the stimulus a row played (issue 42).
        let stimulusColumns =
            stimuli ? ", \"target\", \"stimulus_sha256\", \"stimulus_bandwidth_oct\", \"front_back_reversal\"" : ""
        // The report's --filter, as the same subset in R (positives of a column: any of them; negated: none).
        let filterColumns = filters.map(\.column).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        // Skipped animals (no photo) are left out, as the report leaves them out, unless a --filter names the column.
        let skippedLine =
            "trials <- trials[is.na(trials$skipped) | !(toupper(trials$skipped) %in% c(\"TRUE\", \"1\")), ]   # skipped animals"
        let subset = filterColumns.map { column -> String in
            let keep = filters.filter { $0.column == column && !$0.negated }.map(\.value)
            let drop = filters.filter { $0.column == column && $0.negated }.map(\.value)
            var line = "trials <- trials["
            var parts: [String] = []
            if !keep.isEmpty { parts.append("trials[[\(quote(column))]] %in% \(vector(keep))") }
            if !drop.isEmpty { parts.append("!(trials[[\(quote(column))]] %in% \(vector(drop)))") }
            line += parts.joined(separator: " & ") + ", ]   # --filter"
            return line
        }.joined(separator: "\n")
        var r = """
            # analysis.R — written by `soundsafari-analyze report`; reproduces the report's tables from the same CSV files.
            # Run: Rscript analysis.R   (R >= 4.2 with the afex and circular packages; Debian: r-cran-afex r-cran-circular)
            suppressPackageStartupMessages({ library(afex); library(circular) })
            here <- local({ a <- grep("^--file=", commandArgs(FALSE), value = TRUE)   # this script's folder
              if (length(a)) dirname(normalizePath(sub("^--file=", "", a[1]))) else getwd() })
            files <- file.path(here, \(vector(files.map(located))))
            compare <- \(quote(c.compare))
            conditions <- \(vector(c.conditions))   # the report's order
            people <- \(vector(c.people))
            within <- \(c.within ? "TRUE" : "FALSE")   # every participant played more than one condition
            cols <- unique(c(compare, "participant", "abs_deviation_deg", "time_s", "deviation_deg", "front_back_confusion", "front_back_reversal", "skipped"\(filterColumns.map { ", " + quote($0) }.joined())\(sessionColumn)\(stimulusColumns)))
            trials <- do.call(rbind, lapply(files, function(f) {
              d <- read.csv(f, colClasses = "character", check.names = FALSE)
              for (k in setdiff(cols, names(d))) d[[k]] <- NA
              d[, cols]
            }))
            \(subset.isEmpty ? "# (no --filter)" : subset)
            \(filterColumns.contains(SkippedTargets.column) ? "# (skipped animals as --filter says)" : skippedLine)
            for (k in c("abs_deviation_deg", "time_s", "deviation_deg"\(sessionColumn))) trials[[k]] <- as.numeric(trials[[k]])
            trials$cond <- trials[[compare]]
            # Unit of analysis: one mean per participant and condition.
            cm <- aggregate(cbind(abs_deviation_deg, time_s) ~ participant + cond, trials, mean)
            cell_matrix <- function(column) {
              M <- sapply(conditions, function(k) cm[[column]][match(paste(people, k), paste(cm$participant, cm$cond))])
              matrix(M, nrow = length(people), dimnames = list(people, conditions))
            }
            measures <- c(deviation = "abs_deviation_deg", time = "time_s")
            tests <- data.frame(measure = character(), test = character(), symbol = character(), value = numeric(), p = numeric())
            add <- function(measure, test, symbol, value, p) tests[nrow(tests) + 1, ] <<- list(measure, test, symbol, value, p)
            for (m in names(measures)) {
              M <- cell_matrix(measures[[m]])
              if (length(conditions) < 2) break
              if (within) {
                complete <- people[complete.cases(M)]
                long <- cm[cm$participant %in% complete, ]
                fit <- suppressMessages(aov_ez("participant", measures[[m]], long, within = "cond", type = 3))
                u <- suppressWarnings(summary(fit$Anova, multivariate = FALSE))$univariate.tests  # HF eps > 1 note
                add(m, "ANOVA (repeated measures)", "F", u["cond", "F value"], u["cond", "Pr(>F)"])
                pairs <- list(); raw <- c()
                for (j in seq_along(conditions)) for (i in seq_along(conditions)) if (i > j) {
                  t <- t.test(M[complete, j], M[complete, i], paired = TRUE)
                  pairs[[length(pairs) + 1]] <- list(paste(conditions[j], "vs", conditions[i]), t$statistic); raw <- c(raw, t$p.value)
                }
                adj <- p.adjust(raw, "holm")
                for (k in seq_along(pairs)) add(m, paste("T-Test (paired)", pairs[[k]][[1]]), "t", pairs[[k]][[2]], adj[k])
              } else {
                g <- lapply(conditions, function(k) M[!is.na(M[, k]), k])
                x <- unlist(g); f <- factor(rep(conditions, lengths(g)), levels = conditions)
                a <- summary(aov(x ~ f))[[1]]
                add(m, "ANOVA (one-way)", "F", a$`F value`[1], a$`Pr(>F)`[1])
                pairs <- list(); raw <- c()
                for (j in seq_along(conditions)) for (i in seq_along(conditions)) if (i > j) {
                  t <- t.test(g[[j]], g[[i]])
                  pairs[[length(pairs) + 1]] <- list(paste(conditions[j], "vs", conditions[i]), t$statistic); raw <- c(raw, t$p.value)
                }
                adj <- p.adjust(raw, "holm")
                for (k in seq_along(pairs)) add(m, paste("T-Test (Welch)", pairs[[k]][[1]]), "t", pairs[[k]][[2]], adj[k])
              }
            }

            """
        if let groupBy = c.groupBy, known.count >= 2, !participantsFiles.isEmpty {
            r += """
                # Participant groups: one value per participant, the mean of their condition means (Student t-test, so
                # t^2 equals the F of the mixed ANOVA's group row); in a within-subjects design complete participants only.
                # Every input folder's participants.csv; an empty answer takes no part, and a later row (a correction)
                # wins over an earlier one.
                group_by <- \(quote(groupBy))
                parts <- do.call(rbind, lapply(file.path(here, \(vector(participantsFiles.map(located)))), function(f) {
                  p <- read.csv(f, colClasses = "character", check.names = FALSE)
                  if (is.null(p[[group_by]])) p[[group_by]] <- ""
                  p[, c("participant", group_by)]
                }))
                parts <- parts[rev(seq_len(nrow(parts))), ]
                parts <- parts[!is.na(parts[[group_by]]) & parts[[group_by]] != "", ]
                known <- \(vector(known))
                group_of <- setNames(parts[[group_by]], parts$participant)[people]
                for (m in names(measures)) {
                  M <- cell_matrix(measures[[m]])
                  members <- people[!is.na(group_of) & group_of %in% known]
                  if (within) members <- members[complete.cases(M[members, , drop = FALSE])]
                  pm <- rowMeans(M[members, , drop = FALSE], na.rm = TRUE); grp <- group_of[members]
                  if (length(known) == 2) {
                    t <- t.test(pm[grp == known[1]], pm[grp == known[2]], var.equal = TRUE)
                    add(m, paste("T-Test (Student)", known[1], "vs", known[2]), "t", t$statistic, t$p.value)
                  } else {
                    a <- summary(aov(pm ~ factor(grp, levels = known)))[[1]]
                    add(m, paste("ANOVA (one-way) by", group_by), "F", a$`F value`[1], a$`Pr(>F)`[1])
                  }
                  if (within) {
                    long <- cm[cm$participant %in% members, ]; long$grp <- group_of[long$participant]
                    fit <- suppressMessages(aov_ez("participant", measures[[m]], long, within = "cond", between = "grp", type = 3))
                    u <- suppressWarnings(summary(fit$Anova, multivariate = FALSE))$univariate.tests
                    labels <- c(grp = paste(group_by, "(between)"), cond = paste(compare, "(within)"),
                      `grp:cond` = paste(group_by, "x", compare))
                    for (term in names(labels)) add(m, paste0("Mixed ANOVA: ", labels[[term]]), "F", u[term, "F value"], u[term, "Pr(>F)"])
                  }
                }

                """
        }
        r += """
            # Conditions: participant-level means and t-intervals; circular statistics, confusion and reversal rates pool
            # the trials (a log older than front_back_reversal has none: NA).
            Md <- cell_matrix("abs_deviation_deg"); Mt <- cell_matrix("time_s")
            rv <- tolower(substr(trials$front_back_reversal, 1, 1))
            trials$reversed <- ifelse(rv %in% c("t", "1", "y"), 1, ifelse(rv %in% c("f", "0", "n"), 0, NA))
            cond_table <- do.call(rbind, lapply(conditions, function(k) {
              d <- Md[!is.na(Md[, k]), k]; tm <- Mt[!is.na(Mt[, k]), k]
              rows <- trials[trials$cond == k, ]
              dev <- rows$deviation_deg[!is.na(rows$deviation_deg)]
              circ <- if (length(dev)) circular(dev, units = "degrees") else NULL
              conf <- tolower(substr(rows$front_back_confusion[!is.na(rows$front_back_confusion) & rows$front_back_confusion != ""], 1, 1))
              hits <- sum(conf %in% c("t", "1", "y")); n <- sum(conf %in% c("t", "1", "y", "f", "0", "n"))
              w <- if (n > 0) prop.test(hits, n, correct = FALSE)$conf.int else c(NA, NA)
              rh <- sum(rows$reversed, na.rm = TRUE); rn <- sum(!is.na(rows$reversed))
              rw <- if (rn > 0) prop.test(rh, rn, correct = FALSE)$conf.int else c(NA, NA)
              data.frame(condition = k, n_participants = length(d), mean_abs_deviation_deg = mean(d),
                ci_low = t.test(d)$conf.int[1], ci_high = t.test(d)$conf.int[2], mean_time_s = mean(tm),
                time_ci_low = t.test(tm)$conf.int[1], time_ci_high = t.test(tm)$conf.int[2],
                circular_mean_deviation_deg = if (is.null(circ)) NA else as.numeric(mean(circ)),
                resultant_length = if (is.null(circ)) NA else rho.circular(circ),
                rayleigh_p = if (is.null(circ)) NA else rayleigh.test(circ)$p.value,
                front_back_confusion_rate = if (n > 0) hits / n else NA,
                confusion_ci_low = if (hits == 0) 0 else w[1], confusion_ci_high = if (hits == n) 1 else w[2],
                front_back_reversals = if (rn > 0) rh else NA, front_back_reversal_rate = if (rn > 0) rh / rn else NA,
                reversal_ci_low = if (rn == 0) NA else if (rh == 0) 0 else rw[1],
                reversal_ci_high = if (rn == 0) NA else if (rh == rn) 1 else rw[2])
            }))
            # Participant x condition (tables/participant-conditions.csv): mean absolute deviation and reversals.
            cells <- do.call(rbind, lapply(split(trials, list(trials$participant, trials$cond), drop = TRUE), function(d)
              data.frame(participant = d$participant[1], condition = d$cond[1], n_trials = nrow(d),
                mean_abs_deviation_deg = mean(d$abs_deviation_deg),
                front_back_reversals = sum(d$reversed, na.rm = TRUE), reversal_trials = sum(!is.na(d$reversed)))))
            print(tests, digits = 4, row.names = FALSE)
            cat("\\n"); print(cond_table, digits = 5, row.names = FALSE)
            cat("\\n"); print(cells, digits = 5, row.names = FALSE)
            cat("\\n# Full precision, for comparison with tables/tests.csv and tables/conditions.csv:\\n")
            for (i in seq_len(nrow(tests))) cat(sprintf("TEST|%s|%s|%s|%.17g|%.17g\\n", tests$measure[i], tests$test[i], tests$symbol[i], tests$value[i], tests$p[i]))
            for (i in seq_len(nrow(cond_table))) for (k in names(cond_table)[-1]) cat(sprintf("COND|%s|%s|%.17g\\n", cond_table$condition[i], k, cond_table[[k]][i]))
            for (i in seq_len(nrow(cells))) cat(sprintf("CELL|%s|%s|%d|%.17g|%d|%d\\n", cells$participant[i], cells$condition[i], cells$n_trials[i], cells$mean_abs_deviation_deg[i], as.integer(cells$front_back_reversals[i]), as.integer(cells$reversal_trials[i])))

            """
        return r + (stimuli ? stimulusSection : "") + mixedModelSection(mixedModels)
    }

    /// tables/stimuli.csv and tables/spectral-bands.csv again ("STIM|..." and "BAND|..." lines at full precision):
    /// per stimulus (`target` and `stimulus_sha256`) the participants' mean absolute deviation with its t-interval
    /// and mean time, front-back reversals pooled over its trials with a Wilson interval; per whole octave of the
    /// 90 % bandwidth the same over all its stimuli's trials, each participant's mean weighing each trial once.
    static let stimulusSection = """
        # Stimuli (tables/stimuli.csv) and spectral bands (tables/spectral-bands.csv).
        st <- trials[!is.na(trials$target) & trials$target != "", ]
        st$stimulus_sha256[is.na(st$stimulus_sha256)] <- ""
        st$bw <- suppressWarnings(as.numeric(st$stimulus_bandwidth_oct))
        st$key <- paste(st$target, st$stimulus_sha256, sep = "|")
        t_interval <- function(x) if (length(x) > 1) t.test(x)$conf.int else c(NA, NA)
        reversals <- function(rows) {   # Wilson interval: prop.test without continuity correction
          r <- rows$front_back_reversal[!is.na(rows$front_back_reversal) & rows$front_back_reversal != ""]
          k <- sum(substr(r, 1, 1) %in% c("t", "T")); n <- length(r)
          if (n == 0) return(c(NA, NA, NA, NA))
          w <- prop.test(k, n, correct = FALSE)$conf.int
          c(k, k / n, if (k == 0) 0 else w[1], if (k == n) 1 else w[2])
        }
        stim <- do.call(rbind, lapply(unique(st$key), function(k) {
          rows <- st[st$key == k, ]
          pm <- aggregate(cbind(abs_deviation_deg, time_s) ~ participant, rows, mean)
          ci <- t_interval(pm$abs_deviation_deg); rv <- reversals(rows); bw <- rows$bw[!is.na(rows$bw)]
          data.frame(target = rows$target[1], stimulus_sha256 = rows$stimulus_sha256[1],
            bandwidth_oct = if (length(bw)) bw[1] else NA, n_trials = nrow(rows), n_participants = nrow(pm),
            mean_abs_deviation_deg = mean(pm$abs_deviation_deg), ci_low = ci[1], ci_high = ci[2],
            mean_time_s = mean(pm$time_s), front_back_reversals = rv[1], reversal_rate = rv[2],
            reversal_ci_low = rv[3], reversal_ci_high = rv[4])
        }))
        twice <- names(which(table(stim$target) > 1))   # one name for two files: the hash tells them apart
        stim$stimulus <- ifelse(stim$target %in% twice & stim$stimulus_sha256 != "",
          paste(stim$target, substr(stim$stimulus_sha256, 1, 8)), stim$target)
        stim <- stim[order(is.na(stim$bandwidth_oct), stim$bandwidth_oct, stim$target, stim$stimulus_sha256, method = "radix"), ]
        st$band <- floor(unname(setNames(stim$bandwidth_oct, paste(stim$target, stim$stimulus_sha256, sep = "|"))[st$key]))
        sb <- st[!is.na(st$band), ]
        bands <- do.call(rbind, lapply(sort(unique(sb$band)), function(b) {
          rows <- sb[sb$band == b, ]
          pm <- aggregate(abs_deviation_deg ~ participant, rows, mean)
          ci <- t_interval(pm$abs_deviation_deg); rv <- reversals(rows)
          data.frame(band = b, stimuli = length(unique(rows$key)), n_trials = nrow(rows), n_participants = nrow(pm),
            mean_abs_deviation_deg = mean(pm$abs_deviation_deg), ci_low = ci[1], ci_high = ci[2],
            front_back_reversals = rv[1], reversal_rate = rv[2])
        }))
        cat("\n"); print(stim[, c("stimulus", setdiff(names(stim), c("stimulus", "stimulus_sha256")))], digits = 5, row.names = FALSE)
        if (!is.null(bands)) { cat("\n"); print(bands, digits = 5, row.names = FALSE) }
        for (i in seq_len(nrow(stim))) for (k in setdiff(names(stim), c("stimulus", "target", "stimulus_sha256")))
          cat(sprintf("STIM|%s|%s|%.17g\n", stim$stimulus[i], k, stim[[k]][i]))
        if (!is.null(bands)) for (i in seq_len(nrow(bands))) for (k in names(bands)[-1])
          cat(sprintf("BAND|%d|%s|%.17g\n", as.integer(bands$band[i]), k, bands[[k]][i]))

        """

    /// lme4 + lmerTest calls for the report's trial-level models, refit tightly (bobyqa to 1e-12) so their digits
    /// compare with the report's (lme4's default optimizer stops at about 5 digits); "MIXED|..." lines at full precision.
    static func mixedModelSection(_ models: [ReportMixedModel]) -> String {
        let fitted = models.filter { $0.problem == nil }
        guard !fitted.isEmpty else { return "" }
        var r = """
            # Trial-level mixed models (the report's primary analysis), one random intercept per participant.
            suppressPackageStartupMessages({ library(lme4); library(lmerTest) })
            as_outcome <- function(x) as.integer(tolower(x) %in% c("true", "1", "yes", "t", "y"))
            tight <- list(rhoend = 1e-12, maxfun = 1e5)
            mixed <- function(measure, formula, is_binomial) {
              fit <- if (is_binomial) glmer(formula, trials, family = binomial, control = glmerControl(optimizer = "bobyqa", optCtrl = tight))
                     else lmer(formula, trials, control = lmerControl(optimizer = "bobyqa", optCtrl = tight))
              cat("\\n##", measure, "\\n"); print(summary(fit))
              co <- coef(summary(fit)); pcol <- if (is_binomial) "Pr(>|z|)" else "Pr(>|t|)"
              for (term in rownames(co)) cat(sprintf("MIXED|%s|%s|%.17g|%.17g|%.17g\\n", measure, term, co[term, "Estimate"], co[term, "Std. Error"], co[term, pcol]))
            }
            trials$front_back_confusion <- as_outcome(trials$front_back_confusion)

            """
        for model in fitted {
            r += "mixed(\(quote(model.measure)), \(model.formula), \(model.binomial ? "TRUE" : "FALSE"))\n"
        }
        return r
    }

    /// Paths relative to the script's own folder, so the report folder and the logs can be shared together.
    static func located(_ path: String, outputFolder: String?) -> String {
        guard let outputFolder else { return absolute(path) }
        return relative(absolute(path), from: absolute(outputFolder))
    }

    /// `path` relative to the folder `base` (both absolute): "../logs/P01/…/trials.csv".
    static func relative(_ path: String, from base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let origin = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(target.count, origin.count), target[shared] == origin[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: origin.count - shared) + target[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// An R string literal.
    static func quote(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func vector(_ items: [String]) -> String { "c(" + items.map(quote).joined(separator: ", ") + ")" }
}
