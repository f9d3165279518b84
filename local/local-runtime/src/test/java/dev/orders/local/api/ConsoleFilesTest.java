package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console as start-api serves it at /console/: the built files with their types and the console's headers, its
 * config.json, and nothing else: no listing, no way out of the directory, a page saying how to build it if it is not.
 */
class ConsoleFilesTest {
    private static final URI ISSUER = URI.create("http://127.0.0.1:3000");
    private static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self';"
            + " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    private static final String INDEX = "<!DOCTYPE html><title>Console</title><script src=\"console.js\"></script>";

    @TempDir
    Path dir;
    private Path built;

    /** A console as the console module builds one, and beside it what must never be served. */
    @BeforeEach
    void build() throws IOException {
        built = Files.createDirectories(dir.resolve("console/target/console"));
        Files.writeString(built.resolve("index.html"), INDEX);
        Files.writeString(built.resolve("console.js"), "document.title = 'Console';");
        Files.writeString(built.resolve("console.css"), "main { margin: 0 }");
        Files.writeString(Files.createDirectories(built.resolve("icons")).resolve("mark.svg"), "<svg/>");
        Files.writeString(built.resolve(".env"), "SECRET=hidden");
        Files.writeString(dir.resolve("console/target/secret.txt"), "SECRET=outside");
        Files.createSymbolicLink(built.resolve("leak.txt"), dir.resolve("console/target/secret.txt"));
    }

    @Test
    void theBuiltFilesAreServedWithTheirTypesAndTheConsolesHeaders() {
        Map<String, String> types = Map.of("/console/", "text/html; charset=utf-8", "/console/index.html", "text/html; charset=utf-8",
                "/console/console.js", "text/javascript; charset=utf-8", "/console/console.css", "text/css; charset=utf-8",
                "/console/icons/mark.svg", "image/svg+xml");
        try (LocalHttpApi api = api(ConsoleFiles.withOwnIssuer(built, ISSUER))) {
            types.forEach((path, type) -> {
                LocalHttpApi.Response response = api.handle(get(path));

                assertEquals(200, response.status(), path);
                assertEquals(List.of(type), response.headers().get("content-type"), path);
                assertEquals(List.of("no-cache"), response.headers().get("cache-control"), path);
                assertEquals(List.of("nosniff"), response.headers().get("x-content-type-options"), path);
                assertEquals(List.of(POLICY), response.headers().get("content-security-policy"), path);
            });
            assertEquals(INDEX, api.handle(get("/console/")).text());
            assertEquals("document.title = 'Console';", api.handle(get("/console/console.js")).text());
        }
    }

    @Test
    void consoleWithoutItsSlashIsRedirectedToIt() {
        try (LocalHttpApi api = api(ConsoleFiles.withOwnIssuer(built, ISSUER))) {
            LocalHttpApi.Response response = api.handle(get("/console"));
            assertEquals(301, response.status());
            assertEquals(List.of("/console/"), response.headers().get("location"));
            assertEquals(List.of("/console/?code=c&state=s"), api.handle(new HttpApiEvents.Request("GET", "/console",
                    "code=c&state=s", Map.of(), new byte[0], "127.0.0.1", "HTTP/1.1", "127.0.0.1:3000")).headers().get("location"));
        }
    }

    @Test
    void configJsonNamesTheIssuerStartApiTrustsTheConsolesClientAndItsScopes() {
        try (LocalHttpApi own = api(ConsoleFiles.withOwnIssuer(built, ISSUER))) {
            LocalHttpApi.Response config = own.handle(get("/console/config.json"));

            assertEquals(200, config.status());
            assertEquals(List.of("application/json"), config.headers().get("content-type"));
            assertEquals(List.of("no-cache"), config.headers().get("cache-control"));
            assertEquals("{\"issuer\":\"http://127.0.0.1:3000\",\"clientId\":\"sam-local-console\",\"scope\":\"openid orders:admin\"}",
                    config.text());
        }
        URI cognito = URI.create("https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123");
        try (LocalHttpApi other = api(ConsoleFiles.withOtherIssuer(built, cognito, Optional.of("4n1mbdrclient"),
                "openid"))) {
            LocalHttpApi.Response config = other.handle(get("/console/config.json"));

            assertEquals("{\"issuer\":\"" + cognito + "\",\"clientId\":\"4n1mbdrclient\",\"scope\":\"openid\"}",
                    config.text());
            assertTrue(config.headers().get("content-security-policy").get(0)
                    .contains("; connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com;"), config.headers().toString());
        }
    }

    /** At another issuer the console is a client of its own, which the template's ConsoleClientId names. */
    @Test
    void withoutItsClientAtAnotherIssuerConfigJsonSaysHowToNameIt() {
        URI cognito = URI.create("https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123");
        try (LocalHttpApi other = api(ConsoleFiles.withOtherIssuer(built, cognito, Optional.empty(), "openid"))) {
            LocalHttpApi.Response config = other.handle(get("/console/config.json"));

            assertEquals(404, config.status());
            assertTrue(config.text().contains("--parameter-overrides ConsoleClientId="), config.text());
        }
    }

