package dev.segmon.app.state;

import dev.segmon.model.boundary.Boundaries;
import dev.segmon.model.boundary.ReferenceBoundaries;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;

/**
 * What the reference store holds for one (utterance, tier): the fixed-size fields of its
 * {@link ReferenceState}, its latest chunks' content (the tail, at most {@link #SEAL} units) and
 * how many sealed {@link ReferencePart}s hold the rest, as {@link HypothesisHead} does for a
 * hypothesis: a chunk writes a bounded amount whatever the reference held before it.
 *
 * <p>The boundaries are rebuilt as the sorted distinct times of the parts (what
 * {@link ReferenceBoundaries#offer} keeps), the chunk spans in order, the labels in transcript
 * order; a reference's content is only ever added to, never changed.
 */
public record ReferenceHead(long maxSeen, boolean complete, long lastWallMs, long lastRecordMs, boolean hypothesized,
                            boolean hasLabels, int parts, ReferencePart tail)
        implements Head<ReferenceState, ReferencePart> {
    public static final Serde<ReferenceHead> SERDE = StateSerde.of(ReferenceHead::encode, ReferenceHead::decode);
    /**
     * As {@link HypothesisHead#SEAL}: a 20-word reference streamed in chunks (41 times, 20 labels)
     * seals none before its last chunk, which seals the tail whatever its size (a complete
     * reference is written once: {@code PartLog.Layout#complete}).
     */
    public static final int SEAL = 64;
    private static final int SIZE = 8 + 1 + 8 + 8 + 1 + 1 + 4;

    public static ReferenceHead of(ReferenceState state, int parts, ReferencePart tail) {
        ReferenceBoundaries b = state.boundaries();
        return new ReferenceHead(b.maxSeen(), b.complete(), state.lastWallMs(), state.lastRecordMs(), state.hypothesized(),
                state.labels().present(), parts, tail);
    }

    @Override
    public int fixedSize() {
        return SIZE;
    }

    /** Layout: maxSeen, complete, lastWallMs, lastRecordMs, hypothesized, hasLabels, parts. */
    @Override
    public void writeFixed(ByteBuffer out) {
        out.putLong(maxSeen);
        Bytes.putBoolean(out, complete);
        out.putLong(lastWallMs);
        out.putLong(lastRecordMs);
        Bytes.putBoolean(out, hypothesized);
        Bytes.putBoolean(out, hasLabels);
        out.putInt(parts);
    }

    public static ReferenceHead decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new ReferenceHead(in.getLong(), Bytes.getBoolean(in), in.getLong(), in.getLong(), Bytes.getBoolean(in),
                Bytes.getBoolean(in), in.getInt(), ReferencePart.decode(Bytes.getRest(in)));
    }

    @Override
    public ReferenceState with(List<ReferencePart> sealed) {
        List<ReferencePart> all = new ArrayList<>(sealed);
        all.add(tail);
        ReferencePart joined = ReferencePart.EMPTY;
        for (ReferencePart p : all) {
            joined = joined.plus(p);
        }
        long[] times = Boundaries.sortedDistinct(joined.times().clone(), joined.times().length);
        WordList labels = hasLabels ? WordList.EMPTY.plus(joined.labels()) : WordList.NONE;
        return new ReferenceState(new ReferenceBoundaries(times, maxSeen, complete, joined.spans()), lastWallMs, lastRecordMs,
                hypothesized, labels);
    }
}
