package dev.orders.local.e2e;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.orders.local.api.LocalIssuer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * {@code ./sam-local start-api} running on a free port, until {@link #close()}; its tokens. Public for the
 * tests of generated-client, which run a generated client against it.
 */
public final class LocalApi implements AutoCloseable {
    final int port;
    final Path log;
    private final SamLocalServer server;
    /** The checkout it runs, whose .sam-local holds its issuer's key. */
    private final Path root;

    private LocalApi(SamLocalServer server, Path root) {
        this.server = server;
        this.root = root;
        this.port = server.port;
        this.log = server.log;
    }

    static LocalApi start(String... options) {
        return start(Map.of(), options);
    }

    /** start-api with {@code env} added to its environment (e.g. DYNAMODB_ENDPOINT: a DynamoDB the test holds). */
    public static LocalApi start(Map<String, String> env, String... options) {
        return new LocalApi(SamLocalServer.start("start-api", env, List.of(options)), SamLocalCommand.ROOT);
    }

    /** start-api of the checkout in {@code root} (e.g. a CheckoutCopy). */
    static LocalApi startIn(Path root, String... options) {
        return new LocalApi(SamLocalServer.start(root, "start-api", Map.of(), List.of(options)), root);
    }

    /** sam-local's own issuer as this start-api serves it: the repository's key, its URL, the default audience. */
    LocalIssuer issuer() {
        return LocalIssuer.load(root.resolve(LocalIssuer.KEY_FILE), URI.create(base()),
                List.of(LocalIssuer.DEFAULT_AUDIENCE), Clock.systemUTC());
    }

    /** A bearer token of this start-api's issuer for {@code subject} with {@code scopes}. */
    public String token(String subject, String... scopes) {
        return issuer().mint(subject, List.of(scopes), Duration.ofMinutes(10));
    }

    /** A bearer token of this start-api's issuer for {@code subject} with {@code scopes} as an {@code scp} array. */
    String scpToken(String subject, String... scopes) {
        return issuer().mint(subject, List.of(scopes), LocalIssuer.ScopeClaim.SCP, Duration.ofMinutes(10));
    }

    /**
     * A token of this start-api's issuer, signed with its key, for {@code subject} whose claim {@code claim}
     * holds {@code value} as it is: the shapes of scope claims other issuers send, which {@code token} never mints.
     */
    String tokenWithClaim(String subject, String claim, Object value) {
        try {
            RSAKey key = RSAKey.parse(Files.readString(root.resolve(LocalIssuer.KEY_FILE)));
            Instant now = Instant.now();
            JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(base()).audience(LocalIssuer.DEFAULT_AUDIENCE)
                    .subject(subject).claim(claim, value).issueTime(Date.from(now))
                    .expirationTime(Date.from(now.plus(Duration.ofMinutes(10)))).build();
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (IOException | ParseException | JOSEException e) {
            throw new IllegalStateException("cannot sign with " + LocalIssuer.KEY_FILE, e);
        }
    }

    public String base() {
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
