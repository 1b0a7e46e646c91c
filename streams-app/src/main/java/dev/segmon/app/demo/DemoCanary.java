package dev.segmon.app.demo;

import java.time.Duration;

/**
 * The demo's canary: the healthy model's twin, compared with it, with two faults a release can
 * bring. From {@link #DRIFTS_AT} on its boundaries come {@link #DRIFT} late (the offset-bias
 * detector's case), and from {@link #LOSES_AT} on it drops {@link #ADDED_DELETION} more of the
 * boundaries of {@link #LANGUAGE} utterances (recall falls by about that much on that language
 * only: the per-slice comparison's case, while the pooled F1 moves by about
 * share x loss / 2, docs/demo-broker-replay.md).
 *
 * <p>The demo scores words within {@link #TOLERANCE}: a drift is measured as an offset only while
 * the shifted boundaries stay hits, and with 8 ms jitter a 15 ms drift leaves P(N(15, 8) > 50 ms)
 * = P(Z > 4.4), about 6e-6 of them outside 50 ms, where at 20 ms it would leave P(Z > 0.625) = 27 %
 * (standard normal table) and read as a recall drop.
 */
public final class DemoCanary {
    public static final String NAME = "canary";
    public static final String BASELINE = "healthy";
    /** The demo's word tolerance, seconds (forced aligners' word errors are reported as 20-60 ms, docs/boundaries.md). */
    public static final double TOLERANCE = 0.05;
    public static final Duration DRIFTS_AT = Duration.ofMinutes(3);
    public static final double DRIFT = 0.015;
    public static final String LANGUAGE = "de";
    public static final Duration LOSES_AT = Duration.ofMinutes(4);
    /** Added to the healthy deletion probability on {@link #LANGUAGE}: a 7-point recall drop there. */
    public static final double ADDED_DELETION = 0.07;

    private DemoCanary() {
    }

    /** The canary made from {@code healthy}: its twin with the drift and the one-language loss. */
    public static SimulatedModel of(SimulatedModel healthy) {
        return healthy.named(NAME).driftingLate(DRIFTS_AT, DRIFT)
                .losing(LANGUAGE, LOSES_AT, Math.min(1, healthy.deletion() + ADDED_DELETION));
    }
}
