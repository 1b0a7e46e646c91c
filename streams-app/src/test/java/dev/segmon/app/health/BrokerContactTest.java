package dev.segmon.app.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.junit.jupiter.api.Test;

class BrokerContactTest {
    private final AtomicLong clock = new AtomicLong(10_000);
    private final Map<MetricName, Metric> metrics = new HashMap<>();

    private void set(String group, String name, String clientId, double value) {
        MetricName n = new MetricName(name, group, "", Map.of("client-id", clientId));
        metrics.put(n, new Metric() {
            @Override
            public MetricName metricName() {
                return n;
            }

            @Override
            public Object metricValue() {
                return value;
            }
        });
    }

    private void remove(String clientId) {
        metrics.keySet().removeIf(n -> clientId.equals(n.tags().get("client-id")));
    }

    // Samples a second apart; the contact is dated to the sample that saw a count grow.
    @Test
    void contactIsTheLastSampleInWhichSomeClientReceivedAResponse() {
        BrokerContact contact = new BrokerContact(() -> metrics, clock::get);
        assertEquals(10_000, contact.lastContactMs(), "made after the topic check: that answer is the first contact");
        set("consumer-metrics", "response-total", "app-StreamThread-1-consumer", 5);
        tick(contact, 11_000);
        assertEquals(11_000, contact.lastContactMs(), "a new client with responses");
        tick(contact, 12_000);
        assertEquals(11_000, contact.lastContactMs(), "no new response");
        assertEquals(1.0, contact.ageSeconds(12_000));
        // Counts of other groups (a node's) and a new client without a response are no contact.
        set("consumer-node-metrics", "response-total", "app-StreamThread-1-consumer", 9);
        set("producer-metrics", "response-total", "app-StreamThread-1-producer", 0);
        tick(contact, 13_000);
        assertEquals(11_000, contact.lastContactMs());
        // The thread is replaced: its consumer goes, the new one starts from 0, then gets 3 responses.
        remove("app-StreamThread-1-consumer");
        set("consumer-metrics", "response-total", "app-StreamThread-2-consumer", 0);
        tick(contact, 14_000);
        assertEquals(11_000, contact.lastContactMs());
        set("consumer-metrics", "response-total", "app-StreamThread-2-consumer", 3);
        tick(contact, 15_000);
        assertEquals(15_000, contact.lastContactMs());
        // The admin client counts too.
        set("admin-client-metrics", "response-total", "app-admin", 1);
        tick(contact, 16_000);
        assertEquals(16_000, contact.lastContactMs());
        assertEquals(4.5, contact.ageSeconds(20_500));
    }

    // Main consumers only (a restore consumer waits between restorations), -1 = not polled yet.
    @Test
    void pollAgeIsTheOldestPollOfTheStreamThreadsMainConsumers() {
        BrokerContact contact = new BrokerContact(() -> metrics, clock::get);
        assertTrue(Double.isNaN(contact.pollAgeSeconds()));
        set("consumer-metrics", "last-poll-seconds-ago", "app-StreamThread-1-consumer", 2);
        set("consumer-metrics", "last-poll-seconds-ago", "app-StreamThread-2-consumer", 7);
        set("consumer-metrics", "last-poll-seconds-ago", "app-StreamThread-3-consumer", -1);
        set("consumer-metrics", "last-poll-seconds-ago", "app-StreamThread-1-restore-consumer", 400);
        tick(contact, 11_000);
        assertEquals(7.0, contact.pollAgeSeconds());
        assertTrue(BrokerContact.isMainConsumer("app-StreamThread-1-consumer"));
        assertFalse(BrokerContact.isMainConsumer("app-restore-consumer"));
        assertFalse(BrokerContact.isMainConsumer("app-global-consumer"));
    }

    // A thread being replaced stops polling and, with the broker away, can take many minutes to
    // shut down (docs/faults.md, scenario 8): its consumer must not make the client look wedged.
    @Test
    void pollAgeLeavesOutTheConsumersOfThreadsShuttingDown() {
        java.util.concurrent.atomic.AtomicReference<java.util.Set<String>> polling = new java.util.concurrent.atomic.AtomicReference<>();
        BrokerContact contact = new BrokerContact(() -> metrics, polling::get, clock::get);
        set("consumer-metrics", "last-poll-seconds-ago", "app-StreamThread-1-consumer", 950);
        set("consumer-metrics", "last-poll-seconds-ago", "app-StreamThread-2-consumer", 0.5);
        tick(contact, 11_000);
        assertEquals(950.0, contact.pollAgeSeconds(), "null: the client cannot say, every main consumer counts");
        polling.set(java.util.Set.of("app-StreamThread-2-consumer"));
        tick(contact, 12_000);
        assertEquals(0.5, contact.pollAgeSeconds(), "thread 1 is shutting down");
    }

    private void tick(BrokerContact contact, long at) {
        clock.set(at);
        contact.sample();
    }
}
