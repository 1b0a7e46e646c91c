package dev.segmon.app.measures;

import dev.segmon.app.processors.SeriesAggregates;
import dev.segmon.app.processors.UtteranceBook;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.wire.HypothesisEvent;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/** Books every {@link Measure} into the series aggregates, as the core books do: at a hypothesis' end and at a close. */
public final class MeasureBook implements UtteranceBook {
    private final List<Measure<?>> measures;
    private SeriesAggregates aggregates;

    public MeasureBook(List<Measure<?>> measures) {
        this.measures = List.copyOf(measures);
    }

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        this.aggregates = aggregates;
    }

    @Override
    public void ended(HypothesisKey key, HypothesisState hypothesis, HypothesisEvent end, long timestampMs) {
        SeriesFigures sum = null;
        for (Measure<?> m : measures) {
            sum = plus(sum, ended(m, hypothesis, end));
        }
        if (sum != null) {
            aggregates.add(key.series(), sum, timestampMs);
        }
    }

    @Override
    public SeriesFigures figures(Closed utterance, boolean scored) {
        SeriesFigures sum = null;
        for (Measure<?> m : measures) {
            sum = plus(sum, closed(m, utterance, scored));
        }
        return sum;
    }

    private static <V> SeriesFigures ended(Measure<V> m, HypothesisState hypothesis, HypothesisEvent end) {
        V v = m.ended(hypothesis, end);
        return v == null ? null : SeriesFigures.of(m.component(), v);
    }

    private static <V> SeriesFigures closed(Measure<V> m, Closed utterance, boolean scored) {
        V v = m.closed(utterance, scored);
        return v == null ? null : SeriesFigures.of(m.component(), v);
    }

    private static SeriesFigures plus(SeriesFigures a, SeriesFigures b) {
        return a == null ? b : b == null ? a : a.plus(b);
    }
}
