package dev.segmon.model.interval;

/** A closed interval [lower, upper]. */
public record Interval(double lower, double upper) {
    /** The interval clipped to [min, max]. */
    public Interval clip(double min, double max) {
        return new Interval(Math.max(min, lower), Math.min(max, upper));
    }

    public boolean contains(double x) {
        return lower <= x && x <= upper;
    }

    public double[] toArray() {
        return new double[] {lower, upper};
    }
}
