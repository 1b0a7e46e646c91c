package dev.segmon.model.detection;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A Shiryaev-Roberts statistic mixed over shifts of a standardised observation (Shiryaev 1963;
 * Roberts 1966; the mixture: Pollak and Siegmund 1975, and Tartakovsky, Nikiforov and Basseville,
 * "Sequential Analysis", 2014, ch. 8), with, for each shift, a CUSUM (Page 1954) that dates the
 * change and measures it.
 *
 * <p>For shift s (in standard deviations) an observation z adds the log-likelihood ratio of
 * N(s, 1) against N(0, 1), lambda = s z - s^2/2, and the statistic of that shift is
 * R_n = (1 + R_{n-1}) exp(lambda_n), R_0 = 0. Before a change every R_n - n is a martingale with
 * mean 0, and so is the mixture's sum_j w_j (R_n^j - n) with weights summing to 1: stopping when
 * the mixture first reaches A gives a mean time to a false alarm of at least A observations
 * (Pollak 1987; the argument of Tartakovsky et al. 2014, lemma 8.2.1). It is kept in logs, and each
 * shift's ln R_n is capped at {@code cap}, so that after a change that is over the statistic
 * falls below the threshold in a bounded time; the cap lies above the threshold and does not
 * change when it is first reached.
 *
 * <p>Each shift's CUSUM C_n = max(0, C_{n-1} + lambda_n) starts an excursion at the first
 * observation after it was 0: the excursion's start estimates the change time and the mean of the
 * (unstandardised) observations since estimates the change's size (the CUSUM's maximum-likelihood
 * change point, Page 1954; Hinkley 1971). The shift whose statistic is largest answers for the
 * mixture.
 *
 * <p>Mutable, owned by one {@link MeasureDetector}; {@link #write}/{@link #read} carry it
 * through a state store.
 */
public final class MixtureStatistic {
    private final ShiftGrid grid;
    private final double[] logR;
    private final double[] cusum;
    private final long[] since;
    private final double[] sum;
    private final long[] count;
    /** sum_i exp(s_j z_i) over the observations the null is learned from, and how many. */
    private final double[] expSum;
    private long seen;
    /** Which shifts use the learned moment-generating function (the others the normal's). */
    private final double empiricalFrom;
    /**
     * Whether quiet observations join the learned null a block late ({@link #rotate}): the block
     * being filled and the one before it, exp sums and counts.
     */
    private final boolean delayed;
    private final double[] blockExpSum;
    private long blockSeen;
    private final double[] heldExpSum;
    private long heldSeen;

    public MixtureStatistic(ShiftGrid grid) {
        this(grid, Double.POSITIVE_INFINITY);
    }

    public MixtureStatistic(ShiftGrid grid, double empiricalFrom) {
        this(grid, empiricalFrom, false);
    }

    /**
     * @param empiricalFrom shifts at least this large (in absolute value) use the null's learned
     *                      moment-generating function; 0: all of them
     * @param delayed       quiet observations join the learned null only when {@link #rotate}
     *                      hands on the block before the current one
     */
    public MixtureStatistic(ShiftGrid grid, double empiricalFrom, boolean delayed) {
        this.grid = grid;
        this.empiricalFrom = empiricalFrom;
        this.delayed = delayed;
        int k = grid.size();
        blockExpSum = new double[delayed ? k : 0];
        heldExpSum = new double[delayed ? k : 0];
        logR = new double[k];
        cusum = new double[k];
        since = new long[k];
        sum = new double[k];
        count = new long[k];
        expSum = new double[k];
        java.util.Arrays.fill(logR, Double.NEGATIVE_INFINITY);
    }

    /**
     * One observation: {@code z} standardised (for the log-likelihood ratios), {@code u} in the
     * measure's units (for the size of the change), {@code margin} >= 0 the smallest change worth
     * calling (in the units of z: each shift sees z moved toward 0 by it), at {@code timeMs};
     * {@code learnNull}: the observation also teaches the null's moment-generating function (false
     * while a change is suspected, so that a change is not learned as the normal).
     */
    public void update(double z, double u, double margin, long timeMs, double cap, boolean learnNull) {
        for (int j = 0; j < logR.length; j++) {
            double s = grid.shift(j);
            double lambda = s * (z - Math.signum(s) * margin) - cumulant(j);
            logR[j] = Math.min(softplus(logR[j]) + lambda, cap);
            if (cusum[j] <= 0) {
                since[j] = timeMs;
                sum[j] = 0;
                count[j] = 0;
            }
            cusum[j] = Math.max(0, cusum[j] + lambda);
            sum[j] += u;
            count[j]++;
        }
        if (learnNull) {
            double[] into = delayed ? blockExpSum : expSum;
            for (int j = 0; j < logR.length; j++) {
                into[j] += Math.exp(grid.shift(j) * z);
            }
            if (delayed) {
                blockSeen++;
            } else {
                seen++;
            }
        }
    }

    /**
     * Closes the block being filled (a delayed statistic): the block before it joins the learned
     * null if {@code keep} (no change suspected now), or is dropped; the closed block waits for the
     * next call. An observation is thus learned one to two blocks after it was seen, by which time
     * a change it belonged to has had that long to be suspected.
     */
    public void rotate(boolean keep) {
        if (!delayed) {
            return;
        }
        for (int j = 0; j < logR.length; j++) {
            if (keep) {
                expSum[j] += heldExpSum[j];
            }
            heldExpSum[j] = blockExpSum[j];
            blockExpSum[j] = 0;
        }
        if (keep) {
            seen += heldSeen;
        }
        heldSeen = blockSeen;
        blockSeen = 0;
    }

    /** A statistic started afresh with this one's grid and learned null (after a false alarm in a simulation). */
    public MixtureStatistic restarted() {
        MixtureStatistic m = new MixtureStatistic(grid, empiricalFrom, delayed);
        System.arraycopy(expSum, 0, m.expSum, 0, expSum.length);
        m.seen = seen;
        System.arraycopy(blockExpSum, 0, m.blockExpSum, 0, blockExpSum.length);
        m.blockSeen = blockSeen;
        System.arraycopy(heldExpSum, 0, m.heldExpSum, 0, heldExpSum.length);
        m.heldSeen = heldSeen;
        return m;
    }

    /**
     * psi(s_j) = ln E exp(s_j z) under no change: the log-likelihood ratio s z - psi(s) of the
     * exponential tilt of the null by s has E exp(.) = 1 for any distribution of z, which is what
     * the guarantee needs. For a normal z, psi(s) = s^2/2. Per-utterance values are not normal: a
     * single model's are skewed (a few bad utterances), a comparison's differences heavy-tailed, and
     * with s^2/2 the statistic of the larger shifts drifted up under no change (docs/detection.md).
     * Where it matters (cumulants beyond the variance enter as s^3 and s^4), shifts from
     * {@code empiricalFrom} use the learned one, ln((sum_i e^{s z_i} + P e^{s^2/2}) / (n + P)), the
     * empirical moment-generating function over quiet observations before this one, shrunk toward
     * the normal's by {@link #PRIOR} pseudo-observations, and never below the normal's (sampling
     * error must not make it smaller, which would inflate the statistic).
     */
    double cumulant(int j) {
        double s = grid.shift(j);
        double normal = s * s / 2;
        if (Math.abs(s) < empiricalFrom) {
            return normal;
        }
        return Math.max(normal, Math.log((expSum[j] + PRIOR * Math.exp(normal)) / (seen + PRIOR)));
    }

    /** Pseudo-observations of the normal's moment-generating function in {@link #cumulant}. */
    static final double PRIOR = 50;

    /** ln of sum_j w_j R_n^j (-infinity before the first observation). */
    public double logStatistic() {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : logR) {
            max = Math.max(max, v);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            return max;
        }
        double s = 0;
        for (double v : logR) {
            s += Math.exp(v - max);
        }
        return max + Math.log(s) + grid.logWeight();
    }

    /** The shift whose statistic is largest. */
    public int leading() {
        int best = 0;
        for (int j = 1; j < logR.length; j++) {
            if (logR[j] > logR[best]) {
                best = j;
            }
        }
        return best;
    }

    /** Start (ms) of the leading shift's current CUSUM excursion, or null when it is at 0. */
    public Long since() {
        int j = leading();
        return cusum[j] > 0 ? since[j] : null;
    }

    /** Mean of the observations (measure units) since the leading shift's excursion began; 0 when none. */
    public double estimate() {
        int j = leading();
        return cusum[j] > 0 && count[j] > 0 ? sum[j] / count[j] : 0;
    }

    public ShiftGrid grid() {
        return grid;
    }

    /** ln(1 + e^x), exact for large and for very negative x. */
    static double softplus(double x) {
        return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
    }

    public void write(DataOutput out) throws IOException {
        out.writeDouble(empiricalFrom);
        out.writeLong(seen);
        out.writeInt(logR.length);
        for (int j = 0; j < logR.length; j++) {
            out.writeDouble(grid.shift(j));
            out.writeDouble(logR[j]);
            out.writeDouble(cusum[j]);
            out.writeLong(since[j]);
            out.writeDouble(sum[j]);
            out.writeLong(count[j]);
            out.writeDouble(expSum[j]);
        }
        out.writeBoolean(delayed);
        if (delayed) {
            out.writeLong(blockSeen);
            out.writeLong(heldSeen);
            for (int j = 0; j < logR.length; j++) {
                out.writeDouble(blockExpSum[j]);
                out.writeDouble(heldExpSum[j]);
            }
        }
    }

    /** Reads what {@link #write} wrote (with its grid: settings changed since leave a running statistic as it was). */
    public static MixtureStatistic read(DataInput in) throws IOException {
        return read(in, null);
    }

    /**
     * Reads bytes written before the delayed learning (no blocks held back); {@code delayed}: the
     * statistic goes on learning a block late from now.
     */
    public static MixtureStatistic readEarlier(DataInput in, boolean delayed) throws IOException {
        return read(in, delayed);
    }

    private static MixtureStatistic read(DataInput in, Boolean earlierDelayed) throws IOException {
        double empiricalFrom = in.readDouble();
        long seen = in.readLong();
        int k = in.readInt();
        double[] shifts = new double[k];
        double[][] rows = new double[k][4];
        long[][] longs = new long[k][2];
        for (int j = 0; j < k; j++) {
            shifts[j] = in.readDouble();
            rows[j][0] = in.readDouble();
            rows[j][1] = in.readDouble();
            longs[j][0] = in.readLong();
            rows[j][2] = in.readDouble();
            longs[j][1] = in.readLong();
            rows[j][3] = in.readDouble();
        }
        boolean current = earlierDelayed == null;
        boolean delayed = current ? in.readBoolean() : earlierDelayed;
        MixtureStatistic m = new MixtureStatistic(new ShiftGrid(shifts), empiricalFrom, delayed);
        m.seen = seen;
        if (current && delayed) {
            m.blockSeen = in.readLong();
            m.heldSeen = in.readLong();
            for (int j = 0; j < k; j++) {
                m.blockExpSum[j] = in.readDouble();
                m.heldExpSum[j] = in.readDouble();
            }
        }
        for (int j = 0; j < k; j++) {
            m.logR[j] = rows[j][0];
            m.cusum[j] = rows[j][1];
            m.since[j] = longs[j][0];
            m.sum[j] = rows[j][2];
            m.count[j] = longs[j][1];
            m.expSum[j] = rows[j][3];
        }
        return m;
    }
}
