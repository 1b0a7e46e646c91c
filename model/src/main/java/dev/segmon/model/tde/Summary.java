package dev.segmon.model.tde;

import java.util.List;
import java.util.Objects;

/**
 * A measure summarised over folds as the 2015 TDE (bootphon/tde) reports it: mean, population
 * standard deviation, minimum and maximum. Folds where the measure is undefined (null) are left
 * out; with no defined value every field is null.
 */
public record Summary(Double mean, Double std, Double min, Double max) {

    public static Summary of(List<? extends Number> values) {
        double[] v = values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).toArray();
        if (v.length == 0) {
            return new Summary(null, null, null, null);
        }
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            sum += x;
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        double mean = sum / v.length;
        double squares = 0;
        for (double x : v) {
            squares += (x - mean) * (x - mean);
        }
        return new Summary(mean, Math.sqrt(squares / v.length), min, max);
    }
}
