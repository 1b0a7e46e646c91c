package dev.segmon.app.web;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * A monitor's figures made up for the page's browser tests, without Kafka: models of fixed recall
 * and over-segmentation scored on the same utterances, every minute of the last {@code minutes}
 * (wall clock) filled, and comparisons of some of them. Each minute's utterances and their counts
 * follow from the minute alone, so two reads of the same minutes agree.
 */
final class SyntheticMonitor implements WindowSource, OverviewSource {
    static final String TIER = "word";
    private static final long MINUTE = 60_000L;

    /** A model: hits per reference boundary, hypothesis boundaries per reference boundary minus 1, word errors per reference word. */
    record Model(String name, double recall, double os, double wer) {
    }

    private final Map<String, Model> models = new TreeMap<>();
    private final List<PairTier> comparisons = new ArrayList<>();
    private final int minutes;
    private final LongSupplier clock;

    SyntheticMonitor(List<Model> models, List<PairTier> comparisons, int minutes, LongSupplier clock) {
        models.forEach(m -> this.models.put(m.name(), m));
        this.comparisons.addAll(comparisons);
        this.minutes = minutes;
        this.clock = clock;
    }

    /** The counter the live page's model picker lists models by, for each model. */
    void register(PrometheusMeterRegistry registry) {
        for (Model m : models.values()) {
            registry.counter("segmon.hypothesis.boundaries", Tags.of("model", m.name(), "tier", TIER)).increment(1000);
        }
    }

    @Override
    public List<MinuteTotals> local(String model, String tier, long fromMs, long toMs) {
        Model m = models.get(model);
        List<MinuteTotals> out = new ArrayList<>();
        if (m == null || !tier.equals(TIER)) {
            return out;
        }
        long now = Math.floorDiv(clock.getAsLong(), MINUTE) * MINUTE;
        for (long t = Math.max(fromMs, now - (minutes - 1) * MINUTE); t <= Math.min(toMs, now); t += MINUTE) {
            out.add(minute(m, t));
        }
        return out;
    }

    @Override
    public Sums sums(long fromMs) {
        SortedMap<ModelTier, MinuteTotals> sums = new TreeMap<>();
        for (Model m : models.values()) {
            MinuteTotals sum = MinuteTotals.empty(fromMs);
            for (MinuteTotals w : local(m.name(), TIER, fromMs, Long.MAX_VALUE)) {
                sum = sum.plus(w.at(fromMs));
            }
            sums.put(new ModelTier(m.name(), TIER), sum);
        }
        SortedMap<PairTier, PairedMoments> pairs = new TreeMap<>();
        long now = Math.floorDiv(clock.getAsLong(), MINUTE) * MINUTE;
        for (PairTier p : comparisons) {
            PairedMoments sum = PairedMoments.ZERO;
            for (long t = Math.max(fromMs, now - (minutes - 1) * MINUTE); t <= now; t += MINUTE) {
                for (int k = 0; k < utterances(t); k++) {
                    sum = sum.plus(PairedMoments.of(utterance(models.get(p.candidate()), t, k), utterance(models.get(p.baseline()), t, k)));
                }
            }
            pairs.put(p, sum);
        }
        return new Sums(sums, pairs);
    }

    private static int utterances(long t) {
        return 12 + (int) (t / MINUTE % 5);
    }

    /** Utterance k of minute t as the model scores it: the reference boundaries are the utterance's, the same for every model. */
    private static BoundaryCounts utterance(Model m, long t, int k) {
        long i = t / MINUTE;
        long r = 14 + (i * 7 + k * 13) % 9;
        // Dithered rounding: on average y = r (1 + os) and h = r recall, and utterances differ.
        long y = (long) Math.floor(r * (1 + m.os()) + dither(i, k, 1));
        long h = Math.min(Math.min(y, r), (long) Math.floor(r * m.recall() + dither(i, k, 2)));
        return BoundaryCounts.oneToOne(r, y, h);
    }

    /** A number in [0, 1) that follows from (minute, utterance, salt) alone and looks uniform (a 64-bit mix). */
    private static double dither(long minute, int k, int salt) {
        long x = minute * 0x9E3779B97F4A7C15L + k * 0xC2B2AE3D27D4EB4FL + salt * 0x165667B19E3779F9L;
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return ((x ^ (x >>> 31)) >>> 11) / (double) (1L << 53);
    }

    private MinuteTotals minute(Model m, long t) {
        BoundaryCounts counts = BoundaryCounts.ZERO;
        UtteranceMoments moments = UtteranceMoments.ZERO;
        EditCounts words = EditCounts.ZERO;
        for (int k = 0; k < utterances(t); k++) {
            BoundaryCounts u = utterance(m, t, k);
            counts = counts.plus(u);
            moments = moments.plus(UtteranceMoments.of(u));
            long refWords = u.reference() - 1;
            words = words.plus(new EditCounts((long) Math.floor(refWords * m.wer() + dither(t / MINUTE, k, 3)), 0, 0, refWords));
        }
        return new MinuteTotals(t, utterances(t), counts, moments, words);
    }
}
