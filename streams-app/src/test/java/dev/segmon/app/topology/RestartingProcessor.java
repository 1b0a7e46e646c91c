package dev.segmon.app.topology;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.BoundaryProcessor;
import dev.segmon.app.processors.TestStores;
import dev.segmon.app.view.StoreView;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

/**
 * The monitor's processor restarted at random points, without a broker: the topology's stores in
 * memory ({@link TestStores}, exactly {@link SegmonTopology#stores}) and a {@link BoundaryProcessor}
 * with its books, built as the topology builds them ({@link SegmonTopology#books}).
 *
 * <p>A restart does what Kafka Streams does when it hands a task's restored stores to a new
 * processor instance (an application restart, a task migration, a task revived after an aborted
 * transaction): the old instance is closed and its punctuators cancelled, then a new processor
 * with new books is initialised on the SAME store contents. So everything the processor and its
 * books derive in memory (the decoded views, the minute windows' view and dirty list, the expiry
 * index, the per-tier model cache, each book's own state) must be rebuilt from the stores at init.
 * The stores here have no record cache and no changelog; a restart happens at a commit (what the
 * processor holds back for the commit is written first, {@link TestStores#commit}), every record processed before it kept, as after a clean shutdown or a crash
 * right after a commit (rolling a crash back to the last commit is the broker's part, proved by
 * the kill -9 tests under {@code it/}).
 *
 * <p>A TopologyTestDriver cannot play this part: closing it deletes its state directory.
 */
final class RestartingProcessor {
    private final MonitorConfig config;
    private final MockProcessorContext<Object, Object> context = new MockProcessorContext<>();
    /** The stores' read-only view, as the exporter reads them (read through {@link #state()}). */
    private final StoreView state;
    /** The last minute window emitted per key (docs/contract.md 3.1, the metrics topic): a key's last record is its minute's total. */
    final Map<String, String> emittedMinutes = new java.util.TreeMap<>();
    /** The scores topic's values in the order the processors wrote them (docs/contract.md 3.1). */
    final List<String> scores = new java.util.ArrayList<>();
    private final Map<String, StateStore> stores;
    private BoundaryProcessor processor;
    private long offset;
    private int restarts;
    private int restartsWhileOpen;

    RestartingProcessor(MonitorConfig.Builder config) {
        this.config = config.bootstrapServers("unused:9092").build();
        this.stores = TestStores.inMemory(context);
        this.state = new StoreView(name -> (ReadOnlyKeyValueStore<?, ?>) stores.get(name),
                name -> (ReadOnlyWindowStore<?, ?>) stores.get(name));
        context.setCurrentSystemTimeMs(0);
        start();
    }

    private void start() {
        processor = new BoundaryProcessor(config, SegmonTopology.SINKS, SegmonTopology.books(config));
        processor.init(context);
    }

    /** The stores' read-only view as of a commit now (what the processor holds back is written first). */
    StoreView state() {
        TestStores.commit(stores);
        return state;
    }

    /** Closes the processor, cancels its punctuators and starts a new one with new books on the same stores. */
    void restart() {
        TestStores.commit(stores); // a restart happens at a commit
        processor.close();
        context.scheduledPunctuators().forEach(MockProcessorContext.CapturedPunctuator::cancel);
        start();
        restarts++;
    }

    /** How often {@link #play} restarted the processor while an utterance of the merge was open. */
    int restartsWhileOpen() {
        return restartsWhileOpen;
    }

    int restarts() {
        return restarts;
    }

    /** A record of one input topic at record time (and wall clock) {@code timestampMs}. */
    void send(String[] message, long timestampMs) {
        context.setCurrentSystemTimeMs(Math.max(context.currentSystemTimeMs(), timestampMs));
        context.setCurrentStreamTimeMs(Math.max(context.currentStreamTimeMs(), timestampMs));
        String topic = message[0].equals("ref") ? config.referencesTopic() : config.hypothesesTopic();
        context.setRecordMetadata(topic, 0, offset++);
        processor.process(new Record<>(bytes(message[1]), bytes(message[2]), timestampMs));
        collectForwards();
    }

