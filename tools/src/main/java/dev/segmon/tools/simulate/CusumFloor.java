package dev.segmon.tools.simulate;

/**
 * The floor of a change's detection delay: the optimal CUSUM (Page 1954; optimal for Lorden's
 * criterion, Moustakides 1986), told the change's size in standard deviations, its threshold set
 * by Siegmund's approximation (Siegmund 1985, "Sequential Analysis", eq. 2.56).
 */
final class CusumFloor {
    /** Siegmund's overshoot constant, rho = 0.583 (Siegmund 1985). */
    static final double RHO = 0.583;

    private final double delta;
    private final double sign;
    private final double threshold;
    private double statistic;

    /** A CUSUM for a shift of {@code shift} standard deviations, started at 0, with the threshold {@code threshold}. */
    CusumFloor(double shift, double threshold) {
        this.delta = Math.abs(shift);
        this.sign = Math.signum(shift);
        this.threshold = threshold;
    }

    /** Adds one standardised observation; true once the statistic has reached the threshold. */
    boolean observe(double z) {
        statistic = Math.max(0, statistic + delta * sign * z - delta * delta / 2);
        return statistic >= threshold;
    }

    /**
     * The CUSUM threshold h whose mean time to false alarm is {@code arl} observations for a shift
     * of {@code delta} standard deviations, by Siegmund's approximation
     * ARL0 = (e^b - b - 1) / (delta^2 / 2), b = h + 2 rho delta; solved by bisection.
     */
    static double threshold(double delta, double arl) {
        double lo = 0;
        double hi = 100;
        for (int i = 0; i < 200; i++) {
            double h = (lo + hi) / 2;
            double b = h + 2 * RHO * delta;
            double v = (Math.exp(b) - b - 1) / (delta * delta / 2);
            if (v < arl) {
                lo = h;
            } else {
                hi = h;
            }
        }
        return (lo + hi) / 2;
    }
}
