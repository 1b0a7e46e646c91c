package dev.segmon.tools.cli;

import dev.segmon.tools.bench.Bench;
import dev.segmon.tools.bench.BenchResult;
import dev.segmon.tools.bench.Latency;
import dev.segmon.tools.bench.LatencyRuns;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What {@code segmon bench} prints of a {@link BenchResult}: a table, or with {@code --json} one JSON object. */
final class BenchReport {
    private BenchReport() {
    }

    /** The bench's figures as the one JSON object of {@code segmon bench --json}; a figure not measured is null. */
    static Map<String, Object> toJson(BenchResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", r.events());
        m.put("utterances", r.utterances());
        m.put("partitions", r.partitions());
        m.put("processing_guarantee", r.processingGuarantee());
        m.put("produce_records_per_s", Math.round(r.produceRecordsPerSecond()));
        m.put("passthrough_records_per_s", r.passThroughRates().isEmpty() ? null : Math.round(r.passThroughRecordsPerSecond()));
        m.put("monitor_records_per_s", Math.round(r.monitorRecordsPerSecond()));
        m.put("ratio", r.passThroughRates().isEmpty() ? null : round(r.ratio(), 3));
        m.put("paired_ratio", nullIfNaN(round(r.pairedRatio(), 3)));
        m.put("hypotheses", r.sendWords() ? "words" : "boundaries");
        m.put("passthrough_cpu_ms_per_1000_records", r.passThroughCpu().isEmpty() ? null : round(r.passThroughCpuPerThousand(), 2));
        m.put("monitor_cpu_ms_per_1000_records", round(r.monitorCpuPerThousand(), 2));
        m.put("passthrough_stream_thread_cpu_ms_per_1000_records", r.passThroughStreamCpu().isEmpty() ? null : round(r.passThroughStreamCpuPerThousand(), 2));
        m.put("monitor_stream_thread_cpu_ms_per_1000_records", round(r.monitorStreamCpuPerThousand(), 2));
        m.put("words_per_utterance", r.words());
        m.put("close_ms_mean", round(r.close().meanMs(), 4));
        m.put("close_ms_max", round(r.close().maxMs(), 4));
        m.put("close_cpu_ms_mean", round(r.close().cpuMeanMs(), 4));
        m.put("close_cpu_ms_max", round(r.close().cpuMaxMs(), 4));
        m.put("warmup_runs", r.warmupRuns());
        m.put("warmup_settled", r.throughputWarmup().settled());
        m.put("passthrough_runs_jit_share", r.passThroughCompiling().stream().map(x -> nullIfNaN(round(x, 3))).toList());
        m.put("monitor_runs_jit_share", r.monitorCompiling().stream().map(x -> nullIfNaN(round(x, 3))).toList());
        m.put("passthrough_runs", r.passThroughRates().stream().map(Math::round).toList());
        m.put("monitor_runs", r.monitorRates().stream().map(Math::round).toList());
        m.put("reference_share", r.references().share());
        m.put("referenced_utterances", r.references().referenced());
        m.put("references_declared", r.references().declared());
        m.put("scored_utterances_per_model", r.scoredPerModel());
        m.put("outcomes", r.outcomes());
        m.put("slice_keys", r.slices().keys());
        m.put("slice_values_booked", r.slices().keys().isEmpty() ? null : r.slices().valuesBooked());
        m.put("latency_rate_records_per_s", Math.round(r.latencyRate()));
        m.put("latency_samples", r.latencySamples());
        m.put("latency_p50_s", round(r.latencyP50(), 4));
        m.put("latency_p99_s", round(r.latencyP99(), 4));
        m.put("latency_max_s", round(r.latencyMax(), 4));
        m.put("latency_runs_p50_s", r.latency().runs().stream().map(l -> round(l.p50(), 4)).toList());
        m.put("latency_runs_p99_s", r.latency().runs().stream().map(l -> round(l.p99(), 4)).toList());
        m.put("latency_pooled_p99_s", round(r.latency().pooled().p99(), 4));
        m.put("latency_sender_cpu_ms_per_1000_records", nullIfNaN(round(r.latencySenderCpuPerThousand(), 4)));
        m.put("latency_stream_thread_cpu_ms_per_1000_records", nullIfNaN(round(r.latencyStreamCpuPerThousand(), 2)));
        m.put("latency_to_throughput_stream_cpu", nullIfNaN(round(r.latencyToThroughputStreamCpu(), 2)));
        List<Double> concurrentGc = new ArrayList<>(); // null where /proc could not be read: not a List.of
        r.latencyConcurrentGcCores().forEach(c -> concurrentGc.add(nullIfNaN(round(c, 3))));
        m.put("latency_runs_concurrent_gc_cores", concurrentGc);
        m.put("latency_warmup_s", r.latencyWarmup().seconds());
        m.put("latency_warmup_p99_s", nullIfNaN(round(r.latencyWarmup().p99(), 4)));
        m.put("latency_warmup_compiler_cores", nullIfNaN(round(r.latencyWarmup().compilerCores(), 3)));
        m.put("latency_warmup_settled", r.latencyWarmup().settled());
        LatencyRuns passRuns = r.passThroughLatency();
        Latency pass = passRuns == null ? null : passRuns.summary();
        m.put("passthrough_latency_samples", pass == null ? null : pass.samples());
        m.put("passthrough_latency_p50_s", pass == null ? null : round(pass.p50(), 4));
        m.put("passthrough_latency_p99_s", pass == null ? null : round(pass.p99(), 4));
        m.put("passthrough_latency_max_s", pass == null ? null : round(pass.max(), 4));
        m.put("passthrough_latency_runs_p99_s", passRuns == null ? null : passRuns.runs().stream().map(l -> round(l.p99(), 4)).toList());
        m.put("passthrough_latency_pooled_p99_s", passRuns == null ? null : round(passRuns.pooled().p99(), 4));
        m.put("passthrough_latency_warmup_s", pass == null ? null : r.passThroughWarmup().seconds());
        m.put("passthrough_latency_warmup_settled", pass == null ? null : r.passThroughWarmup().settled());
        m.put("latency_p99_ratio_to_passthrough", pass == null ? null : round(r.latencyP99Ratio(), 2));
        m.put("full_scrape_p50_s", round(r.fullScrapeSeconds(), 4));
        return m;
    }

