package dev.segmon.app.replay;

import dev.segmon.model.Micros;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;

/**
 * A random sending order of an utterance's boundaries in which no boundary arrives after one
 * more than {@code within} seconds of audio later than itself, i.e. within the monitor's
 * {@code --max-disorder} rule (docs/contract.md 3.1) when {@code within <= max-disorder}.
 *
 * <p>Each boundary t gets the sort key t + u with u uniform in [0, within). If b' is sent before
 * b then t' <= key(b') <= key(b) = t + u < t + within: every earlier boundary is less than
 * {@code within} seconds later in audio time.
 */
public final class BoundaryShuffle {
    private BoundaryShuffle() {
    }

    /** The boundaries (microseconds, any order) in a sending order; {@code within == 0} sorts them. */
    public static long[] order(long[] micros, double within, Random random) {
        if (!(within >= 0) || Double.isInfinite(within)) {
            throw new IllegalArgumentException("shuffle bound must be a finite number of seconds >= 0, not " + within);
        }
        long bound = Micros.of(within);
        long[][] keyed = new long[micros.length][];
        for (int i = 0; i < micros.length; i++) {
            // (long) of a value below bound is at most bound - 1 microseconds: strictly inside.
            long jitter = bound == 0 ? 0 : (long) (random.nextDouble() * bound);
            keyed[i] = new long[] {micros[i] + jitter, micros[i]};
        }
        Arrays.sort(keyed, Comparator.<long[]>comparingLong(p -> p[0]).thenComparingLong(p -> p[1]));
        long[] out = new long[micros.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = keyed[i][1];
        }
        return out;
    }
}
