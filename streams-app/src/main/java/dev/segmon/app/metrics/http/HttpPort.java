package dev.segmon.app.metrics.http;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The monitor's HTTP port: the JDK's HTTP server, or HTTPS server when the web configuration has
 * TLS, bound where {@link WebSettings} say, within {@link ServerLimits}, every request through one
 * {@link Gate}, and the web configuration watched ({@link ConfigWatch}) while it serves.
 */
public final class HttpPort implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpPort.class);
    private final HttpServer server;
    private final ExecutorService executor;
    private final ExecutorService reads;
    private final Gate gate;
    private final WebAccess access;
    /** Null without a web configuration file. */
    private ConfigWatch watch;

    private HttpPort(HttpServer server, ExecutorService executor, ExecutorService reads, Gate gate, WebAccess access) {
        this.server = server;
        this.executor = executor;
        this.reads = reads;
        this.gate = gate;
        this.access = access;
    }

    /**
     * Reads the web configuration, binds the address and serves (routes may be added while it does).
     *
     * @throws WebConfig.Invalid when the web configuration cannot be used (one line naming the file)
     * @throws IOException       when the address cannot be resolved or bound
     */
    public static HttpPort start(WebSettings web, Routes routes) throws IOException {
        ServerLimits.apply();
        WebAccess access = new WebAccess(web.configFile() == null ? WebConfig.OPEN : WebConfig.load(web.configFile()));
        if (access.config().authenticates() && !access.config().tlsEnabled()) {
            LOG.warn("{}: basic_auth_users without tls_server_config: passwords cross the network in the clear", web.configFile());
        }
        InetSocketAddress address = web.host() == null ? new InetSocketAddress(web.port()) : new InetSocketAddress(web.host(), web.port());
        if (address.isUnresolved()) {
            throw new IOException("cannot resolve the listen address " + web.host());
        }
        HttpServer server;
        if (access.tls() == null) {
            server = HttpServer.create(address, 0);
        } else {
            HttpsServer https = HttpsServer.create(address, 0);
            https.setHttpsConfigurator(access.tls().configurator());
            server = https;
        }
        ExecutorService reads = ServerLimits.readThreads();
        ExecutorService executor = ServerLimits.headerThreads();
        Gate gate = new Gate(access, reads);
        HttpPort port = new HttpPort(server, executor, reads, gate, access);
        routes.add(port);
        server.createContext("/", gate);
        server.setExecutor(executor);
        server.start();
        if (web.configFile() != null) {
            port.watch = new ConfigWatch(web.configFile(), access, ConfigWatch.EVERY);
        }
        return port;
    }

    /** The routes a port serves from its first request on. */
    public interface Routes {
        void add(HttpPort port);
    }

    /** {@code path}, exactly, answered on the server's own threads and without credentials: the probes, which must answer while reads wait. */
    public void probe(String path, HttpHandler handler) {
        gate.probe(path, handler);
    }

    /** {@code path}, exactly, answered on the read threads, behind the web configuration's authentication. */
    public void route(String path, HttpHandler handler) {
        gate.route(path, handler);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The address bound (the wildcard one on every interface). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** {@code https} when the port has TLS, else {@code http}. */
    public String scheme() {
        return access.tls() == null ? "http" : "https";
    }

    /** How this instance asks the others (the same web configuration on every instance). */
    public PeerTransport peers() {
        return access::peerContext;
    }

    @Override
    public void close() {
        if (watch != null) {
            watch.close();
        }
        server.stop(0);
        executor.shutdownNow();
        reads.shutdownNow();
    }
}
