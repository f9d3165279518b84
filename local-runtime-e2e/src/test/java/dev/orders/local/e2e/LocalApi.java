package dev.orders.local.e2e;

import dev.orders.local.api.LocalJwtAuthorizer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code ./sam-local start-api} running on a free port, until {@link #close()}. */
final class LocalApi implements AutoCloseable {
    final int port;
    final Path log;
    private final SamLocalServer server;
    static final String JWT_SECRET = "e2e local jwt secret, 32 bytes at least";

    private LocalApi(SamLocalServer server) {
        this.server = server;
        this.port = server.port;
        this.log = server.log;
    }

    static LocalApi start(String... options) {
        return start(Map.of(), options);
    }

    /** start-api with {@code env} added to its environment (e.g. DYNAMODB_ENDPOINT: a DynamoDB the test holds). */
    static LocalApi start(Map<String, String> env, String... options) {
        Map<String, String> all = new HashMap<>(env);
        all.put(LocalJwtAuthorizer.SECRET_VARIABLE, JWT_SECRET);
        return new LocalApi(SamLocalServer.start("start-api", all, List.of(options)));
    }

    /** A bearer token of the local authorizer for {@code subject} with {@code scopes}. */
    static String token(String subject, String... scopes) {
        return new LocalJwtAuthorizer(JWT_SECRET, Clock.systemUTC()).mint(subject, List.of(scopes), Duration.ofMinutes(10));
    }

    /** A bearer token of the local authorizer for {@code subject} with {@code scopes} as an {@code scp} array. */
    static String scpToken(String subject, String... scopes) {
        return new LocalJwtAuthorizer(JWT_SECRET, Clock.systemUTC()).mint(subject, List.of(scopes),
                LocalJwtAuthorizer.ScopeClaim.SCP, Duration.ofMinutes(10));
    }

    String base() {
        return server.base();
    }

    /** The processes start-api runs: the launcher, the functions' JVM, Dynoxide and its watcher. */
    List<ProcessHandle> processes() {
        return server.processes();
    }

    /** SIGTERM, as Ctrl-C or a service manager would send; then checks nothing is left. */
    @Override
    public void close() {
        server.close();
    }
}
