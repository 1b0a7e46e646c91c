package dev.segmon.model.textseg;

/**
 * Pk and WindowDiff counts in O(N) time and O(1) extra memory.
 *
 * <p>A window of size k spans k consecutive gaps (units i and i + k, as in segeval's positions, or
 * k flags of NLTK's boundary string); there are N - k windows. Pk counts the windows where exactly
 * one side has a boundary inside; WindowDiff those where the sides' boundary counts differ. NLTK
 * (nltk.metrics.segmentation) and segeval (segeval.window) both divide by N - k, and agree with
 * each other at equal k; both recount every window (O(N k)). Here the two counts are kept
 * running: sliding the window by one adds the gap entering and removes the gap leaving.
 */
public final class WindowMetrics {
    private WindowMetrics() {
    }

    /** Counts for one document; {@code 1 <= k < N} and both sides the same length. */
    public static WindowCounts count(Segmentation reference, Segmentation hypothesis, int k) {
        int units = reference.units();
        if (hypothesis.units() != units) {
            throw new IllegalArgumentException("unit counts differ: " + units + " vs " + hypothesis.units());
        }
        if (k < 1 || k >= units) {
            throw new IllegalArgumentException("window k = " + k + " must satisfy 1 <= k < N = " + units);
        }
        int ref = 0;
        int hyp = 0;
        for (int g = 0; g < k; g++) {
            ref += reference.boundaryAt(g) ? 1 : 0;
            hyp += hypothesis.boundaryAt(g) ? 1 : 0;
        }
        long pk = 0;
        long wd = 0;
        int windows = units - k;
        for (int i = 0; ; i++) {
            if ((ref > 0) != (hyp > 0)) {
                pk++;
            }
            if (ref != hyp) {
                wd++;
            }
            if (i == windows - 1) {
                break;
            }
            // slide: gap i leaves, gap i + k enters
            ref += (reference.boundaryAt(i + k) ? 1 : 0) - (reference.boundaryAt(i) ? 1 : 0);
            hyp += (hypothesis.boundaryAt(i + k) ? 1 : 0) - (hypothesis.boundaryAt(i) ? 1 : 0);
        }
        return new WindowCounts(pk, wd, windows);
    }
}
