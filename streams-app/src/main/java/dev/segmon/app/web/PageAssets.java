package dev.segmon.app.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /} and the files it loads, all from this jar: the page (resources {@code web/}) and
 * uPlot (MIT) from its WebJar on the class path. Nothing the page needs comes from elsewhere
 * (docs/contract.md 3.3). Read once at start; served at their paths alone ({@link WebRoutes}), any
 * other is 404. The page has no inline script or style, so that the port's Content-Security-Policy
 * lets it load its own files and nothing else.
 */
final class PageAssets implements HttpHandler {
    /** The WebJar's version, the one pom.xml names. */
    static final String UPLOT = "META-INF/resources/webjars/uplot/1.6.30/dist/";

    record Asset(String type, byte[] bytes) {
    }

    private final Map<String, Asset> assets = new LinkedHashMap<>();

    PageAssets() {
        put("/", "web/index.html", "text/html; charset=utf-8");
        put("/app.js", "web/app.js", "text/javascript; charset=utf-8");
        put("/app.css", "web/app.css", "text/css; charset=utf-8");
        put("/uplot/uPlot.iife.min.js", UPLOT + "uPlot.iife.min.js", "text/javascript; charset=utf-8");
        put("/uplot/uPlot.min.css", UPLOT + "uPlot.min.css", "text/css; charset=utf-8");
        put("/uplot/LICENSE", "META-INF/resources/webjars/uplot/1.6.30/LICENSE", "text/plain; charset=utf-8");
    }

    private void put(String path, String resource, String type) {
        try (InputStream in = PageAssets.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing from the class path");
            }
            assets.put(path, new Asset(type, in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every served file by path (for measuring the page's weight). */
    Map<String, Asset> assets() {
        return assets;
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        Asset a = assets.get(ex.getRequestURI().getPath());
        if (a == null) {
            Http.error(ex, 404, "no such path: " + ex.getRequestURI().getPath());
            return;
        }
        // Revalidated at each load (the page polls its API, not these), unlike the API's no-store.
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        Http.respond(ex, 200, a.type(), a.bytes());
    }
}
