package dev.segmon.app.web;

/** The evidence at a minute: the largest logStatistic/logThreshold over the series' measures (>= 1 means a change is called). */
public record EvidencePoint(long epochMillis, double evidence) {
}
