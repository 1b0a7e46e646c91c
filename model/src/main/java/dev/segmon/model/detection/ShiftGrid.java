package dev.segmon.model.detection;

import java.util.Arrays;

/**
 * The shifts a {@link MixtureStatistic} mixes over, in standard deviations of one observation,
 * signed (negative: a drop), each with the same prior weight 1/K.
 *
 * <p>A geometric grid makes the mixture scale-free: a change between two neighbours of ratio
 * rho is detected with the information of the nearer one, at least 2 sqrt(rho) - rho of the
 * full (0.97 for rho = sqrt 2), and the prior costs ln K nats of evidence (docs/detection.md).
 *
 * @param shifts the standardised shifts, signed
 */
public record ShiftGrid(double[] shifts) {
    /** The default smallest and largest shift, in standard deviations of one utterance's value. */
    public static final double MIN = 0.05;
    public static final double MAX = 1.6;
    public static final double SINGLE_MAX = 0.8;
    public static final double RATIO = Math.sqrt(2);

    public ShiftGrid {
        if (shifts.length == 0) {
            throw new IllegalArgumentException("a grid needs a shift");
        }
        shifts = shifts.clone();
    }

    /** min, min * ratio, ... up to max (inclusive, within rounding), in the direction(s) given. */
    public static ShiftGrid geometric(Direction direction, double min, double max, double ratio) {
        if (!(min > 0 && max >= min && ratio > 1)) {
            throw new IllegalArgumentException("need 0 < min <= max and ratio > 1");
        }
        int k = (int) Math.floor(Math.log(max / min) / Math.log(ratio) + 1e-9) + 1;
        double[] s = new double[direction == Direction.EITHER ? 2 * k : k];
        for (int j = 0; j < k; j++) {
            double v = min * Math.pow(ratio, j);
            switch (direction) {
                case DOWN -> s[j] = -v;
                case UP -> s[j] = v;
                case EITHER -> {
                    s[2 * j] = -v;
                    s[2 * j + 1] = v;
                }
            }
        }
        return new ShiftGrid(s);
    }

    public int size() {
        return shifts.length;
    }

    public double shift(int j) {
        return shifts[j];
    }

    /** ln(1/K), the log prior weight of each shift. */
    public double logWeight() {
        return -Math.log(shifts.length);
    }

    @Override
    public double[] shifts() {
        return shifts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShiftGrid g && Arrays.equals(shifts, g.shifts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(shifts);
    }

    @Override
    public String toString() {
        return "ShiftGrid" + Arrays.toString(shifts);
    }
}
