package dev.segmon.app.state;

import dev.segmon.app.wire.Declaration;
import dev.segmon.model.boundary.IncrementalMatcher;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * What the hypothesis store holds for one (utterance, tier, model): every field of its
 * {@link HypothesisState} that has a fixed size, the boundaries and words of its latest records
 * (the {@code tail}, at most {@link #SEAL} units), and how many sealed {@link HypothesisPart}s of
 * the parts store hold the rest. A record rewrites this head with its additions in the tail; a
 * tail that reaches {@link #SEAL} units is sealed as the next part and starts again empty. So what
 * a record writes is bounded by a constant, not by what the utterance held before it; the close
 * deletes the parts (docs/streaming.md, "Per-utterance state").
 *
 * <p>The undecided boundaries are rebuilt from the parts: they are the times the parts hold,
 * sorted, less the {@code hypDecided} smallest. The matcher decides hypothesis boundaries in
 * ascending order and refuses a time below its frontier (which lies above every decided one), so
 * the decided boundaries are always the smallest of those accepted ({@code IncrementalMatcher}).
 */
public record HypothesisHead(long hypMaxSeen, boolean hypComplete, int refCursor, long hits, long hypDecided,
                             long lastWallMs, long lastRecordMs, boolean closed, boolean hasWords, int parts, HypothesisPart tail,
                             Declaration declared)
        implements Head<HypothesisState, HypothesisPart> {
    public static final Serde<HypothesisHead> SERDE = StateSerde.of(HypothesisHead::encode, HypothesisHead::decode);
    /**
     * Units (times and words) a tail holds before it is sealed as a part: a record rewrites at most
     * this much, and an utterance of W words writes about W / SEAL parts. Large enough that a
     * short utterance seals none.
     */
    public static final int SEAL = 64;
    private static final int SIZE = 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1 + 1 + 4;

    /** An undeclared head. */
    public HypothesisHead(long hypMaxSeen, boolean hypComplete, int refCursor, long hits, long hypDecided,
                          long lastWallMs, long lastRecordMs, boolean closed, boolean hasWords, int parts, HypothesisPart tail) {
        this(hypMaxSeen, hypComplete, refCursor, hits, hypDecided, lastWallMs, lastRecordMs, closed, hasWords, parts, tail,
                Declaration.UNDECLARED);
    }

    /** The head of {@code state}, whose boundaries and words lie in {@code parts} sealed parts and {@code tail}. */
    public static HypothesisHead of(HypothesisState state, int parts, HypothesisPart tail) {
        IncrementalMatcher m = state.matcher();
        return new HypothesisHead(m.hypMaxSeen(), m.hypComplete(), m.refCursor(), m.hits(), m.hypDecided(),
                state.lastWallMs(), state.lastRecordMs(), state.closed(), state.words().present(), parts, tail, state.declared());
    }

    @Override
    public int fixedSize() {
        return SIZE;
    }

    /**
     * Layout: hypMaxSeen, hypComplete, refCursor, hits, hypDecided, lastWallMs, lastRecordMs,
     * closed, flags, parts. The flags byte holds hasWords in bit 0 and the declaration's ordinal in
     * bits 1-2: an undeclared head is written as before declarations existed (a boolean byte).
     */
    @Override
    public void writeFixed(ByteBuffer out) {
        out.putLong(hypMaxSeen);
        Bytes.putBoolean(out, hypComplete);
        out.putInt(refCursor);
        out.putLong(hits);
        out.putLong(hypDecided);
        out.putLong(lastWallMs);
        out.putLong(lastRecordMs);
        Bytes.putBoolean(out, closed);
        out.put((byte) ((hasWords ? 1 : 0) | declared.ordinal() << 1));
        out.putInt(parts);
    }

    public static HypothesisHead decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        long maxSeen = in.getLong();
        boolean complete = Bytes.getBoolean(in);
        int cursor = in.getInt();
        long hits = in.getLong();
        long decided = in.getLong();
        long wall = in.getLong();
        long recordMs = in.getLong();
        boolean closed = Bytes.getBoolean(in);
        int flags = in.get();
        return new HypothesisHead(maxSeen, complete, cursor, hits, decided, wall, recordMs, closed, (flags & 1) != 0, in.getInt(),
                HypothesisPart.decode(Bytes.getRest(in)), Declaration.values()[(flags >> 1) & 3]);
    }

    /** Their times and words, in the order they were appended. */
    @Override
    public HypothesisState with(java.util.List<HypothesisPart> sealed) {
        java.util.List<HypothesisPart> stored = new java.util.ArrayList<>(sealed);
        stored.add(tail);
        long[] times = HypothesisPart.sortedTimes(stored);
        long[] pending = java.util.Arrays.copyOfRange(times, (int) Math.min(hypDecided, times.length), times.length);
        IncrementalMatcher m = new IncrementalMatcher(pending, hypMaxSeen, hypComplete, refCursor, hits, hypDecided);
        WordList words = hasWords ? WordList.EMPTY.plus(HypothesisPart.words(stored)) : WordList.NONE;
        return new HypothesisState(m, lastWallMs, lastRecordMs, closed, words, declared);
    }
}
