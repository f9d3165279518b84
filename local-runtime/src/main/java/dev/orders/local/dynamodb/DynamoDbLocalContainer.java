package dev.orders.local.dynamodb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * DynamoDB Local in Docker, for machines that have an engine. Kept in its own class so that
 * Testcontainers is only loaded when Docker is actually there.
 *
 * <p>Not exercised by this module's tests (the build machine has no Docker engine).
 */
final class DynamoDbLocalContainer implements LocalDynamoDb.Server {

    private static final String IMAGE = "amazon/dynamodb-local:2.6.1";
    private static final int CONTAINER_PORT = 8000;
    private static final String CONTAINER_DATA = "/home/dynamodblocal/data";

    private final GenericContainer<?> container;
    private final int hostPort;

    private DynamoDbLocalContainer(LocalDynamoDb.Options options) {
        // A fixed host port, so that stop()/start() (a new container) keeps the endpoint.
        this.hostPort = LocalDynamoDb.Server.freePort();
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withExposedPorts(CONTAINER_PORT)
                .waitingFor(Wait.forListeningPort().withStartupTimeout(options.startTimeout()));
        c.setPortBindings(List.of(hostPort + ":" + CONTAINER_PORT));
        if (options.dataDir() == null) {
            c.withCommand("-jar", "DynamoDBLocal.jar", "-inMemory", "-sharedDb", "-disableTelemetry");
        } else {
            try {
                Files.createDirectories(options.dataDir());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            c.withFileSystemBind(options.dataDir().toAbsolutePath().toString(), CONTAINER_DATA, BindMode.READ_WRITE)
                    .withCommand("-jar", "DynamoDBLocal.jar", "-dbPath", CONTAINER_DATA, "-sharedDb", "-disableTelemetry");
        }
        this.container = c;
    }

    static boolean dockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    static DynamoDbLocalContainer start(LocalDynamoDb.Options options) {
        DynamoDbLocalContainer server = new DynamoDbLocalContainer(options);
        server.start();
        return server;
    }

    @Override
    public URI endpoint() {
        return URI.create("http://" + DockerClientFactory.instance().dockerHostIpAddress() + ":" + hostPort);
    }

    @Override
    public void start() {
        if (!container.isRunning()) {
            container.start();
        }
    }

    @Override
    public void stop() {
        container.stop();
    }

    @Override
    public void close() {
        container.stop();
    }
}
