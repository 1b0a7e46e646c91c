package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.app.state.Slice;
import java.util.ArrayList;
import java.util.List;
import dev.segmon.app.wire.Outcome;
import dev.segmon.app.state.WordList;
import dev.segmon.model.boundary.Boundaries;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryWords;
import dev.segmon.model.boundary.HitRule;
import dev.segmon.model.boundary.Matching;
import dev.segmon.model.boundary.PairRule;
import dev.segmon.model.boundary.Tolerances;
import dev.segmon.model.edit.EditCounts;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Sends each closed utterance to its series' change detector (docs/detection.md): a record of the
 * detection topic keyed by the series, so that all of a series' utterances, closed by whichever
 * task holds their utterance ids, reach the one task that holds its detector, in one order that
 * exactly-once keeps through restarts.
 *
 * <p>A book: it sends a model's utterance closed as {@link Outcome#SCORED} (an unreferenced or
 * timed-out one has no, or a partial, reference) with the word errors the close carries, the
 * signed offsets of its hits and the slices it closed in; {@link PairedBook} hands it each booked
 * pair (a slice's pair in a record of its own, keyed by the slice's comparison).
 */
public final class DetectionFeed implements UtteranceBook {
    private final String sink;
    private final Tolerances tolerances;
    private final HitRule hitRule;
    private final java.util.Set<String> ignoreLabels;
    private ProcessorContext<Object, Object> context;

    /**
     * @param sink the name of the sink to the detection topic; the rest is the monitor's matching,
     *             to recount the signed offsets of each utterance's hits for the offset-bias detector
     */
    public DetectionFeed(String sink, Tolerances tolerances, HitRule hitRule, java.util.Set<String> ignoreLabels) {
        this.sink = sink;
        this.tolerances = tolerances;
        this.hitRule = hitRule;
        this.ignoreLabels = java.util.Set.copyOf(ignoreLabels);
    }

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        this.context = context;
    }

    /**
     * One record per close, keyed by the pooled series and naming the slices it closed in: their
     * detectors see the same observation, in the same order, from the task of the pooled series
     * (docs/slices.md), and a close costs the topic one record however many slice keys.
     */
    @Override
    public void closed(Closed u, List<Closed> slices, boolean scored) {
        if (u.outcome() != Outcome.SCORED) {
            return;
        }
        // Word errors only of an utterance scored for words (a reference with tokens).
        EditCounts w = u.words().edits().referenceTokens() > 0 ? u.words().edits() : null;
        Observation o = w == null ? Observation.single(u.counts(), -1, -1) : Observation.single(u.counts(), w.errors(), w.referenceTokens());
        long[] offsets = signedOffsets(u);
        if (offsets != null) {
            o = o.withOffsets(offsets[1], offsets[0]);
        }
        if (!slices.isEmpty()) {
            List<Slice> in = new ArrayList<>(slices.size());
            slices.forEach(s -> in.add(s.key().slice()));
            o = o.inSlices(in);
        }
        context.forward(new Record<Object, Object>(SeriesKey.of(u.key().series()), o, u.timestampMs()), sink);
    }

    /**
     * (hits, sum of hyp - ref) of the utterance, by the offline matching of its whole boundary
     * lists, which pairs exactly as the incremental one did (IncrementalMatcher): the matcher keeps
     * no offset per utterance. Only for a hypothesis sent as words, whose held words give every
     * boundary it was matched on; null otherwise, or if the recount differs from the close's.
     */
    private long[] signedOffsets(Closed u) {
        WordList words = u.hypothesis().words();
        if (!words.present() || u.reference() == null || u.counts().hits() == 0) {
            return null;
        }
        long[] times = new long[2 * words.size()];
        for (int i = 0; i < words.size(); i++) {
            times[2 * i] = words.start(i);
            times[2 * i + 1] = words.end(i);
        }
        long[] hyp = Boundaries.sortedDistinct(times, times.length);
        if (hyp.length != u.counts().hypothesis()) {
            return null; // bare times came too: the words are not every boundary
        }
        PairRule rule = hitRule == HitRule.TIME ? PairRule.ANY
                : BoundaryWords.rule(new BoundaryWords(words, ignoreLabels), new BoundaryWords(u.reference().labels(), ignoreLabels));
        long[] sum = new long[1];
        BoundaryCounts c = Matching.oneToOne(u.reference().boundaries().times(), hyp, tolerances.micros(u.key().tier()), (h, r) -> {
            boolean hit = rule.hit(h, r);
            sum[0] += hit ? h - r : 0;
            return hit;
        });
        return c.equals(u.counts()) ? new long[] {c.hits(), sum[0]} : null;
    }

    /** A comparison's utterance, booked by the paired book: both models' counts on one reference. */
    public void pair(PairedBook.Pair p) {
        context.forward(new Record<Object, Object>(p.comparison(), Observation.paired(p.candidate(), p.baseline()), p.timestampMs()), sink);
    }
}
