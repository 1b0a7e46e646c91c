package dev.segmon.app.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WriteBackTest {
    private final List<String> written = new ArrayList<>();

    private WriteBack<String, Integer> view(int entries) {
        return new WriteBack<>(entries, (key, value) -> {
            written.add(key + "=" + value);
            return value;
        });
    }

    @Test
    void aValueChangedByManyRecordsIsWrittenOnceAtTheCommitWithItsLastValue() {
        WriteBack<String, Integer> v = view(16);
        for (int i = 1; i <= 21; i++) {
            v.changed("u1", i); // 21 records of one utterance between two commits
        }
        assertEquals(List.of(), written, "nothing before the commit");
        assertEquals(21, v.get("u1"), "readers see the change at once");
        v.flush();
        assertEquals(List.of("u1=21"), written);
        v.flush();
        assertEquals(List.of("u1=21"), written, "a second commit has nothing to write");
    }

    @Test
    void aForgottenKeyLeavesTheViewWithItsUnwrittenChange() {
        WriteBack<String, Integer> v = view(16);
        v.changed("u1", 3); // labels carried and dropped within one commit
        v.changed("u2", 4);
        v.forget("u1");
        assertNull(v.get("u1"), "asked of the store from now on");
        v.flush();
        assertEquals(List.of("u2=4"), written, "only the key still changed is written");
    }

    @Test
    void aValueReadFromTheStoreIsNotWrittenBack() {
        WriteBack<String, Integer> v = view(16);
        v.loaded("u1", 7);
        v.flush();
        assertEquals(List.of(), written);
        assertEquals(7, v.get("u1"));
    }

    @Test
    void aChangedValuePushedOutOfTheViewIsWrittenAtOnceAndNotAgain() {
        WriteBack<String, Integer> v = view(2);
        v.changed("a", 1);
        v.changed("b", 2);
        v.changed("c", 3); // a, the eldest, leaves the view: written now
        assertEquals(List.of("a=1"), written);
        assertNull(v.get("a"), "asked of the store from now on");
        v.flush();
        assertEquals(List.of("a=1", "b=2", "c=3"), written);
    }

    @Test
    void theKeyAskedForLastIsAnsweredAsTheViewHoldsIt() {
        WriteBack<String, Integer> v = view(2);
        String key = "a";
        v.changed(key, 1);
        assertEquals(1, v.get(key));
        v.changed(key, 2); // the same key object changed again: the next read sees the change
        assertEquals(2, v.get(key));
        v.loaded("b", 5);
        assertEquals(5, v.get("b"));
        assertEquals(2, v.get(key), "a key asked for before another one still answers its own value");
        v.loaded("c", 6); // b, the eldest now, leaves the view
        assertNull(v.get("b"), "a key pushed out of the view is not answered from memory");
        v.discard();
        assertNull(v.get(key), "nor one the view forgot");
        assertNull(v.get("c"));
    }

    @Test
    void aMutableValueChangedAgainUnderEqualKeysIsWrittenOnceAndAgainAfterTheCommit() {
        List<String> seen = new ArrayList<>();
        WriteBack<String, int[]> v = new WriteBack<>(2, (key, value) -> {
            seen.add(key + "=" + value[0]);
            return value;
        });
        int[] state = {0};
        for (int i = 1; i <= 5; i++) {
            state[0] = i;
            v.changed(new String("u1"), state); // an equal key, a new object, as each record builds it
            assertEquals(i, v.get(new String("u1"))[0]);
        }
        v.flush();
        assertEquals(List.of("u1=5"), seen);
        state[0] = 6;
        v.changed("u1", state); // changed again after the commit: written at the next one
        v.flush();
        assertEquals(List.of("u1=5", "u1=6"), seen);
        // Pushed out while changed: written at once, and the view no longer answers for it.
        state[0] = 7;
        v.changed("u1", state);
        v.changed("u2", new int[] {1});
        v.changed("u3", new int[] {1});
        assertEquals(List.of("u1=5", "u1=6", "u1=7"), seen);
        assertNull(v.get("u1"));
    }

    @Test
    void settledValuesAreWrittenOnTheTickAndLeaveTheViewToTheOnesStillChanging() {
        WriteBack<String, Integer> v = view(2);
        v.changed("waiting", 1); // the eldest: a reference whose hypotheses have not come yet
        v.changed("scored", -1); // negative: settled
        v.retireWhere(x -> x < 0);
        assertEquals(List.of("scored=-1"), written);
        assertNull(v.get("scored"), "out of the view: asked of the store, where it was just written");
        v.changed("next", 2); // the view of two has room: the waiting value is not pushed out
        assertEquals(List.of("scored=-1"), written);
        assertEquals(1, v.get("waiting"));
        v.flush();
        assertEquals(List.of("scored=-1", "waiting=1", "next=2"), written);
    }

    @Test
    void aDiscardedCommitForgetsWhatWasNotWritten() {
        WriteBack<String, Integer> v = view(16);
        v.changed("u1", 1);
        v.flush();
        v.changed("u1", 2); // then the transaction aborts
        v.discard();
        assertNull(v.get("u1"), "read again from the restored store");
        v.flush();
        assertEquals(List.of("u1=1"), written);
    }
}
