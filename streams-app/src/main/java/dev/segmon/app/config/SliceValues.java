package dev.segmon.app.config;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which value of a label key is booked under its own name and which as {@link SliceRule#OTHER}
 * (docs/slices.md, "The cap"): a key with an allow-list admits exactly its values, so every task
 * and instance decides alike; a key without one admits the first {@code cap} distinct values this
 * instance saw, which equals the allow-list's answer as long as the key has at most {@code cap}
 * values. One per instance, shared by its tasks: the bookkeeping of the rule, kept beside it.
 */
public final class SliceValues {
    private final SliceRule rule;
    private final Map<String, Set<String>> seen = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> capped = new ConcurrentHashMap<>();

    public SliceValues(SliceRule rule) {
        this.rule = rule;
        rule.keys().forEach(k -> capped.put(k, new AtomicLong()));
    }

    public SliceRule rule() {
        return rule;
    }

    /** The value {@code value} of {@code key} is booked under. */
    public String admit(String key, String value) {
        Set<String> allowed = rule.allowed(key);
        if (allowed != null) {
            return allowed.contains(value) ? value : capped(key);
        }
        Set<String> admitted = seen.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet());
        if (admitted.contains(value)) {
            return value;
        }
        synchronized (admitted) {
            if (admitted.size() < rule.cap()) {
                admitted.add(value);
                return value;
            }
        }
        return admitted.contains(value) ? value : capped(key);
    }

    private String capped(String key) {
        capped.get(key).incrementAndGet();
        return SliceRule.OTHER;
    }

    /** Labels booked as {@link SliceRule#OTHER} since this instance started, by key (the counter {@code segmon_slice_values_capped_total}). */
    public Map<String, Long> cappedCounts() {
        Map<String, Long> out = new java.util.TreeMap<>();
        capped.forEach((k, n) -> out.put(k, n.get()));
        return out;
    }
}
