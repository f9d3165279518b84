package dev.orders.localaws.dynamodb;

import dev.orders.localaws.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * Dynoxide's own image in Docker, for machines that have an engine (and no npm build of Dynoxide, as on a
 * Mac today). Kept in its own class so that Testcontainers is only loaded when Docker is actually there.
 *
 * <p>Not exercised by this module's tests (the build machine has no Docker engine).
 */
final class DynoxideContainer implements LocalDynamoDb.Server {

    /** The image Dynoxide's project publishes, at the version the dynoxide module installs. */
    static final String IMAGE = "ghcr.io/nubo-db/dynoxide:1.2.1";
    private static final int CONTAINER_PORT = 8000;
    private static final String CONTAINER_DATA = "/data";

    private final GenericContainer<?> container;
    private final int hostPort;

    private DynoxideContainer(LocalDynamoDb.Options options) {
        // A fixed host port, so that stop()/start() (a new container) keeps the endpoint.
        this.hostPort = LocalDynamoDb.Server.freePort();
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withExposedPorts(CONTAINER_PORT)
                .waitingFor(Wait.forListeningPort().withStartupTimeout(options.startTimeout()));
        // Published on the host's loopback only, as the child process binds.
        c.setPortBindings(List.of("127.0.0.1:" + hostPort + ":" + CONTAINER_PORT));
        if (options.dataDir() == null) {
            c.withCommand("serve", "--host", "0.0.0.0", "--port", Integer.toString(CONTAINER_PORT));
        } else {
            try {
                OwnerOnly.directories(options.dataDir());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            c.withFileSystemBind(options.dataDir().toAbsolutePath().toString(), CONTAINER_DATA, BindMode.READ_WRITE)
                    .withCommand("serve", "--host", "0.0.0.0", "--port", Integer.toString(CONTAINER_PORT),
                            "--db-path", CONTAINER_DATA + "/" + DynoxideProcess.DATA_FILE);
        }
        this.container = c;
    }

    static boolean dockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    static DynoxideContainer start(LocalDynamoDb.Options options) {
        DynoxideContainer server = new DynoxideContainer(options);
        server.start();
        return server;
    }

    @Override
    public URI endpoint() {
        return URI.create("http://" + DockerClientFactory.instance().dockerHostIpAddress() + ":" + hostPort);
    }

    @Override
    public String engine() {
        return IMAGE + " in Docker";
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
