package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.SignedJWT;
import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sam-local's issuer: one key for every process, its discovery document and key set, and what it mints. */
class LocalIssuerTest {
    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
    private static final URI URL = URI.create("http://127.0.0.1:3000");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    @Test
    void theKeyIsMadeOnceOwnerOnlyAndEveryProcessReadsTheSameOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(".sam-local/issuer-key.json");
        // start-api and token may start together: they must agree on one key.
        List<String> kids = IntStream.range(0, 4).mapToObj(i -> CompletableFuture.supplyAsync(
                () -> LocalIssuer.load(file, URL, List.of("sam-local"), CLOCK).publicKeys().getKeys().get(0).getKeyID()))
                .toList().stream().map(CompletableFuture::join).toList();

        assertEquals(1, kids.stream().distinct().count(), kids.toString());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals(List.of("issuer-key.json"), Files.list(file.getParent()).map(p -> p.getFileName().toString()).toList(),
                "no temporary file is left");
        RSAKey key = RSAKey.parse(Files.readString(file));
        assertTrue(key.isPrivate());
        assertEquals(key.computeThumbprint().toString(), kids.get(0), "the kid is the RFC 7638 thumbprint");
        assertEquals(kids.get(0), LocalIssuer.load(file, URL, List.of("sam-local"), CLOCK).publicKeys().getKeys().get(0).getKeyID());
    }

    @Test
    void aKeyFileMadeReadableByOthersIsNarrowedToItsOwnerWithItsDirectoryAndKept(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(".sam-local/issuer-key.json");
        String kid = LocalIssuer.load(file, URL, List.of("sam-local"), CLOCK).publicKeys().getKeys().get(0).getKeyID();
        // As an earlier sam-local, a copy or a chmod may have left them.
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));

        LocalIssuer again = LocalIssuer.load(file, URL, List.of("sam-local"), CLOCK);

        assertEquals(kid, again.publicKeys().getKeys().get(0).getKeyID());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
    }

    @Test
    void anUnusableKeyFileIsAClearErrorNotANewKey(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("issuer-key.json"), "{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LocalIssuer.load(file, URL, List.of("sam-local"), CLOCK));
        assertTrue(e.getMessage().contains("delete it and sam-local makes a new one"), e.getMessage());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDiscoveryDocumentNamesTheIssuerAndItsKeySetWhichHoldsOnlyThePublicKey(@TempDir Path dir) throws Exception {
        LocalIssuer issuer = LocalIssuer.load(dir.resolve("issuer-key.json"), URL, List.of("sam-local"), CLOCK);
        Map<String, String> documents = issuer.documents();

        Map<String, Object> discovery = JSONObjectUtils.parse(documents.get("/.well-known/openid-configuration"));
        assertEquals("http://127.0.0.1:3000", discovery.get("issuer"));
        assertEquals("http://127.0.0.1:3000/.well-known/jwks.json", discovery.get("jwks_uri"));
        assertEquals(List.of("RS256"), discovery.get("id_token_signing_alg_values_supported"));

        JWKSet keys = JWKSet.parse(documents.get("/.well-known/jwks.json"));
        assertEquals(1, keys.getKeys().size());
        RSAKey key = (RSAKey) keys.getKeys().get(0);
        assertFalse(key.isPrivate(), "the private exponent must not be published");
        assertFalse(documents.get("/.well-known/jwks.json").contains("\"d\""));
        assertEquals("sig", key.getKeyUse().identifier());
        assertEquals(JWSAlgorithm.RS256, key.getAlgorithm());
    }

    @Test
    void aMintedTokenIsRs256WithTheKidAndTheIssuersClaims(@TempDir Path dir) throws Exception {
        LocalIssuer issuer = LocalIssuer.load(dir.resolve("issuer-key.json"), URL, List.of("sam-local"), CLOCK);

        SignedJWT token = SignedJWT.parse(issuer.mint("c-ada", List.of("orders"), Duration.ofHours(12)));

        assertEquals(JWSAlgorithm.RS256, token.getHeader().getAlgorithm());
        assertEquals(JOSEObjectType.JWT, token.getHeader().getType());
        assertEquals(issuer.publicKeys().getKeys().get(0).getKeyID(), token.getHeader().getKeyID());
        assertEquals("http://127.0.0.1:3000", token.getJWTClaimsSet().getIssuer());
        assertEquals(List.of("sam-local"), token.getJWTClaimsSet().getAudience());
        assertEquals(NOW, token.getJWTClaimsSet().getIssueTime().toInstant());
        assertEquals(NOW.plus(Duration.ofHours(12)), token.getJWTClaimsSet().getExpirationTime().toInstant());
        assertEquals("orders", token.getJWTClaimsSet().getClaim("scope"));
    }

    @Test
    void theLocalApiWillNotServeTheIssuersDocumentsWhereATemplateRouteIs(@TempDir Path dir) {
        SamTemplate template = new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader("""
                Resources:
                  Files:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: files.jar
                      Events:
                        Get: {Type: HttpApi, Properties: {Method: GET, Path: "/.well-known/{file}"}}
                """), "t.yaml"));
        LocalIssuer issuer = LocalIssuer.load(dir.resolve("issuer-key.json"), URL, List.of("sam-local"), CLOCK);

        UsageException e = assertThrows(UsageException.class,
                () -> new LocalHttpApi(template, FunctionCode.jars(dir), LocalJwtAuthorizer.of(issuer, CLOCK),
                        List.of(issuer.endpoints())));
        assertTrue(e.getMessage().startsWith("the template's route GET /.well-known/{file} takes /.well-known/"), e.getMessage());
    }

    @Test
    void theIssuerUrlIsWhereStartApiIsReached() {
        assertEquals(URI.create("http://127.0.0.1:3000"), LocalIssuer.url("127.0.0.1", 3000));
        assertEquals(URI.create("http://127.0.0.1:4000"), LocalIssuer.url("0.0.0.0", 4000));
        assertEquals(URI.create("http://localhost:3000"), LocalIssuer.url("localhost", 3000));
        assertEquals(URI.create("http://[::1]:3000"), LocalIssuer.url("::1", 3000));
    }
}
