package dev.segmon.app.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The decoded values a {@link WriteBackStore} holds: the ones used last (an LRU of bounded size,
 * whose eldest leaves through {@code evicted}), and the key asked for last with its value — a
 * record asks for its key several times, mostly as equal new objects, and an {@code equals}
 * answers the repeats without a hash lookup or a reordering of the LRU.
 */
final class RecentValues<K> {
    private final Map<K, Object> values;
    private K lastKey;
    private Object lastValue;
    /** Whether the last value was held as changed since it was last written. */
    private boolean lastChanged;

    RecentValues(int entries, BiConsumer<K, Object> evicted) {
        this.values = new LinkedHashMap<>(Math.min(entries, 1024), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, Object> eldest) {
                if (size() <= entries) {
                    return false;
                }
                evicted.accept(eldest.getKey(), eldest.getValue());
                if (isLast(eldest.getKey())) {
                    forgetLast();
                }
                return true;
            }
        };
    }

    /** The value held for {@code key}, or null when none is. */
    Object get(K key) {
        if (isLast(key)) {
            return lastValue;
        }
        Object v = values.get(key);
        if (v != null) {
            remember(key, v);
        }
        return v;
    }

    void hold(K key, Object value) {
        forgetLast(); // the put below may push the remembered key out
        values.put(key, value);
        remember(key, value);
    }

    /** Whether {@code value} is what {@code key} was last changed to (a mutable value changed again). */
    boolean changedAlready(K key, Object value) {
        return lastChanged && value == lastValue && isLast(key);
    }

    /** The value just held for {@code key} is a change. */
    void changed() {
        lastChanged = true;
    }

    /** {@code key}'s value was written: a change after this one is a change again. */
    void written(K key) {
        if (isLast(key)) {
            lastChanged = false;
        }
    }

    void remove(K key) {
        values.remove(key);
        if (isLast(key)) {
            forgetLast();
        }
    }

    void clear() {
        values.clear();
        forgetLast();
    }

    private void remember(K key, Object value) {
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
}
