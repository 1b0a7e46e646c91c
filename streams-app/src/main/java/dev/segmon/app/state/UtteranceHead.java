package dev.segmon.app.state;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;

/**
 * What the utterance store holds for one (utterance, tier): the head of its reference, when one
 * has come, and the head of each model's hypothesis, in one value.
 *
 * <p>One value, because an utterance's states reach one task and settle and expire together: one
 * write and one tombstone instead of one per state (docs/streaming.md, "Per-utterance state").
 * The sealed parts stay in their own stores, keyed by reference or hypothesis.
 *
 * @param reference   the reference's head, or null before its first chunk and after it expired
 * @param hypotheses  the hypotheses' heads, one per model, in the order they opened
 */
public record UtteranceHead(ReferenceHead reference, List<Hypothesis> hypotheses) {
    public static final Serde<UtteranceHead> SERDE = StateSerde.of(UtteranceHead::encode, UtteranceHead::decode);

    /** One model's hypothesis head. */
    public record Hypothesis(String model, HypothesisHead head) {
    }

    public UtteranceHead {
        hypotheses = List.copyOf(hypotheses);
    }

    /**
     * Layout: whether a reference is held (a boolean) and its head as a nested value; the number
     * of hypotheses, then for each its model (an int length and UTF-8: names have no length limit) and its head as a nested
     * value (an int length and the head's own layout, version byte included).
     */
    public byte[] encode() {
        byte[] ref = reference == null ? null : reference.encode();
        List<byte[]> models = new ArrayList<>(hypotheses.size());
        List<byte[]> heads = new ArrayList<>(hypotheses.size());
        int size = 1 + (ref == null ? 0 : 4 + ref.length) + 4;
        for (Hypothesis h : hypotheses) {
            byte[] model = h.model().getBytes(StandardCharsets.UTF_8);
            byte[] head = h.head().encode();
            models.add(model);
            heads.add(head);
            size += 4 + model.length + 4 + head.length;
        }
        ByteBuffer out = Bytes.allocate(size);
        Bytes.putBoolean(out, ref != null);
        if (ref != null) {
            Bytes.putBlob(out, ref);
        }
        out.putInt(hypotheses.size());
        for (int i = 0; i < models.size(); i++) {
            Bytes.putBlob(out, models.get(i));
            Bytes.putBlob(out, heads.get(i));
        }
        return out.array();
    }

    public static UtteranceHead decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        ReferenceHead reference = Bytes.getBoolean(in) ? ReferenceHead.decode(Bytes.getBlob(in)) : null;
        int n = in.getInt();
        List<Hypothesis> hypotheses = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String model = new String(Bytes.getBlob(in), StandardCharsets.UTF_8);
            hypotheses.add(new Hypothesis(model, HypothesisHead.decode(Bytes.getBlob(in))));
        }
        return new UtteranceHead(reference, hypotheses);
    }
}
