package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.state.WordList.Word;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Transcripts that append in place stay values: a list made earlier never sees a later word. */
class WordListTest {

    @Test
    void anEarlierListKeepsItsWordsWhenALaterOneAppends() {
        WordList one = WordList.EMPTY.plus(List.of(new Word(0, 10, "a")));
        WordList two = one.plus(List.of(new Word(10, 20, "b")));
        WordList three = two.plus(List.of(new Word(20, 30, "c")));
        assertEquals(List.of("a"), one.words());
        assertEquals(List.of("a", "b"), two.words());
        assertEquals(List.of("a", "b", "c"), three.words());
        // Appending to the earlier list again gives its own words, not the later list's.
        WordList other = one.plus(List.of(new Word(10, 20, "x")));
        assertEquals(List.of("a", "x"), other.words());
        assertEquals(List.of("a", "b", "c"), three.words());
        assertFalse(other.contains(new Word(10, 20, "b")));
        assertTrue(three.contains(new Word(10, 20, "b")));
    }

    @Test
    void wordsOutOfOrderAreMergedIntoTranscriptOrder() {
        WordList l = WordList.EMPTY.plus(List.of(new Word(20, 30, "c"))).plus(List.of(new Word(0, 10, "a"), new Word(10, 20, "b")));
        assertEquals(List.of("a", "b", "c"), l.words());
        assertEquals(WordList.EMPTY.plus(List.of(new Word(0, 10, "a"), new Word(10, 20, "b"), new Word(20, 30, "c"))), l);
        // Held units: 2 for the times and (4 + 1 byte + 7) / 8 = 1 for each one-letter word.
        assertEquals(9, l.heldUnits());
        assertEquals(false, WordList.NONE.present());
        assertEquals(true, WordList.NONE.plus(List.of()).present());
    }
}
