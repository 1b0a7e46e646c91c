package dev.segmon.app.store;

import dev.segmon.app.store.CommitFlushStore;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decoded values of a store, the ones used last, whose changes are written to the store once per
 * commit ({@link CommitFlushStore}) instead of once per change: a value that many records change
 * between two commits is encoded once.
 *
 * <p>The view holds every value changed since the last flush (a changed value pushed out of the
 * view by newer ones is written at once, so nothing waits outside it); readers ask the view first
 * and the store only for what the view does not hold, so what they see is the store plus every
 * change not yet written. Whatever reads the store directly (a scan) flushes the view first.
 *
 * @param <K> key; {@code <V>} the decoded value, which knows whether the store holds its key
 */
public final class WriteBack<K, V> implements CommitFlushStore.Deferred {
    /** Writes one changed value's bytes (or its deletion) and returns what the view keeps as written. */
    public interface Writer<K, V> {
        V write(K key, V value);
    }

    private final Writer<K, V> writer;
    private final Map<K, V> recent;
    /**
     * The key asked for last and its value (null: none): a record asks for its utterance four or
     * five times, with equal keys (often new objects), and this answers the repeats with an
     * {@code equals} instead of a hash lookup and a reordering of the view. Always what
     * {@link #recent} maps that key to, and the youngest entry of the view.
     */
    private K lastKey;
    private V lastValue;
    /** Whether {@link #changed} holds {@link #lastKey} with {@link #lastValue} (a repeated change is then nothing to do). */
    private boolean lastChanged;
    /**
     * Changed since the last flush, with the value changed to (the one {@link #recent} holds),
     * so that a flush writes them without asking the view again (which would also reorder it).
     */
    private final Map<K, V> changed = new LinkedHashMap<>();

    public WriteBack(int entries, Writer<K, V> writer) {
        this.writer = writer;
        this.recent = new LinkedHashMap<>(Math.min(entries, 1024), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                if (size() <= entries) {
                    return false;
                }
                if (changed.remove(eldest.getKey()) != null) {
                    writer.write(eldest.getKey(), eldest.getValue());
                }
                if (eldest.getKey().equals(lastKey)) {
                    forgetLast();
                }
                return true;
            }
        };
    }

    /** The value held for {@code key}, or null when the view does not hold it (ask the store). */
    public V get(K key) {
        if (isLast(key)) {
            return lastValue;
        }
        V v = recent.get(key);
        if (v != null) {
            remember(key, v);
        }
        return v;
    }

    /** Holds {@code value} as read from the store (nothing to write). */
    public void loaded(K key, V value) {
        hold(key, value);
    }

    /** Holds {@code value} as changed: written at the next flush. */
    public void changed(K key, V value) {
        if (lastChanged && value == lastValue && isLast(key)) {
            return; // a mutable value changed again: held as changed, and the youngest in the view
        }
        changed.put(key, value);
        hold(key, value);
        lastChanged = true;
    }

    /**
     * Lets {@code key} out of the view with nothing to write, its change not yet written included:
     * for a key the store does not hold whose value is gone (the caller knows the store has
     * nothing to delete), which a flush would otherwise write as nothing and hold again.
     */
    public void forget(K key) {
        changed.remove(key);
        recent.remove(key);
        if (isLast(key)) {
            forgetLast();
        }
    }

    /**
     * Writes the changed values that {@code settled} accepts now and lets them out of the view,
     * and leaves the others for the next flush. Inside the transaction like any other write (the
     * commit flushes the rest).
     *
     * <p>Why out of the view: a settled value is not changed again in the common course (a scored
     * utterance, until it expires), while the view is what keeps the values still changing from
     * being written and read back; kept, settled values pushed out the ones waiting longest for their
     * next record (docs/performance.md). A settled value asked for again is read from the store.
     */
    public void retireWhere(java.util.function.Predicate<V> settled) {
        for (java.util.Iterator<Map.Entry<K, V>> it = changed.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<K, V> e = it.next();
            if (settled.test(e.getValue())) {
                it.remove();
                writer.write(e.getKey(), e.getValue());
                recent.remove(e.getKey());
                if (isLast(e.getKey())) {
                    forgetLast();
                }
            }
        }
    }

    @Override
    public void flush() {
        for (Map.Entry<K, V> e : changed.entrySet()) {
            hold(e.getKey(), writer.write(e.getKey(), e.getValue()));
        }
        changed.clear();
    }

    @Override
    public void discard() {
        changed.clear();
        recent.clear();
        forgetLast();
    }

    private void hold(K key, V value) {
        forgetLast(); // the put below may push the remembered key out of the view
        recent.put(key, value);
        remember(key, value);
    }

    private void remember(K key, V value) {
        lastKey = key;
        lastValue = value;
        lastChanged = false;
    }

    private void forgetLast() {
        lastKey = null;
        lastValue = null;
        lastChanged = false;
    }

    private boolean isLast(K key) {
        return key == lastKey || (lastKey != null && lastKey.equals(key));
    }

    /** For tests: how many values wait for the next flush. */
    public int pending() {
        return changed.size();
    }
}
