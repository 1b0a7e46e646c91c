package dev.segmon.app.processors;

import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.model.detection.DetectorSettings;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import java.util.LinkedHashMap;
import java.util.Map;
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
    /**
     * The detectors of the series seen last, decoded: each record writes its series' bytes to the
     * store, so these equal the store; dropped at init (a restore or a revived task starts from the
     * store). Decoding every record's series was 3.6 % of the stream thread in a profile of the
     * bench (docs/performance.md).
     */
    private final Map<SeriesKey, DetectorSeries> decoded = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<SeriesKey, DetectorSeries> eldest) {
            return size() > DECODED;
        }
    };
    static final int DECODED = 1024;

    /** @param storeName the detectors' store (series -> {@link DetectorSeries} bytes) */
    public DetectorProcessor(String storeName, DetectorSettings settings) {
        this.storeName = storeName;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.store = context.getStateStore(storeName);
        decoded.clear();
    }

    @Override
    public void process(Record<SeriesKey, Observation> record) {
        if (record.key() == null || record.value() == null) {
            return; // written only by the monitor itself: never happens
        }
        DetectorSeries series = decoded.get(record.key());
        if (series == null) {
            byte[] held = store.get(record.key());
            series = held == null ? new DetectorSeries(record.key().paired(), settings) : DetectorSeries.decode(held, settings);
            decoded.put(record.key(), series);
        }
        series.observe(record.value(), record.timestamp());
        store.put(record.key(), series.encode());
    }
}
