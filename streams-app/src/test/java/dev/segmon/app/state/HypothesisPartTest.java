package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.app.state.WordList.Word;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A part appended to in place stays what it was to everyone who holds it. */
class HypothesisPartTest {
    private static HypothesisPart part(long time, String word) {
        return new HypothesisPart(new long[] {time}, List.of(new Word(time, time + 100_000, word)));
    }

    @Test
    void appendingRecordByRecordHoldsWhatOneRecordOfEverythingHolds() {
        HypothesisPart tail = HypothesisPart.EMPTY;
        for (int i = 0; i < 20; i++) {
            tail = tail.plus(part(i * 100_000L, "w" + i));
        }
        long[] times = new long[20];
        Word[] words = new Word[20];
        for (int i = 0; i < 20; i++) {
            times[i] = i * 100_000L;
            words[i] = new Word(times[i], times[i] + 100_000, "w" + i);
        }
        HypothesisPart whole = new HypothesisPart(times, List.of(words));
        assertEquals(whole, tail);
        assertEquals(40, tail.units());
        assertArrayEquals(times, tail.times());
        assertEquals(List.of(words), tail.words());
        assertArrayEquals(whole.encode(), tail.encode());
        assertEquals(whole, HypothesisPart.decode(tail.encode()));
    }

    @Test
    void aPartDoesNotSeeWhatWasAppendedToItAfterwards() {
        HypothesisPart one = HypothesisPart.EMPTY.plus(part(100_000, "a"));
        HypothesisPart two = one.plus(part(200_000, "b"));
        assertArrayEquals(new long[] {100_000}, one.times());
        assertEquals(List.of(new Word(100_000, 200_000, "a")), one.words());
        assertEquals(1, one.encode()[1]); // the time count, a one-byte varint after the version byte
        assertArrayEquals(new long[] {100_000, 200_000}, two.times());
    }

    @Test
    void twoAppendsToTheSamePartKeepTheirOwnAdditions() {
        HypothesisPart base = HypothesisPart.EMPTY.plus(part(100_000, "a"));
        HypothesisPart left = base.plus(part(200_000, "b"));
        // base is no longer the last part built on its arrays: this append copies and leaves left alone.
        HypothesisPart right = base.plus(part(300_000, "c"));
        assertArrayEquals(new long[] {100_000, 200_000}, left.times());
        assertEquals("b", left.words().get(1).word());
        assertArrayEquals(new long[] {100_000, 300_000}, right.times());
        assertEquals("c", right.words().get(1).word());
        // And each keeps appending on its own.
        assertArrayEquals(new long[] {100_000, 200_000, 400_000}, left.plus(part(400_000, "d")).times());
        assertArrayEquals(new long[] {100_000, 300_000, 500_000}, right.plus(part(500_000, "e")).times());
        assertArrayEquals(new long[] {100_000}, base.times());
    }

    @Test
    void theWordsAreReadOnlyAndTheTimesACopy() {
        HypothesisPart p = HypothesisPart.EMPTY.plus(part(100_000, "a")).plus(part(200_000, "b"));
        assertThrows(UnsupportedOperationException.class, () -> p.words().add(new Word(0, 1, "x")));
        p.times()[0] = 7; // the array handed out is not the part's
        assertArrayEquals(new long[] {100_000, 200_000}, p.times());
        long[] given = {1, 2};
        HypothesisPart q = new HypothesisPart(given, List.of());
        given[0] = 9; // nor does the part keep the caller's array
        assertArrayEquals(new long[] {1, 2}, q.times());
    }
}
