package dev.segmon.app.replay;

/** Spaces messages 1/rate apart on average: message n goes no earlier than start + n/rate (0 = no limit). */
final class Pacer {
    private final Ticker ticker;
    private final double eventsPerSecond;
    private final long start;
    private long count;

    Pacer(Ticker ticker, double eventsPerSecond) {
        this.ticker = ticker;
        this.eventsPerSecond = eventsPerSecond;
        this.start = ticker.nanoTime();
    }

    void await() throws InterruptedException {
        if (eventsPerSecond > 0) {
            ticker.sleepUntil(start + (long) (count * 1e9 / eventsPerSecond));
        }
        count++;
    }
}
