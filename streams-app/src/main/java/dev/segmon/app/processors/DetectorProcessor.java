package dev.segmon.app.processors;

import dev.segmon.app.store.CommitFlushStore;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.app.state.Slice;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.store.WriteBackStore;
import dev.segmon.model.detection.DetectorSettings;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Feeds each closed utterance of the detection topic to its series' change detectors
 * (docs/detection.md) and stores them. The topic is keyed by series, so one task holds a series'
 * detectors and sees its utterances in the topic's order; a record names the slices it belongs to as
 * well, whose detectors that task holds too. The store is changelogged and updated in
 * the same exactly-once transaction as the read, so a restart resumes from exactly the state the
 * committed records made.
 */
public final class DetectorProcessor implements Processor<SeriesKey, Observation, Void, Void> {
    /** Series -> {@link DetectorSeries} bytes: a series' change detectors. */
    public static final StoreSpec<KeyValueStore<SeriesKey, byte[]>> DETECTORS =
            StoreSpec.uncachedKeyValue("segmon-detectors", SeriesKey.SERDE, Serdes.ByteArray());
    /** The task's store that writes the decoded detectors once per commit. */
    public static final StoreSpec<CommitFlushStore> COMMIT_FLUSH = StoreSpec.commitFlush("segmon-detector-commit-flush");
    public static final List<StoreSpec<?>> STORES = List.of(DETECTORS, COMMIT_FLUSH);
    /**
     * Series' detectors kept decoded: each record changes its series' detectors, so they are
     * encoded once per commit ({@link WriteBackStore}), not per record (docs/decisions/0020-detectors-kept-decoded.md).
     */
    static final int DECODED = 1024;

    private final DetectorSettings settings;
    private WriteBackStore<SeriesKey, DetectorSeries> store;

    public DetectorProcessor(DetectorSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        // New on every init: nothing decoded survives a restore or a revived task.
        this.store = WriteBackStore.open(DETECTORS, new WriteBackStore.Codec<>() {
            @Override
            public byte[] encode(SeriesKey key, DetectorSeries series) {
                return series.encode();
            }

            @Override
            public DetectorSeries decode(SeriesKey key, byte[] bytes) {
                return DetectorSeries.decode(bytes, settings);
            }
        }, context, COMMIT_FLUSH, DECODED, 0);
    }

    @Override
    public void process(Record<SeriesKey, Observation> record) {
        if (record.key() == null || record.value() == null) {
            return; // written only by the monitor itself: never happens
        }
        observe(record.key(), record.value(), record.timestamp());
        // The slices the utterance closed in: their detectors live with the pooled series' (docs/slices.md).
        for (Slice slice : record.value().slices()) {
            observe(record.key().in(slice), record.value(), record.timestamp());
        }
    }

    private void observe(SeriesKey key, Observation o, long timestampMs) {
        DetectorSeries series = store.get(key);
        if (series == null) {
            series = new DetectorSeries(key.paired(), settings);
        }
        // Mutable: the series changes in place and is written at the commit.
        series.observe(o, timestampMs);
        store.put(key, series);
    }
}
