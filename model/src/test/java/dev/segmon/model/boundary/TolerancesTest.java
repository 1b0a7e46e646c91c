package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The per-tier tolerance syntax of docs/contract.md 2.1. */
class TolerancesTest {
    @Test
    void tiersNamedGetTheirOwnWindowOthersTheDefault20ms() {
        Tolerances t = Tolerances.parse("word=0.05,phone=0.02");
        assertEquals(0.05, t.seconds("word"));
        assertEquals(0.02, t.seconds("phone"));
        assertEquals(0.02, t.seconds("syllable"));
        assertEquals(0.02, t.seconds(null));
        assertEquals(50_000, t.micros("word"));
    }

    @Test
    void aBareValueIsTheWindowOfEveryTierNotNamed() {
        assertEquals(0.05, Tolerances.parse("0.05").seconds("phone"));
        Tolerances t = Tolerances.parse("0.03, word=0.2");
        assertEquals(0.2, t.seconds("word"));
        assertEquals(0.03, t.seconds("phone"));
        assertEquals(Tolerances.of(0.03, Map.of("word", 0.2)), t);
        assertEquals(t, Tolerances.parse(t.toString()));
    }

    @Test
    void aTextGridTierOfThatNameNumberedTakesTheNamesWindow() {
        Tolerances t = Tolerances.parse("words=0.2");
        assertEquals(0.2, t.seconds("words#2"));
        assertEquals(0.02, t.seconds("#2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "word=", "=0.1", "word=-1", "0.1,0.2", "word=1,word=2", "word:0.1", "NaN"})
    void malformedTolerancesAreRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> Tolerances.parse(text));
    }
}
