#!/usr/bin/env Rscript
# Reference numbers for `segmon eval boundaries --confidence` (docs/intervals.md, "Cross-check"):
# the same utterance-level ratio estimator computed by R's survey package, the utterance as the
# cluster of a with-replacement design (Lumley, "Analysis of complex survey samples", J. Stat.
# Softw. 9(8), 2004; svyratio's linearisation variance), with the interval survey's confint gives
# for the design's degrees of freedom: estimate -+ qt((1 + level)/2, degf(design)) * SE, where
# degf = clusters - strata = m - 1 (docs/contract.md 2.1.1).
#
#   Rscript docs/tools/intervals_survey.R streams-app/src/test/resources/intervals/utterance-counts.csv 0.95 \
#     > streams-app/src/test/resources/intervals/survey-intervals.csv
#
# Input: CSV corpus,utt,hits_hyp,hits_ref,n_hyp,n_ref (one row per scored utterance).
# Output: CSV corpus,measure,estimate,se,df,lower,upper with 17 significant digits; bounds
# clipped as docs/contract.md 2.1.1 says ([0, 1]; over-segmentation = ratio - 1, clipped below
# at -1).
suppressMessages(library(survey))
args <- commandArgs(trailingOnly = TRUE)
counts <- read.csv(args[1], stringsAsFactors = FALSE)
level <- if (length(args) > 1) as.numeric(args[2]) else 0.95
f <- function(x) trimws(formatC(x, digits = 17, format = "g"))
cat("corpus,measure,estimate,se,df,lower,upper\n")
for (corpus in unique(counts$corpus)) {
  d <- counts[counts$corpus == corpus, ]
  d$f1_a <- 2 * d$hits_hyp
  d$f1_b <- d$n_hyp + d$n_ref
  design <- suppressWarnings(svydesign(ids = ~utt, data = d))
  measures <- list(precision = c("hits_hyp", "n_hyp", 0, 0, 1), recall = c("hits_ref", "n_ref", 0, 0, 1),
                   f1 = c("f1_a", "f1_b", 0, 0, 1), os = c("n_hyp", "n_ref", -1, -1, Inf))
  for (name in names(measures)) {
    m <- measures[[name]]
    r <- svyratio(as.formula(paste0("~", m[1])), as.formula(paste0("~", m[2])), design)
    est <- as.numeric(coef(r)) + as.numeric(m[3])
    se <- as.numeric(SE(r))
    ci <- as.numeric(confint(r, level = level, df = degf(design))) + as.numeric(m[3])
    lo <- max(as.numeric(m[4]), ci[1])
    hi <- min(as.numeric(m[5]), ci[2])
    cat(corpus, name, f(est), f(se), degf(design), f(lo), f(hi), sep = ",")
    cat("\n")
  }
}
