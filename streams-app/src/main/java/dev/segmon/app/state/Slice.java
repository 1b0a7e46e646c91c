package dev.segmon.app.state;

import java.util.Arrays;

/**
 * One slice of a series: a label key the operator named ({@code run --slice-keys}) and one of its
 * values, e.g. {@code lang=de}; {@link #NONE} for the pooled series. In a state key a slice adds two
 * trailing parts, and the pooled series adds none: keys without a slice keep their bytes.
 */
public record Slice(String key, String value) implements Comparable<Slice> {
    /** The pooled series: every utterance of the model. */
    public static final Slice NONE = new Slice("", "");
    /** The value of a key an utterance carries no label for. */
    public static final String UNLABELLED = "none";

    public boolean isNone() {
        return key.isEmpty();
    }

    /** The key's parts {@code head}, with this slice's key and value after them when it is one. */
    String[] append(String... head) {
        if (isNone()) {
            return head;
        }
        String[] out = Arrays.copyOf(head, head.length + 2);
        out[head.length] = key;
        out[head.length + 1] = value;
        return out;
    }

    /** The slice stored from {@code parts[at]} on, or {@link #NONE} when the key has no more parts. */
    static Slice of(String[] parts, int at) {
        return parts.length > at + 1 ? new Slice(parts[at], parts[at + 1]) : NONE;
    }

    // Written out, with a record's contract: every series key holds a slice, and the record's
    // generated methods did not inline in the per-record key checks (see Keys.HypothesisKey).
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Slice s && key.equals(s.key) && value.equals(s.value);
    }

    @Override
    public int hashCode() {
        return 31 * key.hashCode() + value.hashCode();
    }

    @Override
    public int compareTo(Slice o) {
        int c = key.compareTo(o.key);
        return c != 0 ? c : value.compareTo(o.value);
    }

    @Override
    public String toString() {
        return isNone() ? "" : key + "=" + value;
    }
}
