package dev.segmon.model.interval;

/**
 * The scale a confidence interval is built on. An estimate v with standard error SE is mapped
 * to g(v), given the half-width h = t SE g'(v) there (the delta method: SE of g(v) is
 * SE |g'(v)|) and mapped back: [g^-1(g(v) - h), g^-1(g(v) + h)].
 *
 * <ul>
 *   <li>{@link #LINEAR}: g(v) = v, the interval v -+ t SE (the paired differences, which are not
 *       bounded).</li>
 *   <li>{@link #LOGIT}: g(v) = logit v = log(v / (1 - v)), g'(v) = 1 / (v (1 - v)), for a
 *       proportion (precision, recall, F1): the logit interval for a survey proportion, Korn and
 *       Graubard, "Confidence intervals for proportions with small expected number of positive
 *       counts estimated from survey data", Survey Methodology 24:193-201, 1998; R's survey
 *       package, {@code svyciprop(method = "logit")}. It lies within (0, 1) by construction.</li>
 *   <li>{@link #LOG_ONE_PLUS}: g(v) = log(1 + v), g'(v) = 1 / (1 + v), for over-segmentation
 *       v = y/r - 1, i.e. the log scale of the ratio y/r; it lies within (-1, inf).</li>
 * </ul>
 *
 * Where g'(v) is undefined (a proportion of 0 or 1, a ratio of 0) the standard error is 0 (every
 * utterance has a_i = R b_i), and so is it where SE = 0 otherwise: the interval is then [v, v].
 */
public enum Scale {
    LINEAR {
        @Override
        boolean defined(double v) {
            return true;
        }

        @Override
        double forward(double v) {
            return v;
        }

        @Override
        double slope(double v) {
            return 1;
        }

        @Override
        double back(double x) {
            return x;
        }
    },
    LOGIT {
        @Override
        boolean defined(double v) {
            return v > 0 && v < 1;
        }

        @Override
        double forward(double v) {
            return Math.log(v / (1 - v));
        }

        @Override
        double slope(double v) {
            return 1 / (v * (1 - v));
        }

        @Override
        double back(double x) {
            return 1 / (1 + Math.exp(-x));
        }
    },
    LOG_ONE_PLUS {
        @Override
        boolean defined(double v) {
            return v > -1;
        }

        @Override
        double forward(double v) {
            return Math.log(1 + v);
        }

        @Override
        double slope(double v) {
            return 1 / (1 + v);
        }

        @Override
        double back(double x) {
            return Math.exp(x) - 1;
        }
    };

    abstract boolean defined(double v);

    abstract double forward(double v);

    abstract double slope(double v);

    abstract double back(double x);

    /** The interval for the estimate {@code value} with standard error {@code se} and critical value {@code t}. */
    public Interval interval(double value, double se, double t) {
        if (se == 0 || !defined(value)) {
            return new Interval(value, value);
        }
        double x = forward(value);
        double half = t * se * slope(value);
        return new Interval(back(x - half), back(x + half));
    }
}
