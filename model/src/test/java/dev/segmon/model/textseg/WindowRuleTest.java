package dev.segmon.model.textseg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WindowRuleTest {

    @Test
    void masses5And5GiveEachToolsDefault() {
        // docs/text-metrics.md section 3 (each tool's rule, worked by hand): reference masses (5, 5) give k = 4, 2 and 3.
        // NLTK: L = 9 flags, 1 boundary, round(9 / 2) = round(4.5) = 4 (half to even).
        // segeval: mean 5, round(2.5) = 2 (half to even), at least 2.
        // Choi: Math.round(2.5) = 3 (half up).
        Segmentation ref = Segmentation.ofMasses(5, 5);
        assertEquals(4, WindowRule.NLTK.of(ref));
        assertEquals(2, WindowRule.SEGEVAL.of(ref));
        assertEquals(3, WindowRule.CHOI.of(ref));
    }

    @Test
    void roundingAwayFromHalves() {
        // masses (6, 5, 4): N = 15, 3 segments, mean 5 -> mean/2 = 2.5: segeval 2, Choi 3;
        // NLTK: 14 flags, 2 boundaries, 14/4 = 3.5 -> 4 (half to even).
        Segmentation a = Segmentation.ofMasses(6, 5, 4);
        assertEquals(2, WindowRule.SEGEVAL.of(a));
        assertEquals(3, WindowRule.CHOI.of(a));
        assertEquals(4, WindowRule.NLTK.of(a));
        // masses (7, 7): mean 7 -> 3.5: segeval 4 (half to even), Choi 4; NLTK 13/2 = 6.5 -> 6.
        Segmentation b = Segmentation.ofMasses(7, 7);
        assertEquals(4, WindowRule.SEGEVAL.of(b));
        assertEquals(4, WindowRule.CHOI.of(b));
        assertEquals(6, WindowRule.NLTK.of(b));
        // masses (2, 3): mean 2.5 -> 1.25: segeval rounds to 1 and raises it to 2; Choi 1.
        Segmentation c = Segmentation.ofMasses(2, 3);
        assertEquals(2, WindowRule.SEGEVAL.of(c));
        assertEquals(1, WindowRule.CHOI.of(c));
    }

    @Test
    void nltksRuleIsUndefinedWithoutReferenceBoundary() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WindowRule.NLTK.of(Segmentation.ofMasses(10)));
        assertEquals(true, e.getMessage().contains("needs a reference boundary"));
    }
}
