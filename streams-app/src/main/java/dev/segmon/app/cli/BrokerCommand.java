package dev.segmon.app.cli;

import dev.segmon.app.cli.support.UsageException;
import dev.segmon.app.broker.EmbeddedBroker;
import dev.segmon.app.broker.KafkaLogging;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code segmon broker}: a single-node KRaft Kafka broker in this JVM (docs/contract.md 3.0). */
@Command(name = "broker",
        mixinStandardHelpOptions = true,
        description = "Runs a single-node Kafka broker (KRaft, broker and controller in one process) on 127.0.0.1. "
                + "Once it accepts writes it prints 'bootstrap.servers=127.0.0.1:PORT' and serves until stopped (Ctrl-C).")
public final class BrokerCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "9092",
            description = "Client port on 127.0.0.1; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--advertised-port", paramLabel = "PORT", defaultValue = "0",
            description = "Tell clients to connect to this port on 127.0.0.1 instead of --port, e.g. a proxy forwarding to --port; "
                    + "opens a second listener (--direct-port) for the broker's own traffic and for clients that must bypass "
                    + "the proxy, and prints it as 'direct=127.0.0.1:PORT' after the bootstrap servers (default: 0, no proxy).")
    int advertisedPort;

    @Option(names = "--direct-port", paramLabel = "PORT", defaultValue = "0",
            description = "With --advertised-port: the second listener's port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int directPort;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Keep the broker's data in DIR across runs (default: a temporary directory deleted on exit).")
    Path dataDir;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw new UsageException("--port must be 0..65535, not " + port);
        }
        KafkaLogging.quiet();
        EmbeddedBroker broker;
        try {
            broker = EmbeddedBroker.builder().port(port).advertisedPort(advertisedPort).directPort(directPort).dataDir(dataDir).start();
        } catch (EmbeddedBroker.PortInUseException e) {
            throw new UsageException("--port " + port + ": " + e.getMessage() + "; pick another port, or 0 for any free one");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            broker.stop();
            stopped.countDown();
        }, "segmon-broker-shutdown"));
        PrintWriter out = spec.commandLine().getOut();
        boolean proxied = !broker.directBootstrapServers().equals(broker.bootstrapServers());
        out.println("bootstrap.servers=" + broker.bootstrapServers() + (proxied ? " direct=" + broker.directBootstrapServers() : ""));
        out.flush();
        stopped.await();
        return SegmonCommand.EXIT_OK;
    }
}
