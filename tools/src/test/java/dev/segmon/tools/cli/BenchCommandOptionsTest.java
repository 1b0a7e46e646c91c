package dev.segmon.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.cli.CliRun;
import dev.segmon.app.cli.SegmonCommand;
import dev.segmon.tools.bench.Bench;
import dev.segmon.tools.bench.BenchResult;
import dev.segmon.tools.bench.CloseTimes;
import dev.segmon.tools.bench.Latency;
import dev.segmon.tools.bench.LatencyRuns;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code segmon bench}'s sampled-reference options and the JSON fields they add ({@link BenchReport}); nothing is started. */
class BenchCommandOptionsTest {

    @Test
    void everyUtteranceIsReferencedAndNothingDeclaredByDefault() {
        BenchCommand bench = parse();
        assertEquals(1.0, bench.referenceShare);
        assertEquals(false, bench.declare);
    }

    @Test
    void aShareAndTheDeclarationAreReadUnderEitherName() {
        BenchCommand a = parse("--reference-share", "0.02", "--declare");
        assertEquals(0.02, a.referenceShare);
        assertTrue(a.declare);
        assertTrue(parse("--soak", "--reference-share", "0.02", "--declared").declare);
    }

    @Test
    void theWarmUpSettlesForTwoMinutesAtMostByDefaultAndZeroTurnsItOff() {
        assertEquals(5.0, parse().latencyWarmupSeconds);
        assertEquals(120.0, parse().latencySettleSeconds);
        assertEquals(0.0, parse("--latency-settle", "0").latencySettleSeconds);
        CliRun run = CliRun.of("bench", "--latency-settle", "-1");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--latency-settle >= 0"), run.err());
    }

    @Test
    void theJsonSaysHowLongTheWarmUpRanAndWhetherTheCompilersHadSettled() {
        Map<String, Object> json = BenchReport.toJson(result(new Latency(930, 0.05, 0.12, 0.2)));
        assertEquals(65.0, json.get("latency_warmup_s"));
        assertEquals(0.21, json.get("latency_warmup_p99_s"));
        assertEquals(0.02, json.get("latency_warmup_compiler_cores"));
        assertEquals(true, json.get("latency_warmup_settled"));
        assertEquals(15.0, json.get("passthrough_latency_warmup_s"));
        assertEquals(true, json.get("passthrough_latency_warmup_settled"));
        Map<String, Object> alone = BenchReport.toJson(result(null));
        assertTrue(alone.containsKey("passthrough_latency_warmup_s"));
        assertEquals(null, alone.get("passthrough_latency_warmup_s"));
    }

    @Test
    void theThroughputWarmUpSettlesInFourMoreRunsAtMostByDefaultAndZeroTurnsItOff() {
        assertEquals(2, parse().warmup);
        assertEquals(4, parse().warmupSettle);
        assertEquals(0, parse("--warmup-settle", "0").warmupSettle);
        CliRun run = CliRun.of("bench", "--warmup-settle", "-1");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--warmup and --warmup-settle >= 0"), run.err());
    }

    @Test
    void theJsonSaysHowManyWarmUpRunsRanWhetherTheJitSettledAndHowMuchItCompiledInEachMeasuredRun() {
        Map<String, Object> json = BenchReport.toJson(result(new Latency(930, 0.05, 0.12, 0.2)));
        assertEquals(4, json.get("warmup_runs"));
        assertEquals(true, json.get("warmup_settled"));
        assertEquals(List.of(0.041), json.get("passthrough_runs_jit_share")); // 0.0412 to three places
        assertEquals(java.util.Collections.singletonList(null), json.get("monitor_runs_jit_share")); // NaN: not measured
        assertEquals(List.of(), BenchReport.toJson(result(null)).get("passthrough_runs_jit_share"));
    }

    @Test
    void thePairedRatioIsTheMedianOfEachPairsOwnRatioWhereTheRatioOfMediansMixesRuns() {
        // A bench whose machine slowed for its last two monitor runs and last pass-through:
        // pairs 409 690 / 496 929 = 0.8244, 280 801 / 443 500 = 0.6331, 288 372 / 325 976 = 0.8846;
        // their median 0.824, where the medians give 288 372 / 443 500 = 0.650.
        BenchResult slowed = result(null, dev.segmon.tools.bench.SliceBooking.NONE,
                List.of(496_929.0, 443_500.0, 325_976.0), List.of(409_690.0, 280_801.0, 288_372.0));
        Map<String, Object> json = BenchReport.toJson(slowed);
        assertEquals(0.824, json.get("paired_ratio"));
        assertEquals(0.65, json.get("ratio"));
        BenchResult alone = result(null, dev.segmon.tools.bench.SliceBooking.NONE, List.of(), List.of(409_690.0));
        assertEquals(null, BenchReport.toJson(alone).get("paired_ratio"));
    }

