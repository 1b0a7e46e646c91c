package dev.segmon.app.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.metrics.http.PeerTransport;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.StreamsNotStartedException;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The other instances of the application and their local parts: interactive queries' usual
 * shape. Kafka Streams tells every client the {@code application.server} (host:port of its
 * metrics server) of every other one; each is asked for its {@code scope=local} answer, in
 * parallel, with a short timeout, so one slow or gone instance delays an answer by at most that.
 *
 * <p>Each is asked as this port is served ({@link PeerTransport}: https with TLS, this instance's
 * certificate for one that asks for a client certificate) and with the caller's own
 * {@code Authorization}, which every instance of one web configuration accepts alike.
 */
final class Peers {
    /** An instance that does not answer within this is reported as unreachable, not waited for. */
    static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final Supplier<List<HostInfo>> others;
    private final PeerTransport transport;
    /** The client for the transport's TLS context of the moment (it changes with a rotated certificate). */
    private volatile Client client;

    private record Client(SSLContext tls, HttpClient http) {
    }

    Peers(Supplier<List<HostInfo>> others) {
        this(others, PeerTransport.PLAIN);
    }

    Peers(Supplier<List<HostInfo>> others, PeerTransport transport) {
        this.others = others;
        this.transport = transport;
    }

    /** The clients Kafka Streams knows of except {@code self}; none before the client has started. */
    static Peers of(KafkaStreams streams, HostInfo self, PeerTransport transport) {
        return new Peers(() -> {
            try {
                return streams.metadataForAllStreamsClients().stream().map(StreamsMetadata::hostInfo)
                        .filter(h -> !h.equals(self) && !h.equals(HostInfo.unavailable())).distinct().toList();
            } catch (StreamsNotStartedException e) {
                return List.of();
            }
        }, transport);
    }

    private HttpClient http() {
        SSLContext tls = transport.sslContext();
        Client c = client;
        if (c == null || c.tls() != tls) {
            HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(TIMEOUT);
            if (tls != null) {
                b.sslContext(tls);
            }
            c = new Client(tls, b.build());
            client = c;
        }
        return c.http();
    }

    /** Every other instance's minutes of (model, tier) from {@code fromMs} on, and who did not answer; {@code authorization} is the caller's (null: none). */
    Answers<List<MinuteTotals>> windows(String model, String tier, long fromMs, String authorization) {
        return ask("/api/v1/windows?scope=local&model=" + enc(model) + "&tier=" + enc(tier) + "&from=" + fromMs, authorization, body -> {
            List<MinuteTotals> out = new ArrayList<>();
            for (JsonNode w : body.get("windows")) {
                out.add(ApiJson.window(w));
            }
            return out;
        });
    }

    /**
     * Every other instance's answer to {@code pathAndQuery} (a {@code scope=local} request), read
     * by {@code read} from its JSON body, and who did not answer (in time, with 200, or readably),
     * asked with the caller's {@code authorization} (null: none).
     */
    <T> Answers<T> ask(String pathAndQuery, String authorization, Function<JsonNode, T> read) {
        Map<HostInfo, CompletableFuture<T>> calls = new LinkedHashMap<>();
        HttpClient http = http();
        for (HostInfo peer : others.get()) {
            String host = peer.host().contains(":") ? "[" + peer.host() + "]" : peer.host();
            URI uri = URI.create(transport.scheme() + "://" + host + ":" + peer.port() + pathAndQuery);
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            calls.put(peer, http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString()).thenApply(r -> read.apply(parse(r))));
        }
        List<T> found = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        calls.forEach((peer, call) -> {
            try {
                found.add(call.join());
            } catch (RuntimeException e) {
                unreachable.add(peer.host() + ":" + peer.port());
            }
        });
        return new Answers<>(calls.size(), found, unreachable);
    }

    /** The others' answers: how many were asked, the answers of those that answered, and the rest. */
    record Answers<T>(int asked, List<T> answers, List<String> unreachable) {
        /** No other instance asked: what a {@code scope=local} request sums. */
        static <T> Answers<T> none() {
            return new Answers<>(0, List.of(), List.of());
        }
    }

    private static JsonNode parse(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + response.statusCode());
        }
        try {
            return ApiJson.MAPPER.readTree(response.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
