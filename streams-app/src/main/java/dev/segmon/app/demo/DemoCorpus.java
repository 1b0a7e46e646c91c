package dev.segmon.app.demo;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.Micros;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo's reference traffic: the gold word alignment of the ZeroSpeech 2017 Mandarin test set
 * (shipped as {@code demo/mandarin.wrd} with its licence, see {@code demo/LICENSE.md}), cut into
 * utterances at its voice-activity segments ({@code demo/mandarin.vad}, 999 segments of 7.7 s on
 * average). A word belongs to the segment that contains its midpoint; times are shifted to start
 * at the segment's onset, as a recogniser would time an utterance.
 */
public final class DemoCorpus {
    private static final String WORDS = "/demo/mandarin.wrd";
    private static final String VAD = "/demo/mandarin.vad";

    /** One utterance: an id ({@code FILE_NNNN}, N = 1-based VAD segment of that file) and its words. */
    public record Utterance(String id, List<Segment> words) {
        public Utterance {
            words = List.copyOf(words);
        }
    }

    private DemoCorpus() {
    }

    /** The shipped corpus, in file and time order; utterances without a word are left out. */
    public static List<Utterance> load() {
        return cut(lines(WORDS), lines(VAD));
    }

    /**
     * Cuts {@code file onset offset word} lines into the {@code file onset offset} segments.
     * Both inputs list each file's lines together in time order (as the shipped files do).
     */
    static List<Utterance> cut(List<String[]> words, List<String[]> vad) {
        Map<String, List<Segment>> wordsByFile = new LinkedHashMap<>();
        for (String[] w : words) {
            wordsByFile.computeIfAbsent(w[0], f -> new ArrayList<>())
                    .add(new Segment(Double.parseDouble(w[1]), Double.parseDouble(w[2]), w[3]));
        }
        List<Utterance> out = new ArrayList<>();
        Map<String, Integer> segmentNumber = new LinkedHashMap<>();
        for (String[] v : vad) {
            String file = v[0];
            int n = segmentNumber.merge(file, 1, Integer::sum);
            long from = Micros.of(Double.parseDouble(v[1]));
            long to = Micros.of(Double.parseDouble(v[2]));
            List<Segment> inside = new ArrayList<>();
            for (Segment w : wordsByFile.getOrDefault(file, List.of())) {
                long start = Micros.of(w.start());
                long end = Micros.of(w.end());
                if (start >= to) {
                    break; // the file's words are in time order
                }
                long mid2 = start + end; // twice the midpoint: stays on the integer grid
                if (mid2 >= 2 * from && mid2 < 2 * to) {
                    // A word that sticks out of the segment is clipped to it: times stay >= 0.
                    long s = Math.max(start, from) - from;
                    long e = Math.min(end, to) - from;
                    inside.add(new Segment(Micros.seconds(s), Micros.seconds(e), w.label()));
                }
            }
            if (!inside.isEmpty()) {
                out.add(new Utterance(String.format("%s_%04d", file, n), inside));
            }
        }
        return out;
    }

    private static List<String[]> lines(String resource) {
        InputStream in = DemoCorpus.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("the demo data " + resource + " is missing from the application jar");
        }
        List<String[]> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank()) {
                    out.add(line.trim().split("\\s+"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
        return out;
    }
}
