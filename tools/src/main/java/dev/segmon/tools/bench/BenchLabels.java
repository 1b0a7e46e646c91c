package dev.segmon.tools.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The labels of a bench utterance when the bench measures slices (docs/performance.md, "Slices: --slice-keys"):
 * {@code lang}, one of 20 language codes, and {@code domain}, one of 4 domains, each uniform and
 * independent, drawn from the corpus' seed and the utterance's index alone, so every model of an
 * utterance, the pass-through and the monitor see the same labels, and the same command sends the
 * same ones. Their own generator leaves the corpus' times as they are without labels.
 */
public final class BenchLabels {
    public static final String LANGUAGE = "lang";
    public static final String DOMAIN = "domain";
    /** Every key the corpus labels with, and its values. */
    public static final Map<String, List<String>> VALUES = values();

    private final long seed;

    public BenchLabels(long seed) {
        this.seed = seed;
    }

    /** The labels of utterance {@code index}: the same for every model. */
    public Map<String, String> of(long index) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + index);
        List<String> languages = VALUES.get(LANGUAGE);
        List<String> domains = VALUES.get(DOMAIN);
        return Map.of(LANGUAGE, languages.get(random.nextInt(languages.size())), DOMAIN, domains.get(random.nextInt(domains.size())));
    }

    /**
     * The allow-list ({@code --slice-values}) that admits every value the corpus sends for
     * {@code keys}; refuses a key the corpus does not send, whose every utterance would be {@code none}.
     */
    public static Map<String, Set<String>> allowList(List<String> keys) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String k : keys) {
            if (!VALUES.containsKey(k)) {
                throw new IllegalArgumentException("the bench's utterances carry the labels " + VALUES.keySet() + ", not " + k);
            }
            out.put(k, new TreeSet<>(VALUES.get(k)));
        }
        return out;
    }

    private static Map<String, List<String>> values() {
        Map<String, List<String>> v = new LinkedHashMap<>();
        v.put(LANGUAGE, List.of("en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "uk",
                "tr", "ar", "hi", "zh", "ja", "ko", "vi", "id", "sv", "cs"));
        v.put(DOMAIN, List.of("call", "meeting", "dictation", "media"));
        return java.util.Collections.unmodifiableMap(v);
    }
}
