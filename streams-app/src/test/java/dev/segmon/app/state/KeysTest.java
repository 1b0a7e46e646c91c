package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import org.junit.jupiter.api.Test;

/** The store keys are values: equal exactly when every field is, with equal hashes then. */
class KeysTest {

    @Test
    void keysAreEqualExactlyWhenEveryFieldIs() {
        // new String(...): equal contents in distinct objects, as keys parsed from two records are.
        HypothesisKey h = new HypothesisKey("utt-1", "word", "asr-a");
        HypothesisKey same = new HypothesisKey(new String("utt-1"), new String("word"), new String("asr-a"));
        assertEquals(h, same);
        assertEquals(h.hashCode(), same.hashCode());
        assertNotEquals(h, new HypothesisKey("utt-1", "word", "asr-b"));
        assertNotEquals(h, new HypothesisKey("utt-1", "phone", "asr-a"));
        assertNotEquals(h, new HypothesisKey("utt-2", "word", "asr-a"));
        // Fields do not trade places: model and tier are not interchangeable.
        assertNotEquals(new HypothesisKey("u", "x", "y"), new HypothesisKey("u", "y", "x"));
        assertNotEquals(h, h.reference());

        UtteranceTier r = h.reference();
        assertEquals(new UtteranceTier(new String("utt-1"), new String("word")), r);
        assertEquals(new UtteranceTier("utt-1", "word").hashCode(), r.hashCode());
        assertNotEquals(r, new UtteranceTier("utt-1", "phone"));
        assertNotEquals(new UtteranceTier("a", "b"), new UtteranceTier("b", "a"));

        ModelTier m = h.series();
        assertEquals(new ModelTier(new String("asr-a"), new String("word")), m);
        assertEquals(new ModelTier("asr-a", "word").hashCode(), m.hashCode());
        assertNotEquals(m, new ModelTier("word", "asr-a"));
        assertNotEquals(m, new ModelTier("asr-a", "phone"));

        SeriesKey pair = new SeriesKey("asr-b", "asr-a", "word");
        assertEquals(new SeriesKey(new String("asr-b"), new String("asr-a"), new String("word")), pair);
        assertEquals(new SeriesKey("asr-b", "asr-a", "word").hashCode(), pair.hashCode());
        assertNotEquals(pair, new SeriesKey("asr-a", "asr-b", "word"));
        assertNotEquals(pair, new SeriesKey("asr-b", "", "word"));
        assertNotEquals(pair, new SeriesKey("asr-b", "asr-a", "phone"));
        assertEquals(new SeriesKey("asr-a", "", "word"), SeriesKey.of(m));
    }
}
