package dev.segmon.app.web;

/** One measure's detector: ln of the statistic and of its threshold, whether called, the estimated start (epoch ms, null when none) and size of the change (signed, in the measure's units, e.g. -0.031 recall). */
public record MeasureChange(String measure, double logStatistic, double logThreshold, boolean called, Long sinceMillis, double estimate) {
}
