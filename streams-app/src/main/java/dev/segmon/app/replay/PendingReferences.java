package dev.segmon.app.replay;

import dev.segmon.model.alignment.Utterance;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The references a replay holds back for their delay after their utterance's {@code end}, sent
 * when they fall due. Due times are non-decreasing, so a FIFO queue suffices.
 */
final class PendingReferences {

    /** Sends one reference ({@code reference} null: an empty one) of the {@code utterance}-th utterance. */
    interface Sender {
        void send(String id, Utterance reference, long utterance);
    }

    private record Pending(String id, Utterance reference, long utterance, long due) {
    }

    private final Deque<Pending> pending = new ArrayDeque<>();
    private final Ticker ticker;
    private final Pacer pacer;
    private final Sender sender;

    PendingReferences(Ticker ticker, Pacer pacer, Sender sender) {
        this.ticker = ticker;
        this.pacer = pacer;
        this.sender = sender;
    }

    /** Holds the reference of {@code id} until {@code due} (the ticker's nanoseconds). */
    void add(String id, Utterance reference, long utterance, long due) {
        pending.add(new Pending(id, reference, utterance, due));
    }

    /** Sends the references whose time has come, or all of them (waiting for each) when {@code all}. */
    long sendDue(boolean all) throws InterruptedException {
        long n = 0;
        while (!pending.isEmpty() && (all || pending.peekFirst().due() <= ticker.nanoTime())) {
            Pending p = pending.pollFirst();
            ticker.sleepUntil(p.due());
            pacer.await();
            sender.send(p.id(), p.reference(), p.utterance());
            n++;
        }
        return n;
    }
}
