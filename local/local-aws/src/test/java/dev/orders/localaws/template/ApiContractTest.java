package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.RepositoryRoot;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** template.yaml is the source of truth: the OpenAPI document and the sample events must agree with it. */
class ApiContractTest {
    private static final Set<String> HTTP_METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private final SamTemplate template = SamTemplate.repository();
    private final Path root = RepositoryRoot.locate();

    @Test
    void everyFunctionHasAHandlerAndItsBuiltJarAsCode() {
        assertFalse(template.functions().isEmpty());
        for (SamTemplate.Function function : template.functions()) {
            assertTrue(function.handlerClass().startsWith("dev.orders.functions."), function.logicalId());
            assertEquals("handleRequest", function.handlerMethod(), function.logicalId());
            assertTrue(function.codeUri().matches("functions/[a-z-]+/target/[a-z-]+\\.jar"), function.codeUri());
            // `sam build` would take the jar for a source folder to build (aws-sam-cli #4575): it must copy it.
            assertEquals(Map.of("SkipBuild", true), asMap(asMap(asMap(template.root().get("Resources")).get(function.logicalId()))
                    .get("Metadata")), function.logicalId());
            String module = function.codeUri().split("/")[1];
            assertTrue(Files.isRegularFile(root.resolve("functions").resolve(module).resolve("pom.xml")),
                    function.logicalId() + " names a module that does not exist: " + module);
            assertFalse(function.routes().isEmpty() && function.streams().isEmpty() && !scheduled(function),
                    function.logicalId() + " has neither a route, a stream nor a schedule");
        }
    }

    @Test
    void openApiDocumentsExactlyTheTemplatesRoutes() {
        Map<String, Object> openApi = CloudFormationYaml.load(root.resolve("docs/openapi.yaml"));
        Set<String> documented = new TreeSet<>();
        asMap(openApi.get("paths")).forEach((path, operations) -> asMap(operations).keySet().stream()
                .filter(HTTP_METHODS::contains)
                .forEach(method -> documented.add(method.toUpperCase(Locale.ROOT) + " " + path)));
        Set<String> deployed = new TreeSet<>(routeKeys());
        assertEquals(deployed, documented);
    }

    @Test
    void theOpenApiDocumentIsValidOpenApiWithoutASingleMessage() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readLocation(root.resolve("docs/openapi.yaml").toUri().toString(),
                null, options);

        assertEquals(List.of(), result.getMessages());
        assertEquals("3.0.3", result.getOpenAPI().getOpenapi());
    }

    @Test
    void everyRouteHasASampleEventAndEverySampleEventARoute() throws IOException {
        Map<String, String> samples = new TreeMap<>();
        Path events = root.resolve("events");
        Set<String> httpModules = template.functions().stream().filter(function -> !function.routes().isEmpty())
                .map(function -> function.codeUri().split("/")[1]).collect(Collectors.toSet());
        try (Stream<Path> files = Files.walk(events)) {
            files.filter(file -> file.toString().endsWith(".json")).forEach(file -> {
                if (!httpModules.contains(events.relativize(file).getName(0).toString())) {
                    return; // a stream or a schedule's sample, of a function without routes
                }
                Map<String, Object> event = CloudFormationYaml.load(file);
                String routeKey = (String) event.get("routeKey");
                String method = (String) asMap(asMap(event.get("requestContext")).get("http")).get("method");
                assertEquals("2.0", event.get("version"), file + " is not an HTTP API payload 2.0 event");
                assertTrue(routeKey.startsWith(method + " "), file + ": routeKey and method disagree");
                samples.put(root.relativize(file).toString(), routeKey);
            });
        }
        Set<String> routes = routeKeys();
        samples.forEach((file, routeKey) -> assertTrue(routes.contains(routeKey), file + " names no template route: " + routeKey));
        for (String route : routes) {
            assertTrue(samples.containsValue(route), "no sample event in events/ for " + route);
        }
    }

    @Test
    void environmentReferencesTheTable() {
        for (SamTemplate.Function function : template.functions()) {
            assertEquals(new CloudFormationYaml.Intrinsic("Ref", "OrdersTable"), function.environment().get("TABLE_NAME"));
        }
    }

    /** Whether {@code function} has an EventBridge Scheduler event (ScheduleV2). */
    private boolean scheduled(SamTemplate.Function function) {
        Object events = asMap(asMap(asMap(template.root().get("Resources")).get(function.logicalId())).get("Properties"))
                .get("Events");
        return events != null && asMap(events).values().stream().anyMatch(event -> "ScheduleV2".equals(asMap(event).get("Type")));
    }

    /** Every HTTP API route key of every function. */
    private Set<String> routeKeys() {
        return template.functions().stream().flatMap(f -> f.routes().stream()).map(SamTemplate.HttpRoute::key)
                .collect(Collectors.toSet());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object value) {
        if (!(value instanceof Map)) {
            throw new UncheckedIOException(new IOException("expected a mapping: " + value));
        }
        return (Map<String, Object>) value;
    }
}
