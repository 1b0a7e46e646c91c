package dev.segmon.app.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * {@code GET /api/v1/windows?model=M&tier=T&minutes=N} (docs/contract.md 3.3): the per-minute
 * counts of the whole application, this instance's summed with every other instance's
 * ({@link Peers}). With {@code scope=local} (what instances ask each other) only this instance's,
 * from {@code from} (epoch ms) when given, so that all instances cut at the asker's minute.
 *
 * <p>{@code minutes} counts back from the current minute (wall clock), the current one included;
 * minutes without counts are left out. Besides the contract's fields the answer says how many
 * instances answered and which did not ({@code unreachable}), so that a partial sum is visible.
 */
final class WindowsApi implements HttpHandler {
    static final int DEFAULT_MINUTES = 60;
    /** The contract's "at least the last 24 h". */
    static final int MAX_MINUTES = 24 * 60;
    private static final long MINUTE_MS = 60_000L;

    private final WindowSource source;
    private final Peers peers;
    private final LongSupplier wallClock;

    WindowsApi(WindowSource source, Peers peers, LongSupplier wallClock) {
        this.source = source;
        this.peers = peers;
        this.wallClock = wallClock;
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        Map<String, String> q = Http.query(ex);
        String model = q.get("model");
        String tier = q.getOrDefault("tier", "word");
        if (model == null || model.isEmpty() || tier.isEmpty()) {
            Http.error(ex, 400, "model is required (and tier, default word): /api/v1/windows?model=M&tier=T&minutes=N");
            return;
        }
        long from;
        try {
            from = from(q);
        } catch (IllegalArgumentException e) {
            Http.error(ex, 400, e.getMessage());
            return;
        }
        boolean local = "local".equals(q.get("scope"));
        List<List<MinuteTotals>> parts = new ArrayList<>();
        parts.add(source.local(model, tier, from, Long.MAX_VALUE));
        Peers.Answers<List<MinuteTotals>> others = local ? Peers.Answers.none() : peers.windows(model, tier, from, ex.getRequestHeaders().getFirst("Authorization"));
        parts.addAll(others.answers());

        ObjectNode body = ApiJson.MAPPER.createObjectNode();
        body.put("model", model);
        body.put("tier", tier);
        body.put("from", java.time.Instant.ofEpochMilli(from).toString());
        body.put("instances", 1 + others.answers().size());
        ArrayNode unreachable = body.putArray("unreachable");
        others.unreachable().forEach(unreachable::add);
        ArrayNode windows = body.putArray("windows");
        for (MinuteTotals w : WindowSource.merge(parts)) {
            windows.add(ApiJson.window(w));
        }
        Http.respond(ex, 200, Http.JSON, body.toString());
    }

    /** The first minute asked for: {@code from} if given, else {@code minutes} back from now's minute. */
    private long from(Map<String, String> q) {
        if (q.containsKey("from")) {
            return Http.number(q.get("from"), "from", Long.MIN_VALUE, Long.MAX_VALUE);
        }
        return firstMinute(wallClock.getAsLong(), q.containsKey("minutes") ? Http.number(q.get("minutes"), "minutes", 1, MAX_MINUTES) : DEFAULT_MINUTES);
    }

    /** The first of the {@code minutes} minutes ending with the one {@code nowMs} falls in. */
    static long firstMinute(long nowMs, long minutes) {
        return Math.floorDiv(nowMs, MINUTE_MS) * MINUTE_MS - (minutes - 1) * MINUTE_MS;
    }
}
