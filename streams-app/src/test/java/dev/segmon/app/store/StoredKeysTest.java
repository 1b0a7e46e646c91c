package dev.segmon.app.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The keys kept beside a store: false only for keys it cannot hold, and nothing known past its capacity. */
class StoredKeysTest {

    @Test
    void beforeAScanEveryKeyMayBeHeld() {
        StoredKeys<String> keys = new StoredKeys<>(10);
        assertFalse(keys.known());
        assertTrue(keys.mayHold("anything"));
    }

    @Test
    void afterAScanOnlyTheScannedAndStoredKeysMayBeHeld() {
        StoredKeys<String> keys = new StoredKeys<>(10);
        keys.scanned(keep -> List.of("a", "b").forEach(keep));
        assertTrue(keys.mayHold("a"));
        assertTrue(keys.mayHold("b"));
        assertFalse(keys.mayHold("c"));
        keys.stored("c");
        keys.deleted("a");
        assertTrue(keys.mayHold("c"));
        assertFalse(keys.mayHold("a"));
    }

    @Test
    void oneKeyPastTheCapacityForgetsThemAllUntilTheNextScan() {
        StoredKeys<String> keys = new StoredKeys<>(2);
        keys.scanned(keep -> List.of("a", "b").forEach(keep));
        keys.stored("a"); // already held: still within the capacity
        assertTrue(keys.known());
        keys.stored("c");
        assertFalse(keys.known());
        assertTrue(keys.mayHold("z"));
        keys.scanned(keep -> keep.accept("a"));
        assertFalse(keys.mayHold("z"));
    }

    @Test
    void aScanPastTheCapacityLeavesNothingKnown() {
        StoredKeys<String> keys = new StoredKeys<>(2);
        keys.scanned(keep -> List.of("a", "b", "c").forEach(keep));
        assertFalse(keys.known());
        assertTrue(keys.mayHold("d"));
    }

    @Test
    void forgettingMakesEveryKeyMayBeHeld() {
        StoredKeys<String> keys = new StoredKeys<>(10);
        keys.scanned(keep -> keep.accept("a"));
        keys.forget();
        assertTrue(keys.mayHold("b"));
    }
}
