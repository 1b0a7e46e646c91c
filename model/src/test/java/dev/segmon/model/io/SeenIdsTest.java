package dev.segmon.model.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SeenIdsTest {

    @Test
    void repeatedIdIsRejectedInSortedAndShuffledOrder() {
        Random random = new Random(9);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ids.add(String.format("utt%07d", i));
        }
        for (boolean shuffle : new boolean[] {false, true}) {
            List<String> order = new ArrayList<>(ids);
            if (shuffle) {
                Collections.shuffle(order, random);
            }
            SeenIds seen = new SeenIds();
            for (String id : order) {
                assertTrue(seen.add(id), id);
            }
            // Every id again, in a random order: each is a repeat.
            Collections.shuffle(order, random);
            for (String id : order.subList(0, 1000)) {
                assertFalse(seen.add(id), id);
            }
        }
    }

    @Test
    void aRepeatRightAfterTheFirstIsRejected() {
        SeenIds seen = new SeenIds();
        assertTrue(seen.add("b"));
        assertFalse(seen.add("b"));
        assertTrue(seen.add("a"));
        assertFalse(seen.add("a"));
        assertFalse(seen.add("b"));
        assertTrue(seen.add("c"));
    }
}
