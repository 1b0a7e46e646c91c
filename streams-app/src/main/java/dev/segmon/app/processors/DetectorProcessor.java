package dev.segmon.app.processors;

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
    private final String storeName;
    private final DetectorSettings settings;
    private KeyValueStore<SeriesKey, byte[]> store;

    /** @param storeName the detectors' store (series -> {@link DetectorSeries} bytes) */
    public DetectorProcessor(String storeName, DetectorSettings settings) {
        this.storeName = storeName;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.store = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<SeriesKey, Observation> record) {
        if (record.key() == null || record.value() == null) {
            return; // written only by the monitor itself: never happens
        }
        byte[] held = store.get(record.key());
        DetectorSeries series = held == null ? new DetectorSeries(record.key().paired(), settings) : DetectorSeries.decode(held, settings);
        series.observe(record.value(), record.timestamp());
        store.put(record.key(), series.encode());
    }
}
