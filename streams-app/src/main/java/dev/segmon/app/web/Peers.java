package dev.segmon.app.web;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.StreamsNotStartedException;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The other instances of the application and their local parts: interactive queries' usual
 * shape. Kafka Streams tells every client the {@code application.server} (host:port of its
 * metrics server) of every other one; each is asked for its {@code scope=local} answer, in
 * parallel, with a short timeout, so one slow or gone instance delays an answer by at most that.
 */
final class Peers {
    /** An instance that does not answer within this is reported as unreachable, not waited for. */
    static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final Supplier<List<HostInfo>> others;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    Peers(Supplier<List<HostInfo>> others) {
        this.others = others;
    }

    /** The clients Kafka Streams knows of except {@code self}; none before the client has started. */
    static Peers of(KafkaStreams streams, HostInfo self) {
        return new Peers(() -> {
            try {
                return streams.metadataForAllStreamsClients().stream().map(StreamsMetadata::hostInfo)
                        .filter(h -> !h.equals(self) && !h.equals(HostInfo.unavailable())).distinct().toList();
            } catch (StreamsNotStartedException e) {
                return List.of();
            }
        });
    }

    /** Every other instance's minutes of (model, tier) from {@code fromMs} on, and who did not answer. */
    Answers<List<MinuteTotals>> windows(String model, String tier, long fromMs) {
        return ask("/api/v1/windows?scope=local&model=" + enc(model) + "&tier=" + enc(tier) + "&from=" + fromMs, body -> {
            List<MinuteTotals> out = new ArrayList<>();
            for (JsonNode w : body.get("windows")) {
                out.add(ApiJson.window(w));
            }
            return out;
        });
    }

    /**
     * Every other instance's answer to {@code pathAndQuery} (a {@code scope=local} request), read
     * by {@code read} from its JSON body, and who did not answer (in time, with 200, or readably).
     */
    <T> Answers<T> ask(String pathAndQuery, Function<JsonNode, T> read) {
        Map<HostInfo, CompletableFuture<T>> calls = new LinkedHashMap<>();
        for (HostInfo peer : others.get()) {
            URI uri = URI.create("http://" + peer.host() + ":" + peer.port() + pathAndQuery);
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
            calls.put(peer, client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(r -> read.apply(parse(r))));
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
