package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.orders.local.api.LocalJwtAuthorizer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** {@code ./sam-local start-api} running on a free port, until {@link #close()}. */
final class LocalApi implements AutoCloseable {
    final int port;
    final Path log;
    private final Process process;
    static final String JWT_SECRET = "e2e local jwt secret, 32 bytes at least";
    private final List<ProcessHandle> started = new ArrayList<>();

    private LocalApi(int port, Path log, Process process) {
        this.port = port;
        this.log = log;
        this.process = process;
    }

    static LocalApi start(String... options) {
        return start(Map.of(), options);
    }

    /** start-api with {@code env} added to its environment (e.g. DYNAMODB_ENDPOINT: a DynamoDB the test holds). */
    static LocalApi start(Map<String, String> env, String... options) {
        int port = SamLocalCommand.freePort();
        List<String> args = new ArrayList<>(List.of("start-api", "--port", Integer.toString(port)));
        args.addAll(List.of(options));
        Path log = SamLocalCommand.logFile("start-api");
        try {
            Map<String, String> all = new java.util.HashMap<>(env);
            all.put(LocalJwtAuthorizer.SECRET_VARIABLE, JWT_SECRET);
            Process process = SamLocalCommand.builder(all, args)
                    .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
                    .start();
            LocalApi api = new LocalApi(port, log, process);
            BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = stdout.readLine();
            if (line == null || !line.equals("Listening on http://127.0.0.1:" + port)) {
                api.close();
                throw new IllegalStateException("start-api printed " + line + " instead of Listening; see " + log);
            }
            // The server JVM, Dynoxide and the shell job watching it, to prove they are gone after close().
            api.started.add(process.toHandle());
            process.descendants().forEach(api.started::add);
            return api;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A bearer token of the local authorizer for {@code subject} with {@code scopes}. */
    static String token(String subject, String... scopes) {
        return new LocalJwtAuthorizer(JWT_SECRET, Clock.systemUTC()).mint(subject, List.of(scopes), Duration.ofMinutes(10));
    }

    /** A bearer token of the local authorizer for {@code subject} whose claim {@code claim} is {@code value} (text or list). */
    static String tokenWithClaim(String subject, String claim, Object value) {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(subject).claim(claim, value)
                .expirationTime(Date.from(Instant.now().plus(Duration.ofMinutes(10)))).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        try {
            jwt.sign(new MACSigner(JWT_SECRET.getBytes(StandardCharsets.UTF_8)));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    /** A bearer token of the local authorizer for {@code subject} with {@code scopes} as an {@code scp} array. */
    static String scpToken(String subject, String... scopes) {
        return new LocalJwtAuthorizer(JWT_SECRET, Clock.systemUTC()).mint(subject, List.of(scopes),
                LocalJwtAuthorizer.ScopeClaim.SCP, Duration.ofMinutes(10));
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    /** The processes start-api runs: the launcher, the functions' JVM, Dynoxide and its watcher. */
    List<ProcessHandle> processes() {
        return started;
    }

    /** SIGTERM, as Ctrl-C or a service manager would send; then checks nothing is left. */
    @Override
    public void close() {
        process.destroy();
        try {
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "start-api still running 30 s after SIGTERM");
            for (ProcessHandle handle : started) {
                handle.onExit().get(30, TimeUnit.SECONDS);
                assertFalse(handle.isAlive(), "left running: " + handle.info());
            }
        } catch (Exception e) {
            started.forEach(ProcessHandle::destroyForcibly);
            throw new IllegalStateException("start-api did not stop cleanly; see " + log, e);
        }
        assertFalse(accepts(port), "port " + port + " still accepts connections after stop");
    }

    static boolean accepts(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
