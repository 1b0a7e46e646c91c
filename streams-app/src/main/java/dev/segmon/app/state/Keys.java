package dev.segmon.app.state;

import dev.segmon.app.wire.DeadLetterReason;
import org.apache.kafka.common.serialization.Serde;

/**
 * The typed keys of the state stores. Each knows its parts' order in the store, so no caller
 * joins or splits key strings.
 */
public final class Keys {
    private Keys() {
    }

    /** The reference of one utterance on one tier. */
    public record UtteranceTier(String utterance, String tier) {
        public static final Serde<UtteranceTier> SERDE = StateSerde.ofKey(k -> new String[] {k.utterance, k.tier},
                p -> new UtteranceTier(p[0], p[1]));

        public HypothesisKey of(String model) {
            return new HypothesisKey(utterance, tier, model);
        }

        /** The key of this reference's {@code seq}-th part (model empty: no model name is). */
        public PartKey part(int seq) {
            return new PartKey(utterance, tier, "", seq);
        }

        // Written out (the same contract as a record's): see HypothesisKey.
        @Override
        public boolean equals(Object o) {
            return o instanceof UtteranceTier k && utterance.equals(k.utterance) && tier.equals(k.tier);
        }

        @Override
        public int hashCode() {
            return 31 * utterance.hashCode() + tier.hashCode();
        }
    }

    /**
     * One model's hypothesis of one utterance on one tier. Utterance first: a task's states of one
     * utterance lie together.
     */
    public record HypothesisKey(String utterance, String tier, String model, Slice slice) {
        public static final Serde<HypothesisKey> SERDE = StateSerde.ofKey(k -> k.slice.append(k.utterance, k.tier, k.model),
                p -> new HypothesisKey(p[0], p[1], p[2], Slice.of(p, 3)));

        /** A hypothesis' own key (no slice). */
        public HypothesisKey(String utterance, String tier, String model) {
            this(utterance, tier, model, Slice.NONE);
        }

        /** The same hypothesis booked into one slice of its series (docs/slices.md). */
        public HypothesisKey in(Slice s) {
            return new HypothesisKey(utterance, tier, model, s);
        }

        public UtteranceTier reference() {
            return new UtteranceTier(utterance, tier);
        }

        /** The key of this hypothesis' {@code seq}-th part (0-based). */
        public PartKey part(int seq) {
            return new PartKey(utterance, tier, model, seq);
        }

        public ModelTier series() {
            return new ModelTier(model, tier, slice);
        }

