package dev.segmon.app.replay;

import java.util.concurrent.TimeUnit;

/** Wall-clock time and waiting, replaceable in tests so that pacing is checked without sleeping. */
public interface Ticker {
    Ticker SYSTEM = new Ticker() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepNanos(long nanos) throws InterruptedException {
            TimeUnit.NANOSECONDS.sleep(nanos);
        }
    };

    long nanoTime();

    void sleepNanos(long nanos) throws InterruptedException;

    /** Waits until {@link #nanoTime()} reaches {@code deadline}; returns at once if it has. */
    default void sleepUntil(long deadline) throws InterruptedException {
        long wait = deadline - nanoTime();
        if (wait > 0) {
            sleepNanos(wait);
        }
    }
}
