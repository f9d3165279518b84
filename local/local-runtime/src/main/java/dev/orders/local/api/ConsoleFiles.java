package dev.orders.local.api;

import com.nimbusds.jose.util.JSONObjectUtils;
import dev.orders.local.api.LocalHttpApi.Response;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The console at {@value #PATH} on start-api's port, beside the API it calls (one origin: no CORS): the files the
 * console module builds ({@value #BUILT} under the repository) and its config.json, which names the issuer
 * start-api trusts. Files only, by name: no listing, nothing outside the directory ({@code ..}, encoded or not, an
 * absolute path, a link leading out), no hidden file. Every answer forbids sniffing and framing, and lets the page
 * run scripts and styles of its own origin only and connect nowhere else but to the issuer.
 */
public final class ConsoleFiles implements OwnEndpoints {
    /** Where the console module builds the console, under the repository. */
    public static final String BUILT = "console/target/console";
    public static final String PATH = "/console/";
    /** The console's client_id at sam-local's issuer. */
    public static final String CLIENT_ID = "sam-local-console";
    /**
     * The template's parameters that name the console's client at another issuer and the scope it asks for, as the
     * stack's ConsoleConfig output does (--parameter-overrides ConsoleClientId=...).
     */
    public static final String CLIENT_ID_PARAMETER = "ConsoleClientId";
    public static final String SCOPE_PARAMETER = "ConsoleScope";
    private static final String INDEX = "index.html";
    private static final String CONFIG = "config.json";
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"), Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"), Map.entry("json", "application/json"),
            Map.entry("txt", "text/plain; charset=utf-8"), Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"),
            Map.entry("ico", "image/x-icon"), Map.entry("woff2", "font/woff2"));

    private final Path directory;
    private final URI issuer;
    private final Optional<String> clientId;
    private final String scope;
    private final String policy;

    private ConsoleFiles(Path directory, URI issuer, Optional<String> clientId, String scope, String connectSources) {
        this.directory = directory;
        this.issuer = issuer;
        this.clientId = clientId;
        this.scope = scope;
        this.policy = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src " + connectSources
                + "; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    }

    /** The console of {@code directory} signing in at start-api's own issuer, {@code issuer}: on its own origin. */
    public static ConsoleFiles withOwnIssuer(Path directory, URI issuer) {
        return new ConsoleFiles(directory, issuer, Optional.of(CLIENT_ID), String.join(" ", LocalIssuer.SCOPES), "'self'");
    }

    /**
     * The console of {@code directory} signing in at another issuer, whose discovery and token endpoint it calls, as
     * the client {@code clientId} (none: it cannot sign in there) asking for {@code scope}.
     */
    public static ConsoleFiles withOtherIssuer(Path directory, URI issuer, Optional<String> clientId, String scope) {
        String origin = AuthorizationRequest.origin(issuer);
        return new ConsoleFiles(directory, issuer, clientId, scope, "'self' " + origin);
    }

    /** Whether the console is built: its index.html is there. */
    public boolean built() {
        return Files.isRegularFile(directory.resolve(INDEX));
    }

    @Override
    public List<Endpoint> endpoints() {
        return List.of(new Endpoint("GET", "/console"), new Endpoint("GET", PATH), new Endpoint("GET", PATH + INDEX),
                new Endpoint("GET", PATH + CONFIG));
    }

    @Override
    public String answeredThere() {
        return "start-api serves the console";
    }

    @Override
    public Optional<Response> answer(HttpApiEvents.Request request) {
        String path = request.rawPath();
        if (!path.equals("/console") && !path.startsWith(PATH)) {
            return Optional.empty();
        }
        if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            return Optional.of(answer(405, "text/plain; charset=utf-8", Map.of("allow", List.of("GET, HEAD")),
                    "Method Not Allowed\n".getBytes(StandardCharsets.UTF_8)));
        }
        if (path.equals("/console")) {
            return Optional.of(answer(301, "text/plain; charset=utf-8", Map.of("location", List.of(PATH
                    + (request.rawQuery() == null ? "" : "?" + request.rawQuery()))), new byte[0]));
        }
        String name = path.substring(PATH.length());
        if (name.equals(CONFIG)) {
            return Optional.of(clientId.map(client -> answer(200, "application/json", Map.of(), config(client)))
                    .orElseGet(() -> page(404, "The console has no client at " + SignInPage.escape(issuer.toString()),
                            "Register the console as a public client there and start start-api with"
                                    + " <code>--parameter-overrides " + CLIENT_ID_PARAMETER + "=&lt;its client id&gt;</code>.")));
        }
        if ((name.isEmpty() || name.equals(INDEX)) && !built()) {
            return Optional.of(page(404, "The console is not built",
                    "Build it with <code>./mvnw -pl console -am verify</code>, then reload this page."));
        }
        return Optional.of(file(name.isEmpty() ? INDEX : name)
                .flatMap(this::read)
                .orElseGet(() -> page(404, "Not found", "The console has no file " + SignInPage.escape(path) + ".")));
    }

    /** What the console reads at start: the issuer to sign in at, as which client, asking for which scopes. */
    private byte[] config(String client) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("issuer", issuer.toString());
        config.put("clientId", client);
        config.put("scope", scope);
        return JSONObjectUtils.toJSONString(config).getBytes(StandardCharsets.UTF_8);
    }

    /** The regular file under the directory that {@code rawName} (the path after /console/, still encoded) names. */
    private Optional<Path> file(String rawName) {
        Path file = directory;
        for (String segment : rawName.split("/", -1)) {
            String name;
            try {
                // A path's "+" is a plus, not the space a form's is.
                name = URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
            // No "..", ".", empty segment (an absolute path), separator, NUL, or hidden file.
            if (name.isEmpty() || name.startsWith(".") || name.contains("/") || name.contains("\\") || name.contains("\0")) {
                return Optional.empty();
            }
            file = file.resolve(name);
        }
        try {
            // A link may lead anywhere: only what really lies in the directory is served.
            return Files.isRegularFile(file) && file.toRealPath().startsWith(directory.toRealPath())
                    ? Optional.of(file) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Optional<Response> read(Path file) {
        String name = file.getFileName().toString();
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        try {
            return Optional.of(answer(200, TYPES.getOrDefault(extension, "application/octet-stream"), Map.of(),
                    Files.readAllBytes(file)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Response page(int status, String title, String html) {
        return answer(status, "text/html; charset=utf-8", Map.of(), ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                + "<meta charset=\"utf-8\">\n<title>" + title + " · sam-local</title>\n</head>\n<body>\n<main>\n<h1>"
                + title + "</h1>\n<p>" + html + "</p>\n</main>\n</body>\n</html>\n").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * An answer with the console's headers. Every file is revalidated (no-cache): the bundle's names are the same
     * from one build to the next, so a cached copy would outlive a rebuild.
     */
    private Response answer(int status, String contentType, Map<String, List<String>> extra, byte[] body) {
        Map<String, List<String>> headers = new LinkedHashMap<>(extra);
        headers.put("content-type", List.of(contentType));
        headers.put("cache-control", List.of("no-cache"));
        headers.put("x-content-type-options", List.of("nosniff"));
        headers.put("content-security-policy", List.of(policy));
        headers.put("referrer-policy", List.of("no-referrer"));
        return new Response(status, headers, body);
    }
}