    @Test
    void fiveThroughputRunsAndThreeLatencyPhasesAreMeasuredByDefaultAndNoneIsAUsageError() {
        assertEquals(5, parse().repeat);
        assertEquals(3, parse().latencyRepeat);
        assertEquals(1, parse("--latency-repeat", "1").latencyRepeat);
        CliRun run = CliRun.of("bench", "--latency-repeat", "0");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--latency-repeat must be >= 1"), run.err());
    }

    @Test
    void theJsonGivesTheMedianPhasesP99EveryPhasesAndAllOfThemTogether() {
        // Three phases of 310 utterances with p99 0.12, 0.334 and 0.15 s: the median is 0.15 s.
        // The pooled p99 (0.30 s here) is given beside it; max and count are over all of them.
        LatencyRuns monitor = new LatencyRuns(List.of(new Latency(310, 0.05, 0.12, 0.2),
                new Latency(310, 0.07, 0.334, 0.41), new Latency(310, 0.06, 0.15, 0.18)), new Latency(930, 0.06, 0.30, 0.41));
        BenchResult r = result(null);
        BenchResult three = new BenchResult(r.events(), r.utterances(), r.partitions(), r.produceRecordsPerSecond(), r.passThroughRates(),
                r.monitorRates(), r.scoredPerModel(), r.latencyRate(), monitor, r.fullScrapeSeconds(), r.processingGuarantee(), r.sendWords(),
                r.passThroughCpu(), r.monitorCpu(), r.close(), r.words(), r.passThroughStreamCpu(), r.monitorStreamCpu(), r.references(),
                r.passThroughLatency(), r.outcomes(), r.slices(), r.latencyWarmup(), r.passThroughWarmup(), r.throughputWarmup(),
                r.passThroughCompiling(), r.monitorCompiling(), r.latencySenderCpuPerThousand(), r.latencyStreamCpuPerThousand(),
                r.latencyConcurrentGcCores());
        Map<String, Object> json = BenchReport.toJson(three);
        assertEquals(0.15, json.get("latency_p99_s"));
        assertEquals(0.06, json.get("latency_p50_s"));
        assertEquals(0.41, json.get("latency_max_s"));
        assertEquals(930, json.get("latency_samples"));
        assertEquals(List.of(0.12, 0.334, 0.15), json.get("latency_runs_p99_s"));
        assertEquals(List.of(0.05, 0.07, 0.06), json.get("latency_runs_p50_s"));
        assertEquals(0.30, json.get("latency_pooled_p99_s"));
        assertEquals(null, json.get("passthrough_latency_runs_p99_s"));
        assertEquals(List.of(0.12), BenchReport.toJson(result(new Latency(930, 0.05, 0.12, 0.2))).get("passthrough_latency_runs_p99_s"));
    }

    @Test
    void theJsonSetsTheStreamThreadsCpuPerRecordWhilePacedAgainstTheThroughputRuns() {
        // 10.8 ms per 1000 records in the latency phases against the throughput runs' 9.0 ms: 1.2,
        // a machine that had slowed after the runs that set the half rate.
        Map<String, Object> json = BenchReport.toJson(result(null));
        assertEquals(10.8, json.get("latency_stream_thread_cpu_ms_per_1000_records"));
        assertEquals(1.2, json.get("latency_to_throughput_stream_cpu"));
    }

    @Test
    void theJsonGivesThePacedSendersCpuPerThousandRecordsToFourPlaces() {
        assertEquals(0.0971, BenchReport.toJson(result(null)).get("latency_sender_cpu_ms_per_1000_records"));
    }

    @Test
    void sliceKeysAreReadForBenchAndSoakAndNoneByDefault() {
        assertEquals(List.of(), parse().sliceKeys);
        assertEquals(List.of("lang", "domain"), parse("--slice-keys", "lang,domain").sliceKeys);
        assertEquals(List.of("domain"), parse("--soak", "--slice-keys", "domain").sliceKeys);
    }

