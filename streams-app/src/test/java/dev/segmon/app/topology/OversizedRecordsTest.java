package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.processors.BoundaryProcessor;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * Regression: a record whose array would make one stored state larger than a changelog record
 * may be (1 MB by default) failed the stream thread with RecordTooLargeException, on every
 * restart, since the record is never committed (found by {@code it.BadInputFaultTest} on a real
 * broker: a 939 kB record of 150 000 distinct times). Such records are now dead letters
 * {@code too_large}, and the utterance goes on with what it had. Likewise the dead letter of a
 * record near Kafka's 1 MB limit, which with its headers no longer fitted.
 */
public class OversizedRecordsTest {

    @Test
    void aTimesArrayOverTheRecordLimitIsDeadLetteredAsTooLarge() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.hyp("u1", hyp("u1", times(0, InputEvent.MAX_ARRAY + 1, 0.001)), 0);
            d.hyp("u2", hyp("u2", times(0, InputEvent.MAX_ARRAY, 0.001)), 0);
            assertEquals(List.of("too_large"), reasons(d));
            assertEquals(1, d.deadLetterCount("too_large", "m", "word"));
            assertEquals(1, d.totals("m", "word").open(), "u2 is held, u1 left no state");
        }
    }

    @Test
    void undecidedBoundariesBeyondWhatOneStateMayHoldAreRefusedAndTheUtteranceGoesOn() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            // 10 records of 10 000 distinct times 0.1 ms apart: 100 000 held (no reference yet), the limit.
            int perRecord = InputEvent.MAX_ARRAY;
            for (int k = 0; k * perRecord < BoundaryProcessor.MAX_HELD_TIMES; k++) {
                d.hyp("u1", hyp("u1", times(k * perRecord, perRecord, 0.0001)), 0);
            }
            d.hyp("u1", hyp("u1", "\"time\":10.5"), 0); // one more: refused
            assertEquals(List.of("too_large"), reasons(d));
            d.hyp("u1", hyp("u1", "\"end\":true"), 0);
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0,\"end\":1}],\"final\":true}", 0);
            // By hand: reference boundaries 0 and 1 s; hypothesis times 0, 0.0001, ..., 9.9999 s
            // include 0.0 and 1.0 exactly, so 2 hits; n_hyp = 100 000, n_ref = 2.
            assertEquals(BoundaryCounts.oneToOne(2, 100_000, 2), d.totals("m", "word").counts());
        }
    }

    @Test
    void aReferenceBeyondWhatOneStateMayHoldIsRefusedChunkByChunk() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            // Chunks of 10 000 touching segments of 10 ms: chunk k adds 10 000 times (its start is
            // the previous end) and one span (2 longs). Before chunk k+1 the state holds
            // 10 000 k + 1 times and 2k span ends; a chunk is refused when that plus 2 per segment
            // + 2 exceeds 100 000: k = 7 -> 70 001 + 14 + 20 002 = 90 017 (taken),
            // k = 8 -> 80 001 + 16 + 20 002 = 100 019 (refused).
            for (int k = 0; k <= 8; k++) {
                d.ref("u1", referenceChunk("u1", k), 0);
            }
            assertEquals(List.of("too_large"), reasons(d));
            assertEquals(1, d.deadLetterCount("too_large", "none", "word"));
        }
    }

    @Test
    void theDeadLetterOfARecordNearKafkasSizeLimitIsCutToFitAndSaysSo() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            byte[] value = new byte[1_048_400]; // under Kafka's default 1 048 576, not JSON
            java.util.Arrays.fill(value, (byte) 'x');
            d.hypotheses.pipeInput(new TestRecord<>(SegmonDriver.bytes("u1"), value, SegmonDriver.START));
            TestRecord<byte[], byte[]> dead = d.deadLetters.readRecord();
            // By hand: key 2 bytes; headers (name + value bytes): segmon.reason 13 + malformed_json 14,
            // segmon.detail 13 + "not a JSON object" 17, segmon.source.topic 19 + segmon.hypotheses 17,
            // segmon.source.partition 23 + "0" 1, segmon.source.offset 20 + "0" 1 = 138; with the
            // value 2 + 1 048 400 + 138 = 1 048 540. Adding segmon.truncated 16 + "1048400" 7 leaves
            // 1 000 000 - 2 - 138 - 23 = 999 837 bytes of value.
            assertEquals("1048400", new String(dead.headers().lastHeader("segmon.truncated").value(), StandardCharsets.UTF_8));
            assertEquals(999_837, dead.value().length);
            assertEquals(java.util.Arrays.toString(java.util.Arrays.copyOf(value, 999_837)), java.util.Arrays.toString(dead.value()));
            assertEquals("malformed_json", new String(dead.headers().lastHeader("segmon.reason").value(), StandardCharsets.UTF_8));
        }
    }

    /** Chunk k (not final) of a reference of touching 10 ms segments, {@link Events#MAX_ARRAY} of them per chunk. */
    public static String referenceChunk(String utterance, int k) {
        StringJoiner segs = new StringJoiner(",", "[", "]");
        for (int i = 0; i < InputEvent.MAX_ARRAY; i++) {
            long start = (long) k * InputEvent.MAX_ARRAY + i;
            segs.add(String.format(Locale.ROOT, "{\"start\":%.2f,\"end\":%.2f}", start / 100.0, (start + 1) / 100.0));
        }
        return "{\"utterance\":\"" + utterance + "\",\"tier\":\"word\",\"segments\":" + segs + "}";
    }

    private static String hyp(String utterance, String rest) {
        return "{\"utterance\":\"" + utterance + "\",\"model\":\"m\",\"tier\":\"word\"," + rest + "}";
    }

    /** {@code "times":[...]} with n times first, first + 1, ... in units of {@code step} seconds. */
    private static String times(int first, int n, double step) {
        StringJoiner j = new StringJoiner(",", "\"times\":[", "]");
        for (int i = first; i < first + n; i++) {
            j.add(String.format(Locale.ROOT, "%.6f", i * step));
        }
        return j.toString();
    }

    private static List<String> reasons(SegmonDriver d) {
        return d.deadLetters.readRecordsToList().stream()
                .map(TestRecord::headers)
                .map(h -> new String(h.lastHeader("segmon.reason").value(), StandardCharsets.UTF_8))
                .toList();
    }
}
