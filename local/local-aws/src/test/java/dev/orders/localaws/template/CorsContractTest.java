package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.RepositoryRoot;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The HTTP API's CORS configuration (docs/DEPLOY.md): none unless CorsAllowedOrigins names origins; then exactly
 * those origins, the methods the template's routes use, and the request headers a browser's client sends and the
 * response headers it reads as docs/openapi.yaml declares them.
 */
class CorsContractTest {
    private static final SamTemplate TEMPLATE = SamTemplate.repository();

    @Test
    void withoutAllowedOriginsTheApiHasNoCorsConfiguration() {
        assertEquals(Optional.empty(), TEMPLATE.httpApiCors());
    }

    @Test
    void theAllowedOriginsAreTheParametersAndTheMethodsThoseOfTheRoutes() {
        HttpApiCors cors = TEMPLATE.withParameterOverrides(
                Map.of("CorsAllowedOrigins", "http://localhost:5173,https://shop.example.com")).httpApiCors().orElseThrow();

        assertEquals(List.of("http://localhost:5173", "https://shop.example.com"), cors.allowOrigins());
        Set<String> routeMethods = TEMPLATE.functions().stream().flatMap(f -> f.routes().stream())
                .map(SamTemplate.HttpRoute::method).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(routeMethods, new TreeSet<>(cors.allowMethods()));
        assertEquals(cors.allowMethods().size(), routeMethods.size(), "no method twice");
    }

    @Test
    void theHeadersAreThoseTheDocumentHasABrowsersClientSendAndRead() {
        HttpApiCors cors = TEMPLATE.withParameterOverrides(Map.of("CorsAllowedOrigins", "http://localhost:5173"))
                .httpApiCors().orElseThrow();
        Headers documented = browserCallableHeaders(CloudFormationYaml.load(RepositoryRoot.locate().resolve("docs/openapi.yaml")));

        // The bearer token and a JSON body's type besides the header parameters (If-Match, If-None-Match, Idempotency-Key).
        documented.sent().addAll(List.of("authorization", "content-type"));
        assertEquals(documented.sent(), new TreeSet<>(cors.allowHeaders()));
        assertEquals(documented.read(), new TreeSet<>(cors.exposeHeaders()));
        assertTrue(cors.maxAge().isPresent(), "browsers keep a preflight's answer instead of asking before every call");
        assertFalse(cors.allowCredentials(), "bearer tokens, no cookies");
    }

    /** Header names, lower-cased: the parameters a client sends, the response headers it reads. */
    private record Headers(Set<String> sent, Set<String> read) {
    }

    /** The headers of every operation a page may call: all but those without a token (the provider's webhook). */
    private static Headers browserCallableHeaders(Map<String, Object> document) {
        Headers headers = new Headers(new TreeSet<>(), new TreeSet<>());
        map(document.get("paths")).values().forEach(path -> map(path).values().forEach(operation -> {
            if (operation instanceof Map<?, ?> fields && !List.of().equals(fields.get("security"))) {
                collect(document, operation, headers);
            }
        }));
        return headers;
    }

    private static void collect(Map<String, Object> document, Object node, Headers headers) {
        if (node instanceof Map<?, ?> fields) {
            if (fields.get("$ref") instanceof String ref) {
                Object target = document;
                for (String step : ref.substring(2).split("/")) {
                    target = map(target).get(step);
                }
                collect(document, target, headers);
                return;
            }
            if ("header".equals(fields.get("in"))) {
                headers.sent().add(String.valueOf(fields.get("name")).toLowerCase(Locale.ROOT));
            }
            if (fields.get("headers") instanceof Map<?, ?> response) {
                response.keySet().forEach(name -> headers.read().add(String.valueOf(name).toLowerCase(Locale.ROOT)));
            }
            fields.values().forEach(value -> collect(document, value, headers));
        } else if (node instanceof List<?> list) {
            list.forEach(value -> collect(document, value, headers));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : Map.of();
    }
}
