package dev.segmon.app.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which labels become dimensions (docs/slices.md): the keys the operator named
 * ({@code --slice-keys}), the values admitted per key ({@code --slice-values}, an allow-list) and
 * the cap on distinct values of a key without one ({@code --slice-cap}); values listed for a key
 * that is not a slice key are unused. {@link #NONE}: no slices.
 */
public record SliceRule(List<String> keys, int cap, Map<String, Set<String>> allowed) {
    public static final int DEFAULT_CAP = 20;
    /** The value of a label beyond the key's admitted values. */
    public static final String OTHER = "other";
    /** Labels segmon's series already carry: a slice key of these names would clash. */
    public static final Set<String> RESERVED = Set.of("model", "tier", "window", "outcome", "reason", "candidate", "baseline",
            "measure", "key", "slice", "le", "quantile", "unscored", "job", "instance");
    public static final SliceRule NONE = new SliceRule(List.of(), DEFAULT_CAP, Map.of());

    public SliceRule {
        keys = List.copyOf(keys);
        allowed = Map.copyOf(allowed);
        for (String k : keys) {
            if (!k.matches("[a-zA-Z_][a-zA-Z0-9_]*") || k.startsWith("__") || RESERVED.contains(k)) {
                throw new IllegalArgumentException("slice key " + k + " cannot be a Prometheus label beside segmon's own " + RESERVED);
            }
        }
        if (cap < 1) {
            throw new IllegalArgumentException("slice-cap must be at least 1");
        }
        for (var e : allowed.entrySet()) {
            if (e.getValue().size() > cap) {
                throw new IllegalArgumentException("slice-values lists " + e.getValue().size() + " values of " + e.getKey()
                        + ", more than slice-cap " + cap);
            }
        }
    }

    public boolean active() {
        return !keys.isEmpty();
    }

    /** The key's allow-list, or null when it has none (its values are admitted up to the cap). */
    public Set<String> allowed(String key) {
        return allowed.get(key);
    }

    /** {@code lang=de,en,fr;domain=call,chat}: each key's admitted values; the empty text is none. */
    public static Map<String, Set<String>> parseValues(String text) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("not KEY=V1,V2: " + part.trim());
            }
            out.put(part.substring(0, eq).trim(), new TreeSet<>(Parsers.names(part.substring(eq + 1))));
        }
        return out;
    }

    /** The text {@link #parseValues} reads back. */
    public static String valuesText(Map<String, Set<String>> values) {
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add(k + "=" + String.join(",", v)));
        return parts.isEmpty() ? "none" : parts.stream().collect(Collectors.joining(";"));
    }
}
