package dev.segmon.model.tde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.io.FileInterval;
import dev.segmon.model.io.InputException;
import dev.segmon.model.io.IntervalBlock;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FoldTest {

    @Test
    void aFoldIntervalMustContainTheWholeItem() {
        Fold f = Fold.of(new IntervalBlock("1", 1, List.of(
                new FileInterval("a", 0, 10, 1), new FileInterval("a", 2, 3, 2), new FileInterval("b", 5, 6, 3))));
        assertTrue(f.covers("a", 4, 9));   // inside [0, 10] although [2, 3] starts later
        assertTrue(f.covers("a", 0, 10));  // bounds inclusive
        assertFalse(f.covers("a", 9, 11)); // sticks out
        assertFalse(f.covers("b", 4, 6));
        assertFalse(f.covers("c", 0, 1));
    }

    @Test
    void wholeFileFoldsCoverEverythingInTheirFiles() {
        Fold f = Fold.ofFiles("spk", List.of("a"));
        assertTrue(f.covers("a", 0, Long.MAX_VALUE));
        assertFalse(f.covers("b", 0, 1));
    }

    @Test
    void summaryIsMeanPopulationStdMinMaxOfDefinedValues() {
        // {1, 0, 0.5}: mean 0.5, variance (0.25 + 0.25 + 0) / 3
        Summary s = Summary.of(Arrays.asList(1.0, null, 0.0, 0.5));
        assertEquals(0.5, s.mean(), 1e-15);
        assertEquals(Math.sqrt(0.5 / 3), s.std(), 1e-15);
        assertEquals(0.0, s.min());
        assertEquals(1.0, s.max());
        assertNull(Summary.of(Arrays.asList((Double) null)).mean());
    }

    @Test
    void speakerIsTheNameUpToTheFirstUnderscoreUnlessARegexSaysOtherwise() {
        SpeakerRule d = SpeakerRule.untilUnderscore();
        assertEquals("A08", d.speaker("A08"));
        assertEquals("s0101a", d.speaker("s0101a_100"));
        SpeakerRule buckeye = SpeakerRule.regex("^(s\\d\\d)");
        assertEquals("s01", buckeye.speaker("s0101a_100"));
        assertEquals(List.of("s01", "s02"), buckeye.folds(List.of("s0102a_1", "s0201b_3", "s0101a_100"))
                .stream().map(Fold::name).toList());
        assertEquals("D", SpeakerRule.regex("[A-D]").speaker("D21")); // no group: the whole match
        assertThrows(InputException.class, () -> buckeye.speaker("A08"));
    }
}
