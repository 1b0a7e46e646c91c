package dev.segmon.model.tde;

import java.util.Arrays;

/** Unit-cost edit distance of two symbol sequences (the {@code editdistance.eval} tdev2 calls). */
final class Levenshtein {
    private Levenshtein() {
    }

    static int distance(int[] a, int[] b) {
        if (Arrays.equals(a, b)) {
            return 0;
        }
        int[] row = new int[b.length + 1];
        for (int j = 0; j <= b.length; j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length; i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length; j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(above + 1, row[j - 1] + 1), diagonal + (a[i - 1] == b[j - 1] ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length];
    }
}
