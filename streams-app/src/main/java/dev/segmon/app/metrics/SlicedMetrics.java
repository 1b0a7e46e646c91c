package dev.segmon.app.metrics;

import dev.segmon.app.state.Slice;
import dev.segmon.app.view.ChangeView;
import dev.segmon.app.view.EstimateView;
import dev.segmon.app.view.IntervalView;
import dev.segmon.app.view.StoreView;
import dev.segmon.app.view.TimingView;
import dev.segmon.app.view.WordView;
import dev.segmon.model.detection.DetectorSettings;
import java.util.function.LongSupplier;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusScrapeRequest;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The series' metric families, pooled and per slice (docs/slices.md): the collectors built on the
 * pooled view give every family as without slices; the same collectors built on each slice's view
 * ({@link StoreView#slice}) add their counters and gauges, each point labelled with the slice's key
 * and value ({@code lang="de"}) and the key's name ({@code slice="lang"}). The one place where a slice becomes a label. Histograms are pooled
 * only: a slice books no hit offsets.
 */
public final class SlicedMetrics implements MultiCollector {
    private final StoreView stores;
    private final Function<StoreView, List<MultiCollector>> collectors;
    private final List<MultiCollector> pooled;
    private final SliceCapMetrics capped;
    private final boolean sliced;

    /**
     * {@code collectors}: the families' collectors over a view; {@code sliced}: whether slice keys are
     * set (without, a scrape reads no more than the pooled collectors do); {@code capped}: the cap's counter.
     */
    public SlicedMetrics(StoreView stores, Function<StoreView, List<MultiCollector>> collectors, boolean sliced, SliceCapMetrics capped) {
        this.stores = stores;
        this.sliced = sliced;
        this.collectors = collectors;
        this.pooled = collectors.apply(stores);
        this.capped = capped;
    }

    /** Every family of the series over one view (the pooled series', or a slice's), with {@code clock} for the sliding windows. */
    public static List<MultiCollector> families(StoreView stores, DetectorSettings detector, LongSupplier clock) {
        return List.of(new StoreMetrics(stores, clock), new IntervalMetrics(new IntervalView(stores), clock),
                new WordMetrics(new WordView(stores), clock), new TimingMetrics(new TimingView(stores), clock),
                new EstimateMetrics(new EstimateView(stores), clock),
                new ChangeMetrics(new ChangeView(stores, detector)));
    }

    @Override
    public MetricSnapshots collect() {
        return collect(name -> true);
    }

    /** The query parameter of a scrape that asks for the pooled series alone: {@code /metrics?slice=pooled}. */
    public static final String POOLED_ONLY = "slice=pooled";

    /** A scrape request that asks for the pooled series alone (MetricsServer's, for {@link #POOLED_ONLY}). */
    public static final PrometheusScrapeRequest POOLED_REQUEST = new PrometheusScrapeRequest() {
        @Override
        public String getRequestPath() {
            return "/metrics";
        }

        @Override
        public String[] getParameterValues(String name) {
            return name.equals(SLICE_LABEL) ? new String[] {"pooled"} : null;
        }
    };

    @Override
    public MetricSnapshots collect(Predicate<String> included, PrometheusScrapeRequest request) {
        String[] slice = request == null ? null : request.getParameterValues(SLICE_LABEL);
        if (sliced && slice != null && java.util.Arrays.asList(slice).contains("pooled")) {
            // The pooled collectors alone, on the stores as they are: what a monitor without slice keys reads.
            return collect(included, false);
        }
        return collect(included);
    }

    @Override
    public MetricSnapshots collect(Predicate<String> included) {
        return collect(included, sliced);
    }

    /** The families of the pooled series and, with {@code withSlices}, every slice's. */
    private MetricSnapshots collect(Predicate<String> included, boolean withSlices) {
        Map<String, MetricSnapshot> families = new LinkedHashMap<>();
        Map<String, List<Object>> added = new LinkedHashMap<>();
        // One read of each store for the pooled view and every slice's.
        StoreView read = withSlices ? stores.snapshot() : stores;
        for (MultiCollector c : withSlices ? collectors.apply(read) : pooled) {
            if (!wanted(c, included)) {
                continue;
            }
            c.collect(included).forEach(m -> families.put(m.getMetadata().getPrometheusName(), m));
        }
        for (Slice s : withSlices ? read.slices() : java.util.Set.<Slice>of()) {
            for (MultiCollector c : collectors.apply(read.slice(s))) {
                if (!wanted(c, included)) {
                    continue;
                }
                for (MetricSnapshot m : c.collect(included)) {
                    List<Object> points = added.computeIfAbsent(m.getMetadata().getPrometheusName(), k -> new ArrayList<>());
                    m.getDataPoints().forEach(p -> points.add(relabelled(p, s)));
                }
            }
        }
        MetricSnapshots.Builder out = MetricSnapshots.builder();
        families.forEach((name, m) -> out.metricSnapshot(merged(m, added.getOrDefault(name, List.of()))));
        if (capped != null) {
            capped.collect(included).forEach(out::metricSnapshot);
        }
        return out.build();
    }

    /**
     * Whether a scrape that includes {@code included} needs the collector: not when it names its
     * families and none is included, the client library's rule for a registered collector, which
     * this wrapper would otherwise defeat (a {@code name[]} poll would run every view, every slice's too).
     */
    static boolean wanted(MultiCollector c, Predicate<String> included) {
        List<String> names = c.getPrometheusNames();
        return names.isEmpty() || names.stream().anyMatch(included);
    }

    private static Object relabelled(Object point, Slice s) {
        if (point instanceof CounterDataPointSnapshot p) {
            return new CounterDataPointSnapshot(p.getValue(), with(p.getLabels(), s), p.getExemplar(), 0);
        }
        if (point instanceof GaugeDataPointSnapshot p) {
            return new GaugeDataPointSnapshot(p.getValue(), with(p.getLabels(), s), p.getExemplar());
        }
        return null;
    }

    /** The slice's value under its key's name, and the key under {@code slice}, so that {@code {slice=""}} selects the pooled series of any family. */
    private static Labels with(Labels labels, Slice s) {
        return labels.add(s.key(), s.value()).add(SLICE_LABEL, s.key());
    }

    /** The label that names a slice point's key; absent on the pooled series. */
    public static final String SLICE_LABEL = "slice";

    private static MetricSnapshot merged(MetricSnapshot m, List<Object> slicePoints) {
        if (m instanceof CounterSnapshot c && !slicePoints.isEmpty()) {
            List<CounterDataPointSnapshot> all = new ArrayList<>(c.getDataPoints());
            slicePoints.forEach(p -> all.add((CounterDataPointSnapshot) p));
            return new CounterSnapshot(c.getMetadata(), all);
        }
        if (m instanceof GaugeSnapshot g && !slicePoints.isEmpty()) {
            List<GaugeDataPointSnapshot> all = new ArrayList<>(g.getDataPoints());
            slicePoints.forEach(p -> all.add((GaugeDataPointSnapshot) p));
            return new GaugeSnapshot(g.getMetadata(), all);
        }
        return m;
    }

    @Override
    public List<String> getPrometheusNames() {
        List<String> names = new ArrayList<>();
        pooled.forEach(c -> names.addAll(c.getPrometheusNames()));
        if (capped != null) {
            names.addAll(capped.getPrometheusNames());
        }
        return names;
    }
}
