package dev.segmon.app.replay;

/** A clock that only moves when someone sleeps on it. */
public final class FakeTicker implements Ticker {
    private long now;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void sleepNanos(long nanos) {
        now += Math.max(0, nanos);
    }
}
