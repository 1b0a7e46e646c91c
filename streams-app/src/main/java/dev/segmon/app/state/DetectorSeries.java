package dev.segmon.app.state;

import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.DetectorSettings;
import dev.segmon.model.detection.MeasureDetector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The change detectors of one series (docs/detection.md): one {@link MeasureDetector} per
 * watched measure — precision, recall, F1 and over-segmentation, and the word error rate for a
 * single model once an utterance came scored for words, and its offset bias once an utterance
 * came with the signed offsets of its hits — and the series' evidence per minute of
 * record time over the last {@link #HISTORY_MINUTES} minutes (the largest of its measures'
 * ln statistic / ln threshold), for the live page's small chart.
 *
 * <p>Mutable and owned by the detector processor for one record; the store holds its bytes.
 */
public final class DetectorSeries {
    public static final int HISTORY_MINUTES = 60;
    private static final long MINUTE_MS = 60_000;
    /** 2: a single model learns a block late (MeasureDetector); 1, read as such, held nothing back. */
    private static final byte VERSION = 2;
    private static final byte EARLIER_VERSION = 1;

    private final boolean paired;
    private final DetectorSettings settings;
    private final Map<DetectedMeasure, MeasureDetector> detectors = new EnumMap<>(DetectedMeasure.class);
    private final List<Long> historyMinutes = new ArrayList<>();
    private final List<Double> historyEvidence = new ArrayList<>();

    public DetectorSeries(boolean paired, DetectorSettings settings) {
        this.paired = paired;
        this.settings = settings;
        for (DetectedMeasure m : DetectedMeasure.BOUNDARIES) {
            detectors.put(m, new MeasureDetector(m.direction(), paired, settings));
        }
    }

    /** One closed utterance of the series at record time {@code timeMs}. */
    public void observe(Observation o, long timeMs) {
        for (DetectedMeasure m : DetectedMeasure.BOUNDARIES) {
            detectors.get(m).observe(paired ? m.observation(o.candidate(), o.baseline()) : m.observation(o.candidate()), timeMs);
        }
        if (!paired && o.hasWords()) {
            detectors.computeIfAbsent(DetectedMeasure.WORD_ERROR_RATE, m -> new MeasureDetector(m.direction(), false, settings))
                    .observe(new double[] {o.wordErrors(), o.referenceWords()}, timeMs);
        }
        if (!paired && o.hasOffsets()) {
            // The mean signed offset of the hits as a ratio: offset seconds summed over hits.
            detectors.computeIfAbsent(DetectedMeasure.OFFSET_BIAS, m -> new MeasureDetector(m.direction(), false, settings))
                    .observe(new double[] {o.offsetSumMicros() / 1e6, o.offsetHits()}, timeMs);
        }
        record(timeMs);
    }

    private void record(long timeMs) {
        long minute = Math.floorDiv(timeMs, MINUTE_MS) * MINUTE_MS;
        double evidence = evidence();
        int last = historyMinutes.size() - 1;
        if (last >= 0 && historyMinutes.get(last) == minute) {
            historyEvidence.set(last, Math.max(historyEvidence.get(last), evidence));
        } else if (last < 0 || historyMinutes.get(last) < minute) {
            historyMinutes.add(minute);
            historyEvidence.add(evidence);
        }
        // A late utterance (record time before the last minute) leaves the history as it was.
        while (!historyMinutes.isEmpty() && historyMinutes.get(0) <= minute - HISTORY_MINUTES * MINUTE_MS) {
            historyMinutes.remove(0);
            historyEvidence.remove(0);
        }
    }

    /** The largest ln statistic / ln threshold over the measures (1: a change is called). */
    public double evidence() {
        double e = 0;
        for (MeasureDetector d : detectors.values()) {
            e = Math.max(e, d.evidence());
        }
        return e;
    }

    public boolean paired() {
        return paired;
    }

    /** The detectors by measure (read only: the caller must not feed them). */
    public Map<DetectedMeasure, MeasureDetector> detectors() {
        return java.util.Collections.unmodifiableMap(detectors);
    }

    /** (minute start ms, evidence) per minute, oldest first. */
    public List<double[]> history() {
        List<double[]> out = new ArrayList<>(historyMinutes.size());
        for (int i = 0; i < historyMinutes.size(); i++) {
            out.add(new double[] {historyMinutes.get(i), historyEvidence.get(i)});
        }
        return out;
    }

    public byte[] encode() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(VERSION);
            out.writeBoolean(paired);
            out.writeInt(detectors.size());
            for (Map.Entry<DetectedMeasure, MeasureDetector> e : detectors.entrySet()) {
                out.writeByte(e.getKey().ordinal());
                e.getValue().write(out);
            }
            out.writeInt(historyMinutes.size());
            for (int i = 0; i < historyMinutes.size(); i++) {
                out.writeLong(historyMinutes.get(i));
                out.writeDouble(historyEvidence.get(i));
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@link #encode}'s bytes; {@code settings} applies to detectors still learning and to those added later. */
    public static DetectorSeries decode(byte[] bytes, DetectorSettings settings) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
            byte v = in.readByte();
            if (v != VERSION && v != EARLIER_VERSION) {
                throw new IllegalStateException("detector state written by an unknown segmon version (" + v + ")");
            }
            DetectorSeries s = new DetectorSeries(in.readBoolean(), settings);
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                DetectedMeasure m = DetectedMeasure.values()[in.readByte()];
                s.detectors.put(m, MeasureDetector.read(m.direction(), s.paired, settings, in, v == EARLIER_VERSION));
            }
            int h = in.readInt();
            for (int i = 0; i < h; i++) {
                s.historyMinutes.add(in.readLong());
                s.historyEvidence.add(in.readDouble());
            }
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
