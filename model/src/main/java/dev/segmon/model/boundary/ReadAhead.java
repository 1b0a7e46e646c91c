package dev.segmon.model.boundary;

import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.UtteranceReader;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Function;

/**
 * Reads one side of a corpus on its own thread, at most {@link #CAPACITY} utterances ahead of
 * the consumer (so memory stays bounded), and hands over each utterance's id and boundaries.
 * The reader is used by that thread only; an exception it throws (bad input) is rethrown to the
 * consumer at the point in the stream where it happened. {@link #close()} stops the thread and
 * waits for it, so the caller may then close the reader.
 */
final class ReadAhead implements AutoCloseable {
    static final int CAPACITY = 256;

    /** One utterance as the scorer needs it: its boundaries, and their words when hits are label-aware. */
    record Item(String id, long[] boundaries, BoundaryWords words) {
    }

    private static final Object END = new Object();

    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Thread thread;
    private Object head;

    ReadAhead(UtteranceReader reader, Function<Utterance, Item> boundaries) {
        thread = new Thread(() -> {
            try {
                while (reader.hasNext()) {
                    Utterance u = reader.next();
                    queue.put(boundaries.apply(u));
                }
                queue.put(END);
            } catch (InterruptedException stopped) {
                // close() was called: the consumer wants no more.
            } catch (RuntimeException | Error e) {
                try {
                    queue.put(e);
                } catch (InterruptedException stopped) {
                    // close() was called.
                }
            }
        }, "segmon-read-" + reader.source());
        thread.setDaemon(true);
        thread.start();
    }

    boolean hasNext() {
        if (head == null) {
            try {
                head = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading ahead", e);
            }
        }
        if (head instanceof RuntimeException e) {
            throw e;
        }
        if (head instanceof Error e) {
            throw e;
        }
        return head != END;
    }

    Item next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Item item = (Item) head;
        head = null;
        return item;
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
