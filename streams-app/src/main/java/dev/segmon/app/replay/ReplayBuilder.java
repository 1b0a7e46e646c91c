package dev.segmon.app.replay;

import dev.segmon.model.boundary.Unreferenced;
import dev.segmon.model.io.UtteranceLabels;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/** Options of a {@link Replay} ({@link Replay#builder}); a hypothesis needs the model name, a reference alone nothing. */
public final class ReplayBuilder {
    // Package-private: Replay's constructor copies them.
    String model;
    String tier = "word";
    double eventsPerSecond;
    Duration referenceDelay = Duration.ZERO;
    double shuffleWithin;
    long seed = 1;
    Set<String> ignoredLabels = Set.of();
    Ticker ticker = Ticker.SYSTEM;
    boolean durations = true;
    Unreferenced unreferenced = Unreferenced.SKIP;
    RecordTimes recordTimes;
    Replay.Declare declare = Replay.Declare.NOTHING;
    UtteranceLabels labels = new UtteranceLabels();
    UtteranceLabels referenceLabels = new UtteranceLabels();

    ReplayBuilder() {
    }

    /** The labels each utterance's end carries (docs/slices.md); none by default. */
    public ReplayBuilder labels(UtteranceLabels l) {
        this.labels = l;
        return this;
    }

    /** The labels each utterance's reference carries (docs/slices.md, those only the annotator knows); none by default. */
    public ReplayBuilder referenceLabels(UtteranceLabels l) {
        this.referenceLabels = l;
        return this;
    }

    public ReplayBuilder model(String model) {
        this.model = model;
        return this;
    }

    /** The {@code tier} field of every message (default {@code word}). */
    public ReplayBuilder tier(String tier) {
        this.tier = Objects.requireNonNull(tier);
        return this;
    }

    /** Messages per second over both topics; 0 (the default) sends as fast as Kafka takes them. */
    public ReplayBuilder eventsPerSecond(double eventsPerSecond) {
        if (!(eventsPerSecond >= 0) || Double.isInfinite(eventsPerSecond)) {
            throw new IllegalArgumentException("rate must be a finite number >= 0, not " + eventsPerSecond);
        }
        this.eventsPerSecond = eventsPerSecond;
        return this;
    }

    /** Wall-clock time between an utterance's hypothesis {@code end} and its reference. */
    public ReplayBuilder referenceDelay(Duration referenceDelay) {
        if (referenceDelay.isNegative()) {
            throw new IllegalArgumentException("reference delay must be >= 0, not " + referenceDelay);
        }
        this.referenceDelay = referenceDelay;
        return this;
    }

    /** Audio seconds within which the boundaries of an utterance are sent out of order (0 = in order). */
    public ReplayBuilder shuffleWithin(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("shuffle bound must be a finite number of seconds >= 0, not " + seconds);
        }
        this.shuffleWithin = seconds;
        return this;
    }

    public ReplayBuilder seed(long seed) {
        this.seed = seed;
        return this;
    }

    public ReplayBuilder ignoreLabels(Set<String> labels) {
        this.ignoredLabels = labels;
        return this;
    }

    /**
     * Whether an id found in the hypothesis only is completed with an empty reference
     * ({@code score-empty}) or sent without one ({@code skip}, the default), as
     * {@code eval boundaries --unreferenced} pairs it (docs/contract.md 2.1).
     */
    public ReplayBuilder unreferenced(Unreferenced unreferenced) {
        this.unreferenced = Objects.requireNonNull(unreferenced);
        return this;
    }

    /** What each {@code end} declares of its reference (default: nothing). */
    public ReplayBuilder declare(Replay.Declare declare) {
        this.declare = Objects.requireNonNull(declare);
        return this;
    }

    /** Whether end messages carry the audio's duration (default true). */
    public ReplayBuilder durations(boolean durations) {
        this.durations = durations;
        return this;
    }

    /** The record times of the messages; null (the default) leaves them to the producer's clock. */
    public ReplayBuilder recordTimes(RecordTimes recordTimes) {
        this.recordTimes = recordTimes;
        return this;
    }

    public ReplayBuilder ticker(Ticker ticker) {
        this.ticker = ticker;
        return this;
    }

    public Replay build() {
        return new Replay(this);
    }
}
