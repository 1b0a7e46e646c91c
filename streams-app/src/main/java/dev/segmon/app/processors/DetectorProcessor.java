package dev.segmon.app.processors;

import dev.segmon.app.state.CommitFlushStore;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.model.detection.DetectorSettings;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Feeds each closed utterance of the detection topic to its series' change detectors
 * (docs/detection.md) and stores them. The topic is keyed by series, so one task holds a series'
 * detectors and sees its utterances in the topic's order; the store is changelogged and updated in
 * the same exactly-once transaction as the read, so a restart resumes from exactly the state the
 * committed records made.
 */
public final class DetectorProcessor implements Processor<SeriesKey, Observation, Void, Void> {
    /**
     * Series' detectors kept decoded. Each record changes its series' detectors, and encoding them
     * on every record was 6.5 % of the stream thread in a profile of the bench (docs/performance.md):
     * they are written back once per commit ({@link WriteBack}).
     */
    static final int DECODED = 1024;

    private final String storeName;
    private final String commitFlushStoreName;
    private final DetectorSettings settings;
    private KeyValueStore<SeriesKey, byte[]> store;
    private WriteBack<SeriesKey, DetectorSeries> decoded;

    /**
     * @param storeName the detectors' store (series -> {@link DetectorSeries} bytes)
     * @param commitFlushStoreName the task's {@link CommitFlushStore}
     */
    public DetectorProcessor(String storeName, String commitFlushStoreName, DetectorSettings settings) {
        this.storeName = storeName;
        this.commitFlushStoreName = commitFlushStoreName;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.store = context.getStateStore(storeName);
        // New on every init: nothing decoded survives a restore or a revived task.
        this.decoded = new WriteBack<>(DECODED, (key, series) -> {
            store.put(key, series.encode());
            return series;
        });
        CommitFlushStore commits = context.getStateStore(commitFlushStoreName);
        commits.register(storeName, decoded);
    }

    @Override
    public void process(Record<SeriesKey, Observation> record) {
        if (record.key() == null || record.value() == null) {
            return; // written only by the monitor itself: never happens
        }
        DetectorSeries series = decoded.get(record.key());
        if (series == null) {
            byte[] bytes = store.get(record.key());
            series = bytes == null ? new DetectorSeries(record.key().paired(), settings) : DetectorSeries.decode(bytes, settings);
        }
        // Mutable: the series changes in place and is written at the commit.
        series.observe(record.value(), record.timestamp());
        decoded.changed(record.key(), series);
    }
}
