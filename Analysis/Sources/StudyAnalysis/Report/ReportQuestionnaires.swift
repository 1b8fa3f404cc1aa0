// The report's questionnaire section: each instrument's baseline vs follow-up, its table, and the R code that recomputes it.
import Foundation

enum ReportQuestionnaires {
    /// The analysis of the questionnaires.csv files below the report's input folders, for the report's participants,
    /// learning read from the trials the report's filters keep; nil when there are none.
    static func analyse(inputs: [String], participants: Set<String>, trialFilters: [RowFilter] = []) throws
        -> QuestionnaireResult?
    {
        let folders = inputs.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        guard try folders.contains(where: { try !StudyData.files(named: "questionnaires.csv", under: $0).isEmpty })
        else { return nil }
        let all = try QuestionnaireData.load(paths: folders, trialFilters: trialFilters)
        let data = QuestionnaireData(
            scores: all.scores.filter { participants.contains($0.participant) }, withoutTotal: all.withoutTotal,
            unfinished: all.unfinished, trials: all.trials.filter { participants.contains($0.key) },
            instruments: all.instruments, files: all.files)
        guard !data.scores.isEmpty else { return nil }
        return QuestionnaireAnalysis.run(data)
    }

    /// One fact per instrument: the pairs, the tests and the association with learning.
    static func facts(_ result: QuestionnaireResult) -> [String] {
        result.comparisons.map { c in
            var text = "Questionnaire \(c.instrument), baseline vs follow-up (\(c.participants.count) participants): "
            if let t = c.pairedT {
                text +=
                    "mean change \(RFormat.signif(t.meanDifference, 4)) [95% CI \(RFormat.signif(t.ciLow, 4)), \(RFormat.signif(t.ciHigh, 4))], "
                    + "paired t(\(RFormat.signif(t.df, 4))) = \(RFormat.signif(t.t, 4)), p = \(RFormat.pValue(t.p, digits: 3)), "
                    + "d_z = \(RFormat.signif(t.cohenD, 3))"
                    + (t.cohenDCI.map { " [\(RFormat.signif($0.low, 3)), \(RFormat.signif($0.high, 3))]" } ?? "")
            } else {
                text += "no paired test"
            }
            if let w = c.wilcoxon {
                text += "; Wilcoxon V = \(RFormat.signif(w.statistic, 4)), p = \(RFormat.pValue(w.p, digits: 3))"
            }
            if let r = c.association.r, let p = c.association.p {
                text +=
                    "; change vs learning slope (abs_deviation_deg per session) r = \(RFormat.signif(r, 3)), p = \(RFormat.pValue(p, digits: 3))"
            }
            // The report computes no reliable change index (`questionnaires --instrument-file` does).
            let notes = (c.note ?? "").components(separatedBy: "; ").filter {
                !$0.isEmpty && !$0.hasPrefix("no reliable change index")
            }
            if !notes.isEmpty { text += " (\(notes.joined(separator: "; ")))" }
            return text
        }
    }

    static let csvHeader = ["instrument", "participant", "baseline", "follow_up", "change", "learning_slope"]

    static func csvRows(_ result: QuestionnaireResult) -> [[String]] {
        result.comparisons.flatMap { c in
            c.participants.map { p in
                [
                    c.instrument, p.participant, num(p.baseline), num(p.followUp), num(p.change),
                    p.learningSlope.map(num) ?? "",
                ]
            }
        }
    }

    static func num(_ x: Double) -> String { String(format: "%.17g", x) }

    /// Base R only, self-contained (it reads the questionnaires.csv files itself): per instrument the first finished
    /// baseline and last follow-up, t.test, wilcox.test, d_z, lm slopes and cor.test; "QUEST|…" lines at full
    /// precision for comparison with the report.
    static func rSection(files: [String], trialsFiles: String = "files", participants: [String]) -> String {
        """

        # ---- questionnaires (soundsafari-analyze questionnaires): baseline vs follow-up per instrument ----
        quest_files <- file.path(here, \(ReportRScript.vector(files)))
        quest_people <- \(ReportRScript.vector(participants))
        q <- do.call(rbind, lapply(quest_files, read.csv, colClasses = "character"))
        q <- q[q$record == "finished" & q$value != "" & q$participant %in% quest_people, ]
        q$total <- as.numeric(q$value)
        quest_trials <- do.call(rbind, lapply(\(trialsFiles), function(f) { d <- read.csv(f, colClasses = "character")
          if (!is.null(d$skipped)) d <- d[!(toupper(d$skipped) %in% c("TRUE", "1")), ]   # skipped animals: no photo
          d[, c("participant", "session_index", "abs_deviation_deg")] }))
        quest_trials$session_index <- as.numeric(quest_trials$session_index)
        quest_trials$abs_deviation_deg <- as.numeric(quest_trials$abs_deviation_deg)
        for (instrument in sort(unique(q$instrument))) {
          d <- q[q$instrument == instrument, ]
          pairs <- do.call(rbind, lapply(sort(unique(d$participant)), function(p) {
            b <- d[d$participant == p & d$moment == "baseline", ]; f <- d[d$participant == p & d$moment == "follow_up", ]
            if (nrow(b) == 0 || nrow(f) == 0) return(NULL)
            b <- b[order(b$recorded_at), ]; f <- f[order(f$recorded_at), ]
            data.frame(participant = p, baseline = b$total[1], follow_up = f$total[nrow(f)])
          }))
          if (is.null(pairs) || nrow(pairs) < 2) next
          pairs$change <- pairs$follow_up - pairs$baseline
          pairs$slope <- sapply(pairs$participant, function(p) {
            x <- quest_trials[quest_trials$participant == p, ]
            if (length(unique(x$session_index)) < 2) NA else coef(lm(abs_deviation_deg ~ session_index, x))[["session_index"]] })
          cat("\\n## Questionnaire", instrument, "\\n"); print(pairs, row.names = FALSE)
          t <- t.test(pairs$follow_up, pairs$baseline, paired = TRUE); print(t)
          w <- suppressWarnings(wilcox.test(pairs$follow_up, pairs$baseline, paired = TRUE))
          cat(sprintf("QUEST|%s|%s|%.17g\\n", instrument, c("t", "df", "p", "mean_change", "dz", "wilcoxon_v", "wilcoxon_p"),
            c(t$statistic, t$parameter, t$p.value, t$estimate, mean(pairs$change) / sd(pairs$change), w$statistic, w$p.value)), sep = "")
          ok <- !is.na(pairs$slope)
          if (sum(ok) >= 3) { r <- cor.test(pairs$change[ok], pairs$slope[ok])
            cat(sprintf("QUEST|%s|%s|%.17g\\n", instrument, c("association_r", "association_p"), c(r$estimate, r$p.value)), sep = "") }
        }

        """
    }
}
