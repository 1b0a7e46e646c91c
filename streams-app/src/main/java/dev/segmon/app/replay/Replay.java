package dev.segmon.app.replay;

import dev.segmon.app.wire.Declaration;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.boundary.Unreferenced;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.Boundaries;
import dev.segmon.model.Micros;
import dev.segmon.model.io.UtteranceLabels;
import dev.segmon.model.io.UtteranceReader;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

/**
 * Replays a corpus (a reference and one model's hypothesis, any {@code eval boundaries} format)
 * as the monitor's input messages (docs/contract.md 3.1).
 *
 * <p>For each hypothesis utterance, in file order: its distinct boundary times in time order
 * (or shuffled within {@link ReplayBuilder#shuffleWithin}), then an {@code end}. The reference of that
 * utterance follows {@link ReplayBuilder#referenceDelay} of wall-clock time after that {@code end}, as one
 * message marked final. An id present in the reference only is completed with an {@code end} with
 * no boundary; one in the hypothesis only gets a reference with no segment under
 * {@code score-empty} and none under {@code skip} ({@link ReplayBuilder#unreferenced}): that is how
 * {@code eval boundaries} pairs them, so the monitor's totals can equal the offline ones.
 *
 * <p>A hypothesis given as labelled segments (JSONL segments, CTM, TextGrid, {@code .wrd}) is sent
 * as words instead, one message per word in start order (not shuffled), the ignored labels left
 * out: the words' distinct starts and ends are the same boundaries, and the words are the model's
 * transcript for word error rate (docs/contract.md 3.1).
 *
 * <p>Either side may also be sent alone ({@link #hypothesesOnly}, {@link #referencesOnly}): then
 * nothing completes the other side. With {@link ReplayBuilder#recordTimes} every message of the n-th
 * utterance sent carries the record time {@link RecordTimes#of}(n); without, the producer stamps
 * its clock at send.
 */
public final class Replay {
    private final String model;
    private final String tier;
    private final double eventsPerSecond;
    private final long referenceDelayNanos;
    private final boolean durations;
    private final double shuffleWithin;
    private final long seed;
    private final Set<String> ignoredLabels;
    private final Ticker ticker;
    private final RecordTimes recordTimes;
    private final Unreferenced unreferenced;
    private final Declare declare;

    /** What each {@code end} declares of its reference ({@code replay --declare}, docs/contract.md 3.1). */
    public enum Declare {
        /** Nothing: every utterance undeclared. */
        NOTHING,
        EXPECTED,
        NONE,
        /** {@code expected} for the ids this replay sends a reference for, {@code none} for the rest. */
        AUTO
    }
    private final UtteranceLabels labels;
    private final UtteranceLabels referenceLabels;

    Replay(ReplayBuilder b) {
        this.labels = b.labels;
        this.referenceLabels = b.referenceLabels;
        this.model = b.model;
        this.tier = b.tier;
        this.eventsPerSecond = b.eventsPerSecond;
        this.referenceDelayNanos = b.referenceDelay.toNanos();
        this.durations = b.durations;
        this.shuffleWithin = b.shuffleWithin;
        this.seed = b.seed;
        this.ignoredLabels = Set.copyOf(b.ignoredLabels);
        this.ticker = b.ticker;
        this.recordTimes = b.recordTimes;
        this.unreferenced = b.unreferenced;
        this.declare = b.declare;
    }

    public static ReplayBuilder builder() {
        return new ReplayBuilder();
    }

    /** What was sent: {@code boundaries} bare-time messages, {@code words} word messages. */
    public record Summary(long utterances, long boundaries, long ends, long references, long words) {
        public long messages() {
            return boundaries + ends + references + words;
        }
    }

    /**
     * Sends both sides to {@code sink}, each id completed with an empty other side where it has
     * none. The reference side is read whole first (to pair it by id); the hypothesis side streams.
     */
    public Summary run(UtteranceReader references, UtteranceReader hypotheses, TrafficSink sink) throws InterruptedException {
        return send(Objects.requireNonNull(references, "references"), hypotheses, sink);
    }

    /** Sends a hypothesis alone: its boundaries or words and an {@code end} per utterance, no reference. */
    public Summary hypothesesOnly(UtteranceReader hypotheses, TrafficSink sink) throws InterruptedException {
        return send(null, hypotheses, sink);
    }

    /** Sends a reference alone, streaming: each utterance as one message marked final, in file order. */
    public Summary referencesOnly(UtteranceReader references, TrafficSink sink) throws InterruptedException {
        Pacer pacer = new Pacer(ticker, eventsPerSecond);
        long n = 0;
        while (references.hasNext()) {
            Utterance ref = references.next();
            pacer.await();
            stamp(sink, n++);
            sink.reference(ref.id(), tier, ReferenceSegments.of(ref, ignoredLabels), referenceLabels.of(ref.id()));
        }
        return new Summary(n, 0, 0, n, 0);
    }

