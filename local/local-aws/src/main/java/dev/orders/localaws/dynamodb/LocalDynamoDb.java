package dev.orders.localaws.dynamodb;

import dev.orders.localaws.Log;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * A real DynamoDB over HTTP for tests and the local runtime. {@link #launch(Options)} picks, in
 * order: an endpoint given by {@code DYNAMODB_ENDPOINT} (nothing is started), Dynoxide as a child
 * process of this JVM from the binary the {@code dynoxide} module installs, or, where that binary
 * is missing and a Docker engine answers, Dynoxide's image via Testcontainers.
 */
public final class LocalDynamoDb implements AutoCloseable {

    /** Environment variable naming an already running DynamoDB to use instead. */
    public static final String ENDPOINT_ENV = "DYNAMODB_ENDPOINT";

    public enum Mode { EXTERNAL, DOCKER, CHILD_PROCESS }

    /**
     * @param dataDir      where the server keeps its data, so it survives {@link #stop()} /
     *                     {@link #start()}; {@code null} means in memory
     * @param startTimeout how long to wait for the server to answer
     */
    public record Options(Path dataDir, Duration startTimeout) {
        public static Options defaults() {
            return new Options(null, Duration.ofSeconds(30));
        }

        public Options withDataDir(Path dir) {
            return new Options(dir, startTimeout);
        }
    }

    /** What a mode has to provide; the child process, the container, or nothing at all. */
    interface Server extends AutoCloseable {
        URI endpoint();

        /** What serves DynamoDB here, for a report: engine, version, how it runs. */
        String engine();

        void stop();

        void start();

        /** The server's OS process, if this JVM started one directly. */
        default Optional<ProcessHandle> process() {
            return Optional.empty();
        }

        @Override
        void close();

        /** A port nobody listens on now; the server binding it may still lose it to someone else. */
        static int freePort() {
            try (ServerSocket socket = new ServerSocket(0)) {
                return socket.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException("no free port", e);
            }
        }
    }

    private final Mode mode;
    private final Server server;
    private final DynamoDbClient client;

    private LocalDynamoDb(Mode mode, Server server) {
        this.mode = mode;
        this.server = server;
        this.client = clientBuilder(server.endpoint()).build();
    }

    public static LocalDynamoDb launch() {
        return launch(Options.defaults());
    }

    public static LocalDynamoDb launch(Options options) {
        return launch(options, System::getenv);
    }

    /** {@code env} stands in for System.getenv, so tests can choose the mode. */
    static LocalDynamoDb launch(Options options, UnaryOperator<String> env) {
        String external = env.apply(ENDPOINT_ENV);
        if (external != null && !external.isBlank()) {
            URI endpoint = URI.create(external.trim());
            Log.LOCAL_DYNAMODB.line("using " + ENDPOINT_ENV + "=" + endpoint + " (nothing started)");
            return new LocalDynamoDb(Mode.EXTERNAL, new ExternalServer(endpoint));
        }
        if (!DynoxideProcess.installed() && dockerAvailable(env)) {
            // Referenced only here, so Testcontainers classes load only when Docker is there.
            Server container = DynoxideContainer.start(options);
            Log.LOCAL_DYNAMODB.line("started " + DynoxideContainer.IMAGE + " in Docker at " + container.endpoint());
            return new LocalDynamoDb(Mode.DOCKER, container);
        }
        return startChildProcess(options);
    }

    /** Always the child process, whatever the environment offers. */
    public static LocalDynamoDb startChildProcess(Options options) {
        long started = System.nanoTime();
        DynoxideProcess child = DynoxideProcess.start(options);
        Log.LOCAL_DYNAMODB.line("started Dynoxide as child process pid " + child.process().map(ProcessHandle::pid).orElse(-1L)
                + " at " + child.endpoint() + " in " + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms"
                + (options.dataDir() == null ? " (in memory)" : " (data in " + options.dataDir() + ")"));
        return new LocalDynamoDb(Mode.CHILD_PROCESS, child);
    }

    public Mode mode() {
        return mode;
    }

    public URI endpoint() {
        return server.endpoint();
    }

    /** What serves DynamoDB here, for a report: engine, version, how it runs. */
    public String engine() {
        return server.engine();
    }

    /** A shared client for this server; closed by {@link #close()}, do not close it yourself. */
    public DynamoDbClient client() {
        return client;
    }

    /** A builder preconfigured for this server, for callers that need their own settings. */
    public DynamoDbClientBuilder clientBuilder() {
        return clientBuilder(endpoint());
    }

    /** Region, dummy credentials and the url-connection HTTP client; the local engine checks none of them. */
    public static DynamoDbClientBuilder clientBuilder(URI endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(Duration.ofSeconds(30)));
    }

    /** Stops the server (an outage). Same port on {@link #start()}; data survives only with a data dir. */
    public synchronized void stop() {
        server.stop();
    }

    /** Starts the server again after {@link #stop()}, on the same endpoint. */
    public synchronized void start() {
        server.start();
    }

    /** The child process, in {@link Mode#CHILD_PROCESS} while it runs. */
    public Optional<ProcessHandle> process() {
        return server.process();
    }

    @Override
    public synchronized void close() {
        try {
            client.close();
        } finally {
            server.close();
        }
    }

    @Override
    public String toString() {
        return "LocalDynamoDb[" + mode + " " + endpoint() + "]";
    }

    /**
     * Asking Testcontainers costs seconds when there is no engine, so only ask when one is
     * plausible: DOCKER_HOST is set or the default socket exists.
     */
    private static boolean dockerAvailable(UnaryOperator<String> env) {
        String dockerHost = env.apply("DOCKER_HOST");
        boolean plausible = (dockerHost != null && !dockerHost.isBlank()) || Files.exists(Path.of("/var/run/docker.sock"));
        if (!plausible) {
            return false;
        }
        try {
            return DynoxideContainer.dockerAvailable();
        } catch (LinkageError | RuntimeException e) {
            Log.LOCAL_DYNAMODB.line("Docker looked present but is not usable (" + e + ")");
            return false;
        }
    }

    private record ExternalServer(URI endpoint) implements Server {
        @Override
        public String engine() {
            return "the DynamoDB at " + endpoint + " (" + ENDPOINT_ENV + ")";
        }

        @Override
        public void stop() {
            throw new UnsupportedOperationException(ENDPOINT_ENV + " is set: this JVM does not own the server at " + endpoint);
        }

        @Override
        public void start() {
            stop();
        }

        @Override
        public void close() {
            // Not ours to stop.
        }
    }
}