    /** The bench's figures as the table {@code segmon bench} prints. */
    static void print(PrintWriter out, BenchResult r) {
        out.printf(Locale.ROOT, "events        %d (%d utterances x 2 models, %d partitions per topic; hypotheses as %s)%n", r.events(), r.utterances(),
                r.partitions(), r.sendWords() ? "words" : "bare boundaries");
        out.printf(Locale.ROOT, "references    %d of %d utterances (share %s, %s)%n", r.references().referenced(), r.utterances(),
                r.references().share(), r.references().declared() ? "declared" : "undeclared");
        if (!r.slices().keys().isEmpty()) {
            out.printf(Locale.ROOT, "slices        %s: values booked %s; per key the slices' hits sum to the pooled hits%n",
                    String.join(",", r.slices().keys()), r.slices().valuesBooked());
        }
        out.printf(Locale.ROOT, "produce       %.0f records/s%n", r.produceRecordsPerSecond());
        Boolean settled = r.throughputWarmup().settled();
        out.printf(Locale.ROOT, "warm-up       %d run(s) of each application first, not counted%s%n", r.warmupRuns(),
                settled == null ? "" : settled ? "; the JIT had settled" : "; the JIT had not settled");
        if (!r.passThroughRates().isEmpty()) {
            out.printf(Locale.ROOT, "pass-through  %.0f records/s (median of %s)%n", r.passThroughRecordsPerSecond(), runs(r.passThroughRates()));
        }
        out.printf(Locale.ROOT, "monitor       %.0f records/s (median of %s; %s)%n", r.monitorRecordsPerSecond(), runs(r.monitorRates()), r.processingGuarantee());
        out.printf(Locale.ROOT, "close         %.3f ms mean, %.3f ms max per utterance closed (%d words each; last measured run);"
                        + " CPU %.3f ms mean, %.3f ms max%n",
                r.close().meanMs(), r.close().maxMs(), r.words(), r.close().cpuMeanMs(), r.close().cpuMaxMs());
        out.printf(Locale.ROOT, "CPU           monitor %.2f ms per 1000 records%s (median, in the application's JVM)%n", r.monitorCpuPerThousand(),
                r.passThroughCpu().isEmpty() ? "" : String.format(Locale.ROOT, ", pass-through %.2f ms", r.passThroughCpuPerThousand()));
        out.printf(Locale.ROOT, "              stream threads: monitor %.2f ms%s (median, the work per record without JIT, GC and the producer's thread)%n",
                r.monitorStreamCpuPerThousand(),
                r.passThroughStreamCpu().isEmpty() ? "" : String.format(Locale.ROOT, ", pass-through %.2f ms", r.passThroughStreamCpuPerThousand()));
        if (!r.passThroughRates().isEmpty()) {
            out.printf(Locale.ROOT, "ratio         %.2f (of the medians); %.2f paired (the median of each pair's own ratio)%n", r.ratio(), r.pairedRatio());
        }
        out.printf(Locale.ROOT, "latency       p50 %.3f s, p99 %.3f s, max %.3f s (%d references at %.0f records/s)%n",
                r.latencyP50(), r.latencyP99(), r.latencyMax(), r.latencySamples(), r.latencyRate());
        if (r.latency().runs().size() > 1) {
            out.printf(Locale.ROOT, "              medians of %d phases (p99 %s); p99 of all together %.3f s%n",
                    r.latency().runs().size(), p99s(r.latency()), r.latency().pooled().p99());
        }
        out.printf(Locale.ROOT, "              stream threads %.2f ms per 1000 records, %.2f times their CPU per record in the throughput runs%n",
                r.latencyStreamCpuPerThousand(), r.latencyToThroughputStreamCpu());
        if (r.latencyWarmup().seconds() > 0) {
            Bench.Warmup w = r.latencyWarmup();
            out.printf(Locale.ROOT, "              after %.0f s of paced warm-up (p99 %.3f s, not counted)%s%n", w.seconds(), w.p99(),
                    w.settled() == null ? "" : w.settled() ? "; the JIT compilers had settled" : "; the JIT compilers had not settled");
        }
        if (r.passThroughLatency() != null) {
            Latency pass = r.passThroughLatency().summary();
            out.printf(Locale.ROOT, "pass-through  p50 %.3f s, p99 %.3f s, max %.3f s (%d references at the same rate); monitor p99 / pass-through p99 %.2f%n",
                    pass.p50(), pass.p99(), pass.max(), pass.samples(), r.latencyP99Ratio());
        }
        out.printf(Locale.ROOT, "full scrape   %.3f s (median; all ~2 800 series of /metrics)%n", r.fullScrapeSeconds());
        out.flush();
    }

    private static String p99s(LatencyRuns runs) {
        return String.join(", ", runs.runs().stream().map(l -> String.format(Locale.ROOT, "%.3f", l.p99())).toList());
    }

    private static String runs(java.util.List<Double> rates) {
        return String.join(", ", rates.stream().map(x -> String.format(Locale.ROOT, "%.0f", x)).toList());
    }

    /** JSON has no NaN: a figure that was not measured is null. */
    private static Double nullIfNaN(double v) {
        return Double.isNaN(v) ? null : v;
    }

    /** {@code v} to {@code digits} places; NaN stays NaN (Math.round would make it 0), for nullIfNaN to see. */
    private static double round(double v, int digits) {
        if (Double.isNaN(v)) {
            return v;
        }
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
