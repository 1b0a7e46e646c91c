package dev.segmon.tools.bench;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * How long the monitor took to close an utterance in the last measured run, from its
 * {@code close-latency-avg} / {@code -max} sensors (ms of wall time; the max over the client's
 * sample window, about the last minute), over its tasks: the mean weighted by closes, and the
 * max; and the same of the stream thread's CPU time on one close in 16 ({@code close-cpu-latency-avg|max}), which
 * leaves out the pauses of the whole JVM that fall inside a close.
 */
public record CloseTimes(double meanMs, double maxMs, long closes, double cpuMeanMs, double cpuMaxMs) {
    static CloseTimes of(Map<MetricName, ? extends Metric> metrics) {
        double[] wall = meanAndMax(metrics, "close-latency", "close-total");
        double[] cpu = meanAndMax(metrics, "close-cpu-latency", "close-cpu-total");
        return new CloseTimes(wall[0], wall[1], (long) wall[2], cpu[0], cpu[1]);
    }

    /** The mean over the tasks weighted by their counts, the max, and the count, of one sensor. */
    private static double[] meanAndMax(Map<MetricName, ? extends Metric> metrics,
                                       String latency, String total) {
        double weighted = 0;
        double max = Double.NaN;
        long closes = 0;
        Map<String, double[]> byTask = new HashMap<>();
        metrics.forEach((name, metric) -> {
            if (!name.group().equals("stream-segmon-metrics") || !(metric.metricValue() instanceof Double v)) {
                return;
            }
            double[] avgMaxTotal = byTask.computeIfAbsent(name.tags().toString(), k -> new double[] {Double.NaN, Double.NaN, 0});
            if (name.name().equals(latency + "-avg")) {
                avgMaxTotal[0] = v;
            } else if (name.name().equals(latency + "-max")) {
                avgMaxTotal[1] = v;
            } else if (name.name().equals(total)) {
                avgMaxTotal[2] = v;
            }
        });
        for (double[] t : byTask.values()) {
            if (t[2] > 0 && !Double.isNaN(t[0])) {
                weighted += t[0] * t[2];
                closes += (long) t[2];
            }
            if (!Double.isNaN(t[1])) {
                max = Double.isNaN(max) ? t[1] : Math.max(max, t[1]);
            }
        }
        return new double[] {closes == 0 ? Double.NaN : weighted / closes, max, closes};
    }
}
