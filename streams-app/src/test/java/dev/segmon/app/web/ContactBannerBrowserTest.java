package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.health.ClientHealth;
import dev.segmon.app.metrics.MetricsServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page's banner in headless Chromium, against a monitor's HTTP server whose probes see a
 * RUNNING client: shown with the age of the last contact and the time the figures are as of while
 * no broker has answered for longer than the probe calls stale (15 s), hidden otherwise.
 */
class ContactBannerBrowserTest {
    private static final Instant LAST_CONTACT = Instant.parse("2026-11-25T02:58:45Z");

    @TempDir
    Path tmp;

    @Test
    void bannerSaysSinceWhenKafkaIsSilentAndHidesOnceItAnswers() throws Exception {
        Chromium.require();
        // 75 s after the last contact; the page writes the time in the browser's locale, so the
        // expected text is asked of the same browser.
        long now = LAST_CONTACT.toEpochMilli() + 75_000;
        AtomicReference<ClientHealth> health = new AtomicReference<>(
                new ClientHealth(KafkaStreams.State.RUNNING, false, now, LAST_CONTACT.toEpochMilli(), 1, Duration.ofMinutes(15)));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MetricsServer server = MetricsServer.start(0, registry, registry, health::get);
             Chromium browser = new Chromium(tmp.resolve("profile"), 1200, 800)) {
            WebRoutes.handlers((model, tier, from, to) -> List.of(), OverviewSource.none(), ChangeSource.none(), new Peers(List::of),
                    registry.getPrometheusRegistry())
                    .forEach(server::handle);
            String base = "http://127.0.0.1:" + server.port() + "/";
            browser.navigate(base);
            browser.await("window.segmonPage && segmonPage.contact && segmonPage.contact.stale === true", Duration.ofSeconds(30));
            assertEquals(false, browser.eval("document.getElementById('contact').hidden").asBoolean());
            String asOf = browser.eval("new Date('2026-11-25T02:58:45Z').toLocaleString()").asText();
            assertEquals("No contact with Kafka for 75 s; figures as of " + asOf + ".",
                    browser.eval("document.getElementById('contact').textContent").asText());

            // In contact again (0.4 s ago): the next load shows no banner.
            health.set(new ClientHealth(KafkaStreams.State.RUNNING, false, now, now - 400, 1, Duration.ofMinutes(15)));
            browser.navigate(base);
            browser.await("window.segmonPage && segmonPage.contact && segmonPage.contact.stale === false", Duration.ofSeconds(30));
            assertEquals(true, browser.eval("document.getElementById('contact').hidden").asBoolean());
        } finally {
            registry.close();
        }
    }
}