    /** Runs the live processor's wall-clock punctuators at {@code wallMs}, as the stream thread would. */
    void punctuate(long wallMs) {
        context.setCurrentSystemTimeMs(wallMs);
        for (MockProcessorContext.CapturedPunctuator p : List.copyOf(context.scheduledPunctuators())) {
            if (!p.cancelled()) {
                p.getPunctuator().punctuate(wallMs);
            }
        }
        collectForwards();
    }

    /**
     * Sends a random merge of {@code streams} (messages {side, utterance, json}), {@code stepMs}
     * of record time apart, restarting the processor after a message with probability {@code
     * chance} and, at two points chosen at random while some utterance is open (one of its streams
     * begun and one not finished), for sure; running the punctuators after a message with the
     * same probability. Returns the record time of the last message.
     */
    long play(Random rnd, List<List<String[]>> streams, long stepMs, double chance) {
        return play(rnd, streams, Interleaving.merge(rnd, streams), stepMs, chance);
    }

    /** {@link #play(Random, List, long, double)} of a merge already drawn: step k at record time (k + 1) * {@code stepMs}. */
    long play(Random rnd, List<List<String[]>> streams, List<Interleaving.Step> steps, long stepMs, double chance) {
        boolean[] open = openAfter(steps, streams);
        List<Integer> candidates = new java.util.ArrayList<>();
        for (int k = 0; k < steps.size(); k++) {
            if (open[k]) {
                candidates.add(k);
            }
        }
        java.util.Collections.shuffle(candidates, rnd);
        Set<Integer> forced = new HashSet<>(candidates.subList(0, Math.min(2, candidates.size())));
        long ts = 0;
        for (int k = 0; k < steps.size(); k++) {
            ts += stepMs;
            send(steps.get(k).message(), ts);
            if (forced.contains(k) || rnd.nextDouble() < chance) {
                restart();
                restartsWhileOpen += open[k] ? 1 : 0;
            }
            if (rnd.nextDouble() < chance) {
                punctuate(ts);
            }
        }
        return ts;
    }

    /**
     * Lets every undecided utterance be decided: two expiry passes reference-max-delay and more
     * of wall clock after {@code lastMs} (the first closes unreferenced hypotheses, the second
     * forgets closed states), with a restart before each with probability one half, so that the
     * rebuilt expiry index is what finds them.
     */
    void expireAll(Random rnd, long lastMs) {
        long wall = lastMs + config.referenceMaxDelay().toMillis() + config.expiryInterval().toMillis();
        for (int pass = 0; pass < 2; pass++) {
            if (rnd.nextBoolean()) {
                restart();
            }
            punctuate(wall + pass * config.expiryInterval().toMillis());
        }
    }

    /** After each step: whether some utterance has a stream begun and a stream not finished. */
    private static boolean[] openAfter(List<Interleaving.Step> steps, List<List<String[]>> streams) {
        Map<String, Integer> unfinished = new HashMap<>(); // streams not finished, per utterance
        for (List<String[]> s : streams) {
            unfinished.merge(s.get(0)[1], 1, Integer::sum);
        }
        Set<String> begun = new HashSet<>();
        boolean[] open = new boolean[steps.size()];
        for (int k = 0; k < steps.size(); k++) {
            String utterance = steps.get(k).message()[1];
            begun.add(utterance);
            if (steps.get(k).last()) {
                unfinished.merge(utterance, -1, Integer::sum);
            }
            open[k] = begun.stream().anyMatch(u -> unfinished.get(u) > 0);
        }
        return open;
    }

    private void collectForwards() {
        for (MockProcessorContext.CapturedForward<?, ?> f : context.forwarded()) {
            if (SegmonTopology.METRICS_SINK.equals(f.childName().orElse(null))) {
                emittedMinutes.put((String) f.record().key(), (String) f.record().value());
            } else if (SegmonTopology.SCORES_SINK.equals(f.childName().orElse(null))) {
                scores.add((String) f.record().value());
            }
        }
        context.resetForwards();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