        // Written out, with a record's contract: hashed and compared several times per record, where
        // the record's generated methods do not inline
        // (docs/decisions/0016-tail-appended-in-place-and-hand-written-key-equality.md).
        @Override
        public boolean equals(Object o) {
            return o instanceof HypothesisKey k && utterance.equals(k.utterance) && model.equals(k.model) && tier.equals(k.tier)
                    && slice.equals(k.slice);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * utterance.hashCode() + tier.hashCode()) + model.hashCode() + slice.hashCode();
        }
    }

    /**
     * One sealed part of a hypothesis' held boundaries and words, or of a reference's chunks
     * (model empty), by its sequence number. Read by point lookups only (no prefix scans:
     * docs/decisions/0007-point-lookups-not-prefix-scans.md).
     */
    public record PartKey(String utterance, String tier, String model, int seq) {
        public static final Serde<PartKey> SERDE = StateSerde.ofKey(k -> new String[] {k.utterance, k.tier, k.model, Integer.toString(k.seq)},
                p -> new PartKey(p[0], p[1], p[2], Integer.parseInt(p[3])));
    }

    /**
     * One exported series: a model on a tier (the {@code model} and {@code tier} labels), pooled
     * over every utterance ({@link Slice#NONE}) or of one slice (a label such as {@code lang="de"}).
     */
    public record ModelTier(String model, String tier, Slice slice) implements Comparable<ModelTier> {
        public static final Serde<ModelTier> SERDE = StateSerde.ofKey(k -> k.slice.append(k.model, k.tier),
                p -> new ModelTier(p[0], p[1], Slice.of(p, 2)));

        /** The pooled series of a model on a tier. */
        public ModelTier(String model, String tier) {
            this(model, tier, Slice.NONE);
        }

        public boolean pooled() {
            return slice.isNone();
        }

        /** The pooled series this one is a slice of (itself when pooled). */
        public ModelTier pooledSeries() {
            return pooled() ? this : new ModelTier(model, tier);
        }

        @Override
        public int compareTo(ModelTier o) {
            int c = model.compareTo(o.model);
            c = c != 0 ? c : tier.compareTo(o.tier);
            return c != 0 ? c : slice.compareTo(o.slice);
        }

        // Written out: see HypothesisKey.
        @Override
        public boolean equals(Object o) {
            return o instanceof ModelTier k && model.equals(k.model) && tier.equals(k.tier) && slice.equals(k.slice);
        }

        @Override
        public int hashCode() {
            return 31 * model.hashCode() + tier.hashCode() + slice.hashCode();
        }
    }

    /**
     * A series with a change detector: a model on a tier ({@code baseline} empty), or a comparison
     * of a candidate ({@code model}) with its baseline on a tier. The key of the detection topic,
     * so that every utterance of a series reaches the one task that holds its detector.
     */
    public record SeriesKey(String model, String baseline, String tier, Slice slice) implements Comparable<SeriesKey> {
        public static final Serde<SeriesKey> SERDE = StateSerde.ofKey(k -> k.slice.append(k.model, k.baseline, k.tier),
                p -> new SeriesKey(p[0], p[1], p[2], Slice.of(p, 3)));

        /** A pooled series (no slice). */
        public SeriesKey(String model, String baseline, String tier) {
            this(model, baseline, tier, Slice.NONE);
        }

        public static SeriesKey of(ModelTier series) {
            return new SeriesKey(series.model(), "", series.tier(), series.slice());
        }

        public boolean paired() {
            return !baseline.isEmpty();
        }

        /** The same series in {@code s}. */
        public SeriesKey in(Slice s) {
            return new SeriesKey(model, baseline, tier, s);
        }

        // Written out, as HypothesisKey's: the detectors' WriteBack shares its code with the
        // utterances', whose per-record key checks would otherwise reach a method handle
        // (docs/decisions/0016-tail-appended-in-place-and-hand-written-key-equality.md).
        @Override
        public boolean equals(Object o) {
            return o instanceof SeriesKey k && model.equals(k.model) && baseline.equals(k.baseline) && tier.equals(k.tier)
                    && slice.equals(k.slice);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * model.hashCode() + baseline.hashCode()) + tier.hashCode() + slice.hashCode();
        }

        @Override
        public int compareTo(SeriesKey o) {
            int c = Boolean.compare(paired(), o.paired());
            c = c != 0 ? c : model.compareTo(o.model);
            c = c != 0 ? c : baseline.compareTo(o.baseline);
            c = c != 0 ? c : tier.compareTo(o.tier);
            return c != 0 ? c : slice.compareTo(o.slice);
        }
    }

    /** Dead letters of one reason, model and tier (the labels of {@code segmon_dead_letters_total}). */
    public record DeadLetterKey(DeadLetterReason reason, String model, String tier) implements Comparable<DeadLetterKey> {
        public static final Serde<DeadLetterKey> SERDE = StateSerde.ofKey(k -> new String[] {k.reason.label(), k.model, k.tier},
                p -> new DeadLetterKey(DeadLetterReason.of(p[0]), p[1], p[2]));

        @Override
        public int compareTo(DeadLetterKey o) {
            int c = reason.label().compareTo(o.reason.label());
            c = c != 0 ? c : model.compareTo(o.model);
            return c != 0 ? c : tier.compareTo(o.tier);
        }
    }

    /** A comparison's series: candidate minus baseline on a tier (the labels of {@code segmon_paired_*}). */
    public record PairTier(String candidate, String baseline, String tier, Slice slice) implements Comparable<PairTier> {
        public static final Serde<PairTier> SERDE = StateSerde.ofKey(k -> k.slice.append(k.candidate, k.baseline, k.tier),
                p -> new PairTier(p[0], p[1], p[2], Slice.of(p, 3)));

        /** A pooled comparison (no slice). */
        public PairTier(String candidate, String baseline, String tier) {
            this(candidate, baseline, tier, Slice.NONE);
        }

        @Override
        public int compareTo(PairTier o) {
            int c = candidate.compareTo(o.candidate);
            c = c != 0 ? c : baseline.compareTo(o.baseline);
            c = c != 0 ? c : tier.compareTo(o.tier);
            return c != 0 ? c : slice.compareTo(o.slice);
        }
    }

    /**
     * A closed utterance of {@code model} waiting for {@code partner}, the other model of a
     * comparison, to close the same utterance on the same tier. Utterance first, as
     * {@link HypothesisKey}.
     */
    public record PendingKey(String utterance, String tier, String model, String partner, Slice slice) {
        public static final Serde<PendingKey> SERDE = StateSerde.ofKey(k -> k.slice.append(k.utterance, k.tier, k.model, k.partner),
                p -> new PendingKey(p[0], p[1], p[2], p[3], Slice.of(p, 4)));

        /** A pooled comparison's pending counts (no slice). */
        public PendingKey(String utterance, String tier, String model, String partner) {
            this(utterance, tier, model, partner, Slice.NONE);
        }
    }

    /** The tier of the reference clock store. */
    public static final Serde<String> TIER = StateSerde.ofKey(t -> new String[] {t}, p -> p[0]);
}
