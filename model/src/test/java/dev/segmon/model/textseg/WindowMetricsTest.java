package dev.segmon.model.textseg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class WindowMetricsTest {

    @Test
    void handCountedWindows() {
        // ref masses (5, 5): flags 000010000; hyp flags 000100000; k = 4, N = 10, 6 windows
        // over flags [i, i+4): i=0 ref 0 hyp 1 (both metrics err), i=1..3 ref 1 hyp 1,
        // i=4 ref 1 hyp 0 (err), i=5 ref 0 hyp 0. Pk = WindowDiff = 2/6.
        WindowCounts c = WindowMetrics.count(Segmentation.ofMasses(5, 5), Segmentation.ofBoundaryString("000100000"), 4);
        assertEquals(new WindowCounts(2, 2, 6), c);
        // ref 0110 (masses 2,1,2), hyp 0100, k = 2, N = 5, 3 windows: flags [0,2) ref 1 hyp 1,
        // [1,3) ref 2 hyp 1 (WindowDiff only), [2,4) ref 1 hyp 0 (both). Pk 1/3, WindowDiff 2/3.
        WindowCounts d = WindowMetrics.count(Segmentation.ofBoundaryString("0110"), Segmentation.ofBoundaryString("0100"), 2);
        assertEquals(new WindowCounts(1, 2, 3), d);
        assertEquals(1.0 / 3, d.pk(), 1e-15);
        assertEquals(2.0 / 3, d.windowDiff(), 1e-15);
    }

    @Test
    void runningCountsEqualRecountingEveryWindow() {
        // Brute force: recount each window's flags from scratch, as NLTK does.
        Random rnd = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            int gaps = 1 + rnd.nextInt(60);
            boolean[] r = new boolean[gaps];
            boolean[] h = new boolean[gaps];
            for (int g = 0; g < gaps; g++) {
                r[g] = rnd.nextInt(4) == 0;
                h[g] = rnd.nextInt(3) == 0;
            }
            int k = 1 + rnd.nextInt(gaps);
            long pk = 0;
            long wd = 0;
            for (int i = 0; i + k <= gaps; i++) {
                int rc = 0;
                int hc = 0;
                for (int g = i; g < i + k; g++) {
                    rc += r[g] ? 1 : 0;
                    hc += h[g] ? 1 : 0;
                }
                pk += (rc > 0) != (hc > 0) ? 1 : 0;
                wd += rc != hc ? 1 : 0;
            }
            assertEquals(new WindowCounts(pk, wd, gaps - k + 1),
                    WindowMetrics.count(Segmentation.ofBoundaries(r), Segmentation.ofBoundaries(h), k));
        }
    }

    @Test
    void aWindowOutside1ToNMinus1IsRefused() {
        Segmentation s = Segmentation.ofMasses(2, 2);
        assertThrows(IllegalArgumentException.class, () -> WindowMetrics.count(s, s, 0));
        assertThrows(IllegalArgumentException.class, () -> WindowMetrics.count(s, s, 4));
        assertEquals(new WindowCounts(0, 0, 1), WindowMetrics.count(s, s, 3));
    }

    @Test
    void largeDocumentsScoreInLinearTime() {
        // NLTK's WindowDiff recounts k flags per window: N = 400k, k = N/2 would be 8e10 steps.
        int n = 400_000;
        boolean[] r = new boolean[n - 1];
        boolean[] h = new boolean[n - 1];
        for (int g = 0; g < n - 1; g++) {
            r[g] = g % 97 == 0;
            h[g] = g % 89 == 0;
        }
        long start = System.nanoTime();
        WindowMetrics.count(Segmentation.ofBoundaries(r), Segmentation.ofBoundaries(h), n / 2);
        assertEquals(true, System.nanoTime() - start < 2_000_000_000L);
    }
}
