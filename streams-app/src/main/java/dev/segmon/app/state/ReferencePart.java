package dev.segmon.app.state;

import dev.segmon.app.state.WordList.Word;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;

/**
 * What accepted reference chunks added to their (utterance, tier): their segments' start and end
 * times (microseconds, as sent), each chunk's span (start, end pairs: what refuses an overlapping
 * chunk later) and the labels kept as words ({@code ignore-labels} already left out).
 */
public record ReferencePart(long[] times, long[] spans, List<Word> labels) implements Part<ReferencePart> {
    public static final Serde<ReferencePart> SERDE = StateSerde.of(ReferencePart::encode, ReferencePart::decode);
    public static final ReferencePart EMPTY = new ReferencePart(new long[0], new long[0], List.of());

    public ReferencePart {
        labels = List.copyOf(labels);
    }

    /** Times and labels held: what {@link ReferenceHead#SEAL} counts. */
    public int units() {
        return times.length + labels.size();
    }

    /** Spans count too: a span must never be dropped, even in a chunk without times. */
    @Override
    public int sealUnits() {
        return units() + spans.length;
    }

    @Override
    public List<Word> words() {
        return labels;
    }

    @Override
    public ReferencePart plus(ReferencePart more) {
        if (more.units() == 0 && more.spans.length == 0) {
            return this;
        }
        return new ReferencePart(concat(times, more.times), concat(spans, more.spans), WordCodec.concat(labels, more.labels));
    }

    /**
     * Layout ({@link Bytes#PARTS}): times, spans (each a count and differences, {@link Varints}),
     * labels as {@link HypothesisPart}'s words.
     */
    public byte[] encode() {
        byte[][] utf8 = WordCodec.utf8(labels);
        ByteBuffer out = ByteBuffer.allocate(encodedSize(utf8));
        writeTo(out, utf8);
        return out.array();
    }

    @Override
    public int encodedSize(byte[][] utf8) {
        return 1 + Varints.deltasSize(times, times.length) + Varints.deltasSize(spans, spans.length) + WordCodec.size(labels, utf8);
    }

    @Override
    public void writeTo(ByteBuffer out, byte[][] utf8) {
        out.put(Bytes.PARTS);
        Varints.putDeltas(out, times, times.length);
        Varints.putDeltas(out, spans, spans.length);
        WordCodec.put(out, labels, utf8);
    }

    /** Either layout: {@link Bytes#PARTS}, or the longs and ints of {@link Bytes#FIXED_PARTS}. */
    public static ReferencePart decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (Bytes.partVersion(in) == Bytes.FIXED_PARTS) {
            return new ReferencePart(Bytes.getLongs(in), Bytes.getLongs(in), WordCodec.getFixed(in));
        }
        return new ReferencePart(Varints.getDeltas(in), Varints.getDeltas(in), WordCodec.get(in));
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReferencePart p && Arrays.equals(times, p.times) && Arrays.equals(spans, p.spans) && labels.equals(p.labels);
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(times) * 31 + Arrays.hashCode(spans)) * 31 + labels.hashCode();
    }
}