    @Test
    void nothingOutsideTheBuiltFilesIsServedNorAnyDirectoryListed() {
        try (LocalHttpApi api = api(ConsoleFiles.withOwnIssuer(built, ISSUER))) {
            for (String path : List.of("/console/../secret.txt", "/console/%2e%2e/secret.txt", "/console/%2E%2E%2Fsecret.txt",
                    "/console/icons/..%2F..%2Fsecret.txt", "/console//etc/passwd", "/console/%2Fetc%2Fpasswd",
                    "/console/leak.txt", "/console/.env", "/console/icons", "/console/icons/", "/console/missing.js",
                    "/console/%zz")) {
                LocalHttpApi.Response response = api.handle(get(path));

                assertEquals(404, response.status(), path);
                assertFalse(response.text().contains("SECRET"), path);
                assertFalse(response.text().contains("mark.svg"), path);
                assertEquals(List.of("nosniff"), response.headers().get("x-content-type-options"), path);
            }
        }
    }

    @Test
    void overHttpAPathLeavingTheDirectoryIsNotFoundAsSent() throws IOException {
        try (LocalHttpApi api = api(ConsoleFiles.withOwnIssuer(built, ISSUER))) {
            InetSocketAddress address = api.start("127.0.0.1", 0);
            // A raw request line: an HTTP client would tidy "..", as a browser does, before sending it.
            for (String path : List.of("/console/../secret.txt", "/console/%2e%2e/secret.txt", "/console/..%2fsecret.txt",
                    "/console/" + dir.resolve("console/target/secret.txt"))) {
                String response = exchange(address, "GET " + path);

                assertTrue(response.startsWith("HTTP/1.1 404 "), path + ": " + response);
                assertFalse(response.contains("SECRET"), path);
            }
            assertTrue(exchange(address, "GET /console/").startsWith("HTTP/1.1 200 "));
            String head = exchange(address, "HEAD /console/console.css");
            assertTrue(head.startsWith("HTTP/1.1 200 "), head);
            assertFalse(head.contains("margin"), "a HEAD has no body: " + head);
        }
    }

    @Test
    void aConsoleNotBuiltIsAPageSayingHowToBuildIt() {
        ConsoleFiles notBuilt = ConsoleFiles.withOwnIssuer(dir.resolve("nowhere"), ISSUER);
        assertFalse(notBuilt.built());
        try (LocalHttpApi api = api(notBuilt)) {
            LocalHttpApi.Response response = api.handle(get("/console/"));

            assertEquals(404, response.status());
            assertEquals(List.of("text/html; charset=utf-8"), response.headers().get("content-type"));
            assertTrue(response.text().contains("The console is not built"), response.text());
            assertTrue(response.text().contains("./mvnw -pl console -am verify"), response.text());
            assertEquals(200, api.handle(get("/console/config.json")).status());
        }
    }

    @Test
    void theConsoleIsOnlyRead() {
        try (LocalHttpApi api = api(ConsoleFiles.withOwnIssuer(built, ISSUER))) {
            LocalHttpApi.Response response = api.handle(new HttpApiEvents.Request("PUT", "/console/index.html", null, Map.of(),
                    "<script>alert(1)</script>".getBytes(StandardCharsets.UTF_8), "127.0.0.1", "HTTP/1.1", "127.0.0.1:3000"));

            assertEquals(405, response.status());
            assertEquals(List.of("GET, HEAD"), response.headers().get("allow"));
        }
    }

    @Test
    void aTemplateRouteUnderConsoleKeepsTheApiFromStarting() {
        SamTemplate template = template("""
                Resources:
                  Pages:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: pages.jar
                      Events:
                        Get: {Type: HttpApi, Properties: {Method: GET, Path: "/console/{proxy+}"}}
                """);
        UsageException e = assertThrows(UsageException.class, () -> new LocalHttpApi(template,
                new FunctionCode(function -> List.of()), headers -> null, List.of(ConsoleFiles.withOwnIssuer(built, ISSUER))));
        assertEquals("the template's route GET /console/{proxy+} takes /console/index.html, where start-api serves the console",
                e.getMessage());
    }

    private static LocalHttpApi api(ConsoleFiles console) {
        return new LocalHttpApi(template("Resources: {}"), new FunctionCode(function -> List.of()), headers -> null,
                List.of(console));
    }

    private static HttpApiEvents.Request get(String path) {
        return new HttpApiEvents.Request("GET", path, null, Map.of(), new byte[0], "127.0.0.1", "HTTP/1.1", "127.0.0.1:3000");
    }

    /** What the server answers {@code requestLine} (a method and a path as sent), headers and body. */
    private static String exchange(InetSocketAddress address, String requestLine) throws IOException {
        try (Socket socket = new Socket(address.getAddress(), address.getPort())) {
            socket.getOutputStream().write((requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static SamTemplate template(String yaml) {
        return new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "t.yaml"));
    }
}
