package dev.segmon.app.metrics;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.segmon.app.health.ClientHealth;
import dev.segmon.app.wire.RecordJson;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * A probe's answer as people and scripts read it: one line of text, or JSON for a client that
 * asks for {@code application/json}. The line starts with the probe's word ({@code ok} /
 * {@code not ok}, {@code ready} / {@code not ready}), then the client's state, why, and how fresh
 * the figures are:
 * <pre>
 * ready: RUNNING, processing; last contact with Kafka 0.4 s ago
 * ready: RUNNING, processing; no contact with Kafka for 75 s; figures as of 2026-11-25T03:01:02Z
 * not ok: ERROR, the client failed and stopped for good; last contact with Kafka 0.8 s ago
 * </pre>
 */
final class ProbeAnswer {
    private ProbeAnswer() {
    }

    /** The probe's word: {@code ok} or {@code ready}, negated when it fails. */
    static String word(String pass, ClientHealth.Verdict v) {
        return v.ok() ? pass : "not " + pass;
    }

    static String text(String pass, ClientHealth.Verdict v) {
        ClientHealth h = v.health();
        return word(pass, v) + ": " + h.stateName() + ", " + v.reason() + "; " + contact(h) + "\n";
    }

    private static String contact(ClientHealth h) {
        if (h.stale()) {
            return String.format(Locale.ROOT, "no contact with Kafka for %.0f s; figures as of %s", h.contactAgeSeconds(), asOf(h));
        }
        return String.format(Locale.ROOT, "last contact with Kafka %.1f s ago", h.contactAgeSeconds());
    }

    private static String asOf(ClientHealth h) {
        return Instant.ofEpochMilli(h.lastContactMs()).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /**
     * {@code status} (the text's first words), {@code ok}, {@code state}, {@code reason},
     * {@code broker_contact_age_seconds}, {@code last_broker_contact} (ISO-8601, the time the
     * figures are as of), {@code stale} and {@code stream_thread_poll_age_seconds} (null before a
     * stream thread has polled).
     */
    static String json(String pass, ClientHealth.Verdict v) {
        ClientHealth h = v.health();
        ObjectNode n = RecordJson.MAPPER.createObjectNode();
        n.put("status", word(pass, v));
        n.put("ok", v.ok());
        n.put("state", h.stateName());
        n.put("reason", v.reason());
        n.put("broker_contact_age_seconds", Math.round(h.contactAgeSeconds() * 10) / 10.0);
        n.put("last_broker_contact", asOf(h));
        n.put("stale", h.stale());
        n.put("stale_after_seconds", ClientHealth.STALE_AFTER_SECONDS);
        if (Double.isNaN(h.pollAgeSeconds())) {
            n.putNull("stream_thread_poll_age_seconds");
        } else {
            n.put("stream_thread_poll_age_seconds", h.pollAgeSeconds());
        }
        return n.toString() + "\n";
    }
}