    @Test
    void aSliceKeyTheCorpusDoesNotLabelIsAUsageError() {
        CliRun run = CliRun.of("bench", "--slice-keys", "lang,device");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("carry the labels lang, domain, not device"), run.err());
    }

    @Test
    void theJsonRecordsTheSliceKeysAndTheValuesBooked() {
        Map<String, Object> none = BenchReport.toJson(result(null));
        assertEquals(List.of(), none.get("slice_keys"));
        assertEquals(null, none.get("slice_values_booked"));
        BenchResult sliced = result(null, new dev.segmon.tools.bench.SliceBooking(List.of("lang", "domain"), Map.of("lang", 20, "domain", 4)));
        assertEquals(List.of("lang", "domain"), BenchReport.toJson(sliced).get("slice_keys"));
        assertEquals(Map.of("lang", 20, "domain", 4), BenchReport.toJson(sliced).get("slice_values_booked"));
    }

    @Test
    void aShareOutsideZeroToOneIsAUsageError() {
        for (String share : List.of("0", "-0.1", "1.01", "NaN")) {
            CliRun run = CliRun.of("bench", "--reference-share", share);
            assertEquals(2, run.exit(), share + ": " + run.err());
            assertTrue(run.err().contains("--reference-share must be > 0 and <= 1"), run.err());
        }
    }

    @Test
    void theJsonGivesTheShareTheReferencedUtterancesAndTheLatencyAgainstThePassThrough() {
        // Monitor p99 0.30 s against the pass-through's 0.12 s: 0.30 / 0.12 = 2.5.
        Map<String, Object> json = BenchReport.toJson(result(new Latency(930, 0.05, 0.12, 0.2)));
        assertEquals(0.02, json.get("reference_share"));
        assertEquals(930L, json.get("referenced_utterances"));
        assertEquals(true, json.get("references_declared"));
        assertEquals(Map.of("scored", 1860L, "unreferenced", 91_334L), json.get("outcomes"));
        assertEquals(930, json.get("passthrough_latency_samples"));
        assertEquals(0.12, json.get("passthrough_latency_p99_s"));
        assertEquals(2.5, json.get("latency_p99_ratio_to_passthrough"));
    }

    @Test
    void withoutThePassThroughItsLatencyFieldsAreNull() {
        Map<String, Object> json = BenchReport.toJson(result(null));
        assertTrue(json.containsKey("passthrough_latency_p99_s"));
        assertEquals(null, json.get("passthrough_latency_p99_s"));
        assertEquals(null, json.get("latency_p99_ratio_to_passthrough"));
    }

    /** A sampled run's figures: 47 597 utterances, 930 referenced (declared), latency p99 0.30 s. */
    private static BenchResult result(Latency passThrough) {
        return result(passThrough, dev.segmon.tools.bench.SliceBooking.NONE);
    }

    @Test
    void theJsonGivesTheCoresOfG1sConcurrentThreadsInEachPhase() {
        // 0.0304 cores in the first phase, a marking cycle's 0.24 in the second, none readable in
        // the third (no /proc): 0.03, 0.24 and null.
        List<Object> expected = new java.util.ArrayList<>(List.of(0.03, 0.24));
        expected.add(null);
        assertEquals(expected, BenchReport.toJson(result(null)).get("latency_runs_concurrent_gc_cores"));
    }

    private static BenchResult result(Latency passThrough, dev.segmon.tools.bench.SliceBooking slices) {
        return result(passThrough, slices, passThrough == null ? List.of() : List.of(600_000.0), List.of(500_000.0));
    }

    private static BenchResult result(Latency passThrough, dev.segmon.tools.bench.SliceBooking slices, List<Double> passThroughRates,
                                       List<Double> monitorRates) {
        return new BenchResult(2_000_000, 47_597, 4, 900_000, passThroughRates, monitorRates, 930,
                250_000, one(new Latency(930, 0.06, 0.30, 0.41)), 0.2, "exactly_once_v2", true,
                passThrough == null ? List.of() : List.of(10.0), List.of(14.0), new CloseTimes(0.1, 5, 1860, 0.05, 1), 20,
                passThrough == null ? List.of() : List.of(5.0), List.of(9.0),
                new Bench.References(0.02, 930, true), passThrough == null ? null : one(passThrough), Map.of("scored", 1860L, "unreferenced", 91_334L),
                slices, new Bench.Warmup(65, 0.21, 0.02, true), passThrough == null ? Bench.Warmup.NONE : new Bench.Warmup(15, 0.08, 0.01, true),
                new Bench.ThroughputWarmup(4, true), passThrough == null ? List.of() : List.of(0.0412), List.of(Double.NaN), 0.09712, 10.8,
                List.of(0.0304, 0.24, Double.NaN));
    }

    /** A single measured phase: its figures are the summary's and the pooled ones. */
    private static LatencyRuns one(Latency phase) {
        return new LatencyRuns(List.of(phase), phase);
    }

    private static BenchCommand parse(String... args) {
        String[] line = new String[args.length + 1];
        line[0] = "bench";
        System.arraycopy(args, 0, line, 1, args.length);
        CommandLine.ParseResult parsed = SegmonCommand.commandLine().parseArgs(line);
        return (BenchCommand) parsed.subcommand().commandSpec().userObject();
    }
}
