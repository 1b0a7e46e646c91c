#!/usr/bin/env Rscript
# Reference numbers for `segmon eval boundaries --confidence` (docs/intervals.md, "Cross-check"),
# written out in R from R's survey package's standard error.
#
# The ratio estimator R = sum a_i / sum b_i and its linearised standard error SE come from
# survey::svyratio with the utterance as the cluster of a with-replacement design (Lumley,
# "Analysis of complex survey samples", J. Stat. Softw. 9(8), 2004: SE^2 = m/(m-1) *
# sum_i (a_i - R b_i)^2 / B^2). The interval of docs/contract.md 2.1.1 is then computed here,
# step by step, from the per-utterance data:
#   leverage  L = sum_i b_i^2 / B^2  (B = sum_i b_i)
#   SE_adj    = SE * sqrt(1 + 2 L)
#   t         = qt((1 + level)/2, degf(design)), degf = clusters - strata = m - 1
#   precision, recall, F1 (logit scale, survey's svyciprop(method = "logit")):
#             plogis(qlogis(R) -+ t * SE_adj / (R (1 - R))), [R, R] when R is 0 or 1 or SE_adj = 0
#   over-segmentation (log scale of y/r):
#             exp(log(R) -+ t * SE_adj / R) - 1, [R - 1, R - 1] when R = 0 or SE_adj = 0
#
#   Rscript docs/tools/intervals_survey.R streams-app/src/test/resources/intervals/utterance-counts.csv 0.95 \
#     > streams-app/src/test/resources/intervals/survey-intervals.csv
#
# Input: CSV corpus,utt,hits_hyp,hits_ref,n_hyp,n_ref (one row per scored utterance).
# Output: CSV corpus,measure,estimate,se,leverage,adjusted_se,df,lower,upper with 17 significant
# digits (estimate and bounds of over-segmentation as R - 1; se is svyratio's).
suppressMessages(library(survey))
args <- commandArgs(trailingOnly = TRUE)
counts <- read.csv(args[1], stringsAsFactors = FALSE)
level <- if (length(args) > 1) as.numeric(args[2]) else 0.95
f <- function(x) trimws(formatC(x, digits = 17, format = "g"))
cat("corpus,measure,estimate,se,leverage,adjusted_se,df,lower,upper\n")
for (corpus in unique(counts$corpus)) {
  d <- counts[counts$corpus == corpus, ]
  d$f1_a <- 2 * d$hits_hyp
  d$f1_b <- d$n_hyp + d$n_ref
  design <- suppressWarnings(svydesign(ids = ~utt, data = d))
  t <- qt((1 + level) / 2, degf(design))
  measures <- list(precision = c("hits_hyp", "n_hyp", "logit"), recall = c("hits_ref", "n_ref", "logit"),
                   f1 = c("f1_a", "f1_b", "logit"), os = c("n_hyp", "n_ref", "log"))
  for (name in names(measures)) {
    m <- measures[[name]]
    r <- svyratio(as.formula(paste0("~", m[1])), as.formula(paste0("~", m[2])), design)
    ratio <- as.numeric(coef(r))
    se <- as.numeric(SE(r))
    b <- d[[m[2]]]
    leverage <- sum(b^2) / sum(b)^2
    se_adj <- se * sqrt(1 + 2 * leverage)
    if (m[3] == "logit") {
      if (se_adj == 0 || ratio <= 0 || ratio >= 1) {
        ci <- c(ratio, ratio)
      } else {
        h <- t * se_adj / (ratio * (1 - ratio))
        ci <- plogis(qlogis(ratio) + c(-h, h))
      }
      est <- ratio
    } else {
      if (se_adj == 0 || ratio <= 0) {
        ci <- c(ratio, ratio) - 1
      } else {
        h <- t * se_adj / ratio
        ci <- exp(log(ratio) + c(-h, h)) - 1
      }
      est <- ratio - 1
    }
    cat(corpus, name, f(est), f(se), f(leverage), f(se_adj), degf(design), f(ci[1]), f(ci[2]), sep = ",")
    cat("\n")
  }
}
