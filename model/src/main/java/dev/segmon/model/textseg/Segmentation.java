package dev.segmon.model.textseg;

import java.util.Arrays;

/**
 * A linear segmentation of {@code units} units, held as one flag per gap between adjacent units
 * (NLTK's boundary string: N - 1 flags for N units). Immutable.
 */
public final class Segmentation {
    private final boolean[] boundaries;
    private final int boundaryCount;

    private Segmentation(boolean[] boundaries) {
        this.boundaries = boundaries;
        int count = 0;
        for (boolean b : boundaries) {
            if (b) {
                count++;
            }
        }
        this.boundaryCount = count;
    }

    /** From segment masses (segeval's format): {@code [5, 3, 5]} has boundaries after units 5 and 8. */
    public static Segmentation ofMasses(int... masses) {
        if (masses.length == 0) {
            throw new IllegalArgumentException("\"masses\" is empty: give at least one segment");
        }
        long units = 0;
        for (int m : masses) {
            if (m < 1) {
                throw new IllegalArgumentException("a segment mass must be at least 1, not " + m);
            }
            units += m;
        }
        if (units > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many units (" + units + ")");
        }
        boolean[] gaps = new boolean[(int) units - 1];
        int at = 0;
        for (int i = 0; i < masses.length - 1; i++) {
            at += masses[i];
            gaps[at - 1] = true;
        }
        return new Segmentation(gaps);
    }

    /** From gap flags, {@code true} where a boundary separates unit i from unit i + 1. */
    public static Segmentation ofBoundaries(boolean... gaps) {
        return new Segmentation(gaps.clone());
    }

    /** From an NLTK boundary string of '0' and '1' characters, one per gap. */
    public static Segmentation ofBoundaryString(String flags) {
        boolean[] gaps = new boolean[flags.length()];
        for (int i = 0; i < gaps.length; i++) {
            char c = flags.charAt(i);
            if (c != '0' && c != '1') {
                throw new IllegalArgumentException("boundary flag " + i + " is '" + c + "': use '0' or '1'");
            }
            gaps[i] = c == '1';
        }
        return new Segmentation(gaps);
    }

    /**
     * From a partial segmentation: half-open unit ranges, ascending and not overlapping, within
     * {@code [0, length)}. Units no range covers form gaps, and each gap becomes one segment of
     * its own, so boundaries lie at every range start and end strictly inside the document.
     */
    public static Segmentation ofPartial(int length, int[][] ranges) {
        if (length < 1) {
            throw new IllegalArgumentException("\"length\" must be at least 1, not " + length);
        }
        boolean[] gaps = new boolean[length - 1];
        int previousEnd = 0;
        for (int i = 0; i < ranges.length; i++) {
            int start = ranges[i][0];
            int end = ranges[i][1];
            if (start >= end || end > length) {
                throw new IllegalArgumentException("segment " + i + " [" + start + ", " + end
                        + ") is not a non-empty range within [0, " + length + ")");
            }
            if (start < previousEnd) {
                throw new IllegalArgumentException("segment " + i + " [" + start + ", " + end
                        + ") starts before the previous segment ends (" + previousEnd + "): list segments in order, without overlap");
            }
            mark(gaps, start);
            mark(gaps, end);
            previousEnd = end;
        }
        return new Segmentation(gaps);
    }

    private static void mark(boolean[] gaps, int position) {
        if (position > 0 && position <= gaps.length) {
            gaps[position - 1] = true; // a boundary at unit position p lies in gap p - 1
        }
    }

    /** N, the number of units. */
    public int units() {
        return boundaries.length + 1;
    }

    /** The number of boundaries (segments - 1). */
    public int boundaryCount() {
        return boundaryCount;
    }

    public int segments() {
        return boundaryCount + 1;
    }

    /** Whether a boundary lies between unit {@code gap} and unit {@code gap + 1}. */
    public boolean boundaryAt(int gap) {
        return boundaries[gap];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Segmentation s && Arrays.equals(boundaries, s.boundaries);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(boundaries);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(boundaries.length);
        for (boolean b : boundaries) {
            sb.append(b ? '1' : '0');
        }
        return sb.toString();
    }
}
