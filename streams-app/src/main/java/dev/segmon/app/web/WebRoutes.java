package dev.segmon.app.web;

import dev.segmon.app.view.IntervalView;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.view.WordView;

import com.sun.net.httpserver.HttpHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import dev.segmon.app.metrics.http.PeerTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;

/** The live page's routes on the metrics port: {@code /}, {@code /api/v1/windows}, {@code /api/v1/overview}, {@code /api/v1/summary}. */
public final class WebRoutes {
    private WebRoutes() {
    }

    /**
     * The handlers by exact path, for a client whose
     * {@code application.server} is {@code self}; {@code changes} is what this instance's change
     * detectors hold ({@link ChangeSource#none()} where there are none).
     */
    public static Map<String, HttpHandler> handlers(KafkaStreams streams, MonitorView state, IntervalView intervals, WordView words, HostInfo self,
                                                    PrometheusRegistry segmon, ChangeSource changes, PeerTransport transport) {
        StateWindows figures = new StateWindows(state, intervals, words);
        return handlers(figures, figures, changes, Peers.of(streams, self, transport), segmon);
    }

    static Map<String, HttpHandler> handlers(WindowSource windows, OverviewSource overview, ChangeSource changes, Peers peers,
                                             PrometheusRegistry segmon) {
        Map<String, HttpHandler> h = new LinkedHashMap<>();
        PageAssets page = new PageAssets();
        page.assets().keySet().forEach(path -> h.put(path, page));
        h.put("/api/v1/windows", new WindowsApi(windows, peers, System::currentTimeMillis));
        h.put("/api/v1/overview", new OverviewApi(overview, changes, peers, System::currentTimeMillis));
        h.put("/api/v1/summary", new SummaryApi(segmon, System::currentTimeMillis));
        return h;
    }

    /**
     * What this instance tells the others to call it ({@code application.server}): the host's
     * address and the metrics port. Set {@code kafka.application.server} to override it where
     * the address other instances reach differs (a service name, NAT).
     */
    public static String applicationServer(int port) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostAddress();
        } catch (UnknownHostException e) {
            host = InetAddress.getLoopbackAddress().getHostAddress();
        }
        return host + ":" + port;
    }

    /** {@link #applicationServer(int)} for a port bound to {@code bound}: its own address when it is one address (--web-listen-address), not every interface. */
    public static String applicationServer(InetSocketAddress bound) {
        InetAddress a = bound.getAddress();
        if (a == null || a.isAnyLocalAddress()) {
            return applicationServer(bound.getPort());
        }
        String host = a.getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + bound.getPort();
    }
}