    /** Both sides, or ({@code references} null) the hypothesis alone. */
    private Summary send(UtteranceReader references, UtteranceReader hypotheses, TrafficSink sink) throws InterruptedException {
        Objects.requireNonNull(model, "a hypothesis needs the model name");
        Map<String, Utterance> refs = new LinkedHashMap<>();
        // The audio's length where a file records it (a TextGrid's xmax), by utterance id.
        Map<String, Double> audioLengths = new HashMap<>();
        while (references != null && references.hasNext()) {
            Utterance u = references.next();
            refs.put(u.id(), u);
            references.audioLength().ifPresent(l -> audioLengths.put(u.id(), l));
        }
        Pacer pacer = new Pacer(ticker, eventsPerSecond);
        Random random = new Random(seed);
        PendingReferences pending = new PendingReferences(ticker, pacer, (id, ref, n) -> reference(sink, id, ref, n));
        long utterances = 0;
        long boundaries = 0;
        long ends = 0;
        long sentReferences = 0;
        long sentWords = 0;
        while (hypotheses.hasNext()) {
            Utterance hyp = hypotheses.next();
            hypotheses.audioLength().ifPresent(l -> audioLengths.merge(hyp.id(), l, Math::max));
            long n = utterances++;
            List<Segment> words = words(hyp);
            // A transcript of no word (only ignored labels) is still a transcript: one empty words message.
            for (List<Segment> message : words == null ? List.<List<Segment>>of()
                    : words.isEmpty() ? List.of(words) : words.stream().map(List::of).toList()) {
                sentReferences += pending.sendDue(false);
                pacer.await();
                stamp(sink, n);
                sink.words(hyp.id(), model, tier, message);
                sentWords++;
            }
            long[] times = words == null ? BoundaryShuffle.order(Boundaries.of(hyp, ignoredLabels, false), shuffleWithin, random) : new long[0];
            for (long t : times) {
                sentReferences += pending.sendDue(false);
                pacer.await();
                stamp(sink, n);
                sink.boundary(hyp.id(), model, tier, Micros.seconds(t));
                boundaries++;
            }
            sentReferences += pending.sendDue(false);
            pacer.await();
            Utterance ref = refs.remove(hyp.id());
            // An id in the hypothesis only gets an empty reference only where eval would score it so.
            boolean referenced = references != null && (ref != null || unreferenced == Unreferenced.SCORE_EMPTY);
            stamp(sink, n);
            end(sink, hyp.id(), ref, hyp, audioLengths.get(hyp.id()), referenced);
            ends++;
            if (referenced) {
                pending.add(hyp.id(), ref, n, ticker.nanoTime() + referenceDelayNanos);
            }
        }
        // Reference-only ids: the model produced nothing for them, which is a hypothesis too.
        for (Utterance ref : refs.values()) {
            long n = utterances++;
            sentReferences += pending.sendDue(false);
            pacer.await();
            stamp(sink, n);
            end(sink, ref.id(), ref, null, audioLengths.get(ref.id()), true);
            ends++;
            pending.add(ref.id(), ref, n, ticker.nanoTime() + referenceDelayNanos);
        }
        sentReferences += pending.sendDue(true);
        return new Summary(utterances, boundaries, ends, sentReferences, sentWords);
    }

    /** The words of a hypothesis given as segments with labels, in start order; null for bare times or no label at all. */
    private List<Segment> words(Utterance hyp) {
        if (!(hyp instanceof Utterance.Segmented s) || s.segments().stream().allMatch(x -> x.label().isEmpty())) {
            return null;
        }
        List<Segment> out = new java.util.ArrayList<>();
        for (Segment x : s.segments()) {
            if (!ignoredLabels.contains(x.label())) {
                out.add(x);
            }
        }
        out.sort(dev.segmon.app.wire.Words.ORDER);
        return out;
    }

    /**
     * The end mark, with the audio's {@code duration} ({@link AudioEnd}) unless durations are off or
     * it has none, and the declaration {@link ReplayBuilder#declare} asks for ({@code referenced}: a
     * reference will be sent for the id).
     */
    private void end(TrafficSink sink, String id, Utterance reference, Utterance hypothesis, Double audioLength, boolean referenced) {
        double d = AudioEnd.seconds(reference, hypothesis, audioLength);
        boolean withDuration = durations && d >= 0;
        Declaration declared = switch (declare) {
            case NOTHING -> Declaration.UNDECLARED;
            case EXPECTED -> Declaration.EXPECTED;
            case NONE -> Declaration.NONE;
            case AUTO -> referenced ? Declaration.EXPECTED : Declaration.NONE;
        };
        java.util.Map<String, String> carried = labels.of(id);
        if (declared != Declaration.UNDECLARED || !carried.isEmpty()) {
            // The utterance's labels ride on its end (docs/slices.md): the monitor takes each key's first value.
            sink.end(id, model, tier, withDuration ? d : Double.NaN, declared, carried);
        } else if (withDuration) {
            sink.end(id, model, tier, d);
        } else {
            sink.end(id, model, tier);
        }
    }

    /** The reference of the n-th utterance, sent when its delay has passed ({@link PendingReferences}). */
    private void reference(TrafficSink sink, String id, Utterance reference, long n) {
        stamp(sink, n);
        sink.reference(id, tier, reference == null ? List.of() : ReferenceSegments.of(reference, ignoredLabels), referenceLabels.of(id));
    }

    /** Sets the record time of the next message to that of the n-th utterance, when times are set. */
    private void stamp(TrafficSink sink, long n) {
        if (recordTimes != null) {
            sink.recordTime(recordTimes.of(n));
        }
    }
}
