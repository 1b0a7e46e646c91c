package dev.segmon.tools.bench;

import dev.segmon.app.replay.JsonTrafficSink;
import dev.segmon.app.replay.KafkaTrafficSink;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The first {@code templates} utterances of a {@link BenchCorpus}, rendered to JSON once, before
 * a paced phase, as the bytes of each record before and after its utterance id: paced utterance i
 * is then template i mod {@code templates} under its own id, sent by copying bytes.
 *
 * <p>Why: the paced sender runs on the two cores it measures the monitor on. Rendering every
 * record's JSON as it was sent took most of that sender's CPU, which a deployment's producers,
 * on their own machines, do not take from the monitor (docs/performance.md, "The bench measures
 * the monitor, not itself"). The records are the same messages: template j is byte for byte
 * what the corpus sends for utterance j, the id aside. The soak renders as it sends instead
 * ({@link #asSent}).
 */
final class RenderedCorpus {
    /** Distinct utterances rendered: every slice value of {@link BenchLabels} occurs among them. */
    static final int TEMPLATES = 2048;
    /** The id the templates are rendered under; an id needs no JSON escaping, so it appears verbatim. */
    private static final String MARK = "segmon-bench-template";

    /** One record as rendered: {@code reference} for the references topic, its JSON = head + id + tail. */
    private record Part(boolean reference, byte[] head, byte[] tail) {
    }

    /** Where rendered records go: {@link KafkaTrafficSink#send(boolean, String, byte[])} in the bench. */
    @FunctionalInterface
    interface Sink {
        void send(boolean reference, String utterance, byte[] json);
    }

    private final BenchCorpus corpus;
    private final boolean declare;
    private final int templates;
    /** [0]: the utterances without a reference, [1]: with; null where the share never asks for it. */
    private final Packed[] rendered = new Packed[2];

    /**
     * Renders {@code templates} utterances with a reference if {@code share} > 0 and without one
     * if {@code share} < 1, ends declared as {@code declare} says.
     */
    RenderedCorpus(BenchCorpus corpus, double share, boolean declare, int templates) {
        this.corpus = corpus;
        this.declare = declare;
        this.templates = templates;
        for (int r = 0; r < 2 && templates > 0; r++) {
            boolean referenced = r == 1;
            if (referenced ? share <= 0 : share >= 1) {
                continue;
            }
            List<Part[]> parts = new ArrayList<>(templates);
            for (int j = 0; j < templates; j++) {
                parts.add(render(corpus, j, referenced, declare));
            }
            rendered[r] = Packed.of(parts);
        }
    }

    /**
     * Nothing rendered ahead: each utterance is rendered as it is sent, with its own content, as
     * the corpus sends it. For the soak, whose heap figures are the monitor's (templates would add
     * their megabytes to them) and whose rate leaves the sender's CPU no weight.
     */
    static RenderedCorpus asSent(BenchCorpus corpus, boolean declare) {
        return new RenderedCorpus(corpus, -1, declare, 0);
    }

    BenchCorpus corpus() {
        return corpus;
    }

    /**
     * Sends utterance {@code index} under the id {@code BenchCorpus.id(prefix, index)}, with its
     * reference if {@code referenced}; {@code beforeReference} (may be null) runs just before the
     * reference is handed to the producer. Returns the number of records sent.
     */
    int send(Sink sink, String prefix, long index, boolean referenced, Runnable beforeReference) {
        if (templates == 0) {
            return corpus.send(new JsonTrafficSink() {
                @Override
                protected void send(boolean reference, String utterance, String json) {
                    if (reference && beforeReference != null) {
                        beforeReference.run();
                    }
                    sink.send(reference, utterance, json.getBytes(StandardCharsets.UTF_8));
                }
            }, prefix, index, referenced, declare);
        }
        String id = BenchCorpus.id(prefix, index);
        Packed p = rendered[referenced ? 1 : 0];
        int template = (int) (index % templates);
        byte[] idBytes = id.getBytes(StandardCharsets.UTF_8);
        for (int k = p.first[template]; k < p.first[template + 1]; k++) {
            boolean reference = p.reference(k);
            if (reference && beforeReference != null) {
                beforeReference.run();
            }
            sink.send(reference, id, p.json(k, idBytes));
        }
        return p.first[template + 1] - p.first[template];
    }

    private static Part[] render(BenchCorpus corpus, int index, boolean referenced, boolean declare) {
        String id = BenchCorpus.id(MARK, index);
        byte[] mark = id.getBytes(StandardCharsets.UTF_8);
        List<Part> parts = new ArrayList<>();
        corpus.send(new JsonTrafficSink() {
            @Override
            protected void send(boolean reference, String utterance, String json) {
                byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
                int at = indexOf(bytes, mark);
                if (!utterance.equals(id) || at < 0) {
                    throw new IllegalStateException("a bench record without its utterance id: " + json);
                }
                parts.add(new Part(reference, Arrays.copyOfRange(bytes, 0, at), Arrays.copyOfRange(bytes, at + mark.length, bytes.length)));
            }
        }, MARK, index, referenced, declare);
        return parts.toArray(new Part[0]);
    }

    /**
     * Every part of every template in two arrays: the bytes, and per part where its head starts,
     * the head's and the tail's lengths and its topic. Large arrays go straight to the old
     * generation (G1's humongous objects), so the young collections of a paced phase never copy
     * the templates, as they would copy some 10^5 small arrays until they were promoted.
     */
    private record Packed(byte[] bytes, int[] parts, int[] first) {
        static Packed of(List<Part[]> templates) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            int n = templates.stream().mapToInt(t -> t.length).sum();
            int[] parts = new int[4 * n];
            int[] first = new int[templates.size() + 1];
            int k = 0;
            for (int j = 0; j < templates.size(); j++) {
                first[j] = k;
                for (Part p : templates.get(j)) {
                    parts[4 * k] = out.size();
                    parts[4 * k + 1] = p.head().length;
                    parts[4 * k + 2] = p.tail().length;
                    parts[4 * k + 3] = p.reference() ? 1 : 0;
                    out.writeBytes(p.head());
                    out.writeBytes(p.tail());
                    k++;
                }
            }
            first[templates.size()] = k;
            return new Packed(out.toByteArray(), parts, first);
        }

        boolean reference(int k) {
            return parts[4 * k + 3] == 1;
        }

        byte[] json(int k, byte[] id) {
            int at = parts[4 * k];
            int head = parts[4 * k + 1];
            int tail = parts[4 * k + 2];
            byte[] out = new byte[head + id.length + tail];
            System.arraycopy(bytes, at, out, 0, head);
            System.arraycopy(id, 0, out, head, id.length);
            System.arraycopy(bytes, at + head, out, head + id.length, tail);
            return out;
        }
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int k = 0; k < part.length; k++) {
                if (bytes[i + k] != part[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
