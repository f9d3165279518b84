package dev.orders.localaws.template;

import dev.orders.localaws.RepositoryRoot;
import static dev.orders.localaws.template.TemplateFields.asMap;
import static dev.orders.localaws.template.TemplateFields.map;
import static dev.orders.localaws.template.TemplateFields.number;
import static dev.orders.localaws.template.TemplateFields.shown;
import static dev.orders.localaws.template.TemplateFields.strings;
import static dev.orders.localaws.template.TemplateFields.text;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A SAM template as the local runtime and the tests read it: each function's handler, code location,
 * HTTP API routes and environment (Globals merged under each function's own), its HTTP API's CORS configuration, and its
 * tables and event buses;
 * with the values its parameters take (their Defaults, unless {@link #withParameterOverrides} gave others), as in
 * a stack.
 */
public record SamTemplate(Path file, Map<String, Object> root, ParameterValues parameters) {
    private static final String FUNCTION_TYPE = "AWS::Serverless::Function";
    private static final String HTTP_API_TYPE = "AWS::Serverless::HttpApi";
    private static final String EVENT_BUS_TYPE = "AWS::Events::EventBus";
    /** The bus every account has, which a rule or an entry naming no bus is on. */
    public static final String DEFAULT_EVENT_BUS = "default";

    /** The template with its parameters' Defaults. */
    public SamTemplate(Path file, Map<String, Object> root) {
        this(file, root, ParameterValues.of(root, Map.of()));
    }

    public static SamTemplate load(Path file) {
        return new SamTemplate(file, CloudFormationYaml.load(file));
    }

    /**
     * The template deployed with {@code overrides} (parameter name to value) over its Defaults, refused with
     * CloudFormation's message (IllegalArgumentException) where CloudFormation refuses them.
     */
    public SamTemplate withParameterOverrides(Map<String, String> overrides) {
        return new SamTemplate(file, root, ParameterValues.of(root, overrides));
    }

    /** The repository's template.yaml. */
    public static SamTemplate repository() {
        return load(RepositoryRoot.template());
    }

    /** The table resource {@code logicalId}: how the runtime and the tests create tables from the template. */
    public TemplateTable table(String logicalId) {
        return TemplateTable.of(file.toString(), root, logicalId);
    }

    /**
     * One route of an HttpApi event: {@code key()} is API Gateway's route key, e.g. "GET /orders/{orderId}".
     * {@code authorized}: the API's authorizer runs for it, unless the event says {@code Auth: {Authorizer: NONE}}.
     * {@code authorizationScopes}: the event's {@code Auth: {AuthorizationScopes: [...]}}, empty if none.
     */
    public record HttpRoute(String event, String method, String path, boolean authorized,
                            List<String> authorizationScopes) {
        public HttpRoute {
            authorizationScopes = List.copyOf(authorizationScopes);
        }

        public String key() {
            return method + " " + path;
        }

        /** As API Gateway's JWT authorizer: a route with scopes admits a token with at least one of them. */
        public boolean admits(List<String> tokenScopes) {
            return authorizationScopes.isEmpty() || tokenScopes.stream().anyMatch(authorizationScopes::contains);
        }
    }

    /** Lambda's defaults when neither the function nor Globals set Timeout or MemorySize. */
    static final int DEFAULT_TIMEOUT_SECONDS = 3;
    static final int DEFAULT_MEMORY_MB = 128;

    /**
     * A function resource. Environment values are literals (String) or {@link CloudFormationYaml.Intrinsic}s
     * such as {@code !Ref OrdersTable}, for the caller to resolve. Timeout and memory as Lambda gives them.
     */
    public record Function(String logicalId, String handler, String codeUri, List<HttpRoute> routes,
                           List<StreamEvent> streams, List<RuleEvent> rules, Map<String, Object> environment,
                           Duration timeout, int memoryMb) {
        /** The handler class: the part of "pkg.Class::method" before "::". */
        public String handlerClass() {
            int separator = handler.indexOf("::");
            return separator < 0 ? handler : handler.substring(0, separator);
        }

        public String handlerMethod() {
            int separator = handler.indexOf("::");
            return separator < 0 ? "handleRequest" : handler.substring(separator + 2);
        }
    }

    /**
     * A {@code DynamoDB} event: the function reads a table's stream in batches of at most {@code batchSize}
     * records matching one of {@code filterPatterns} (Lambda's filter rules, EventBridge's pattern language),
     * retried {@code maximumRetryAttempts} times, from the record it reports failed when
     * {@code reportsBatchItemFailures}, a batch it fails on with an error split in two when
     * {@code bisectsOnFunctionError}, a record older than {@code maximumRecordAgeSeconds} discarded (-1: never).
     */
    public record StreamEvent(String event, Object stream, int batchSize, List<String> filterPatterns,
                              int maximumRetryAttempts, boolean reportsBatchItemFailures,
                              boolean bisectsOnFunctionError, int maximumRecordAgeSeconds) {
    }

    /**
     * An {@code EventBridgeRule} event: the function receives every event put on {@code bus} (the rule's
     * {@code EventBusName} as named locally, {@value #DEFAULT_EVENT_BUS} if it names none) that matches
     * {@code pattern} (JSON).
     */
    public record RuleEvent(String event, String bus, String pattern) {
    }

    public List<Function> functions() {
        Map<String, Object> globals = map(map(root, "Globals"), "Function");
        Map<String, Object> globalEnvironment = map(map(globals, "Environment"), "Variables");
        List<Function> functions = new ArrayList<>();
        map(root, "Resources").forEach((logicalId, resource) -> {
            Map<String, Object> fields = asMap(resource);
            if (!FUNCTION_TYPE.equals(fields.get("Type"))) {
                return;
            }
            Map<String, Object> properties = map(fields, "Properties");
            Map<String, Object> environment = new LinkedHashMap<>(globalEnvironment);
            environment.putAll(map(map(properties, "Environment"), "Variables"));
            long timeout = number(properties.getOrDefault("Timeout", globals.getOrDefault("Timeout",
                    DEFAULT_TIMEOUT_SECONDS)), logicalId + ".Timeout");
            long memory = number(properties.getOrDefault("MemorySize", globals.getOrDefault("MemorySize",
                    DEFAULT_MEMORY_MB)), logicalId + ".MemorySize");
            functions.add(new Function(logicalId, text(properties, "Handler", logicalId),
                    text(properties, "CodeUri", logicalId), routes(properties), streams(properties), rules(properties), environment,
                    Duration.ofSeconds(timeout), (int) memory));
        });
        return functions;
    }

    public Optional<Function> function(String logicalId) {
        return functions().stream().filter(f -> f.logicalId().equals(logicalId)).findFirst();
    }

    /**
     * The event buses the template declares ({@code AWS::Events::EventBus}), by the name each has locally: its
     * logical id, which is what {@code !Ref} of it resolves to under ./sam-local.
     */
    public Set<String> eventBuses() {
        Set<String> buses = new LinkedHashSet<>();
        map(root, "Resources").forEach((logicalId, resource) -> {
            if (EVENT_BUS_TYPE.equals(asMap(resource).get("Type"))) {
                buses.add(logicalId);
            }
        });
        return buses;
    }

    /** Whether the template declares a resource of that logical id. */
    public boolean hasResource(String logicalId) {
        return map(root, "Resources").containsKey(logicalId);
    }

    /**
     * The {@code JwtConfiguration} of an HTTP API's default authorizer ({@code Auth.Authorizers.<name>}):
     * the issuer and the audiences, each a literal or an intrinsic such as {@code !Ref JwtIssuer}, for the
     * caller to resolve.
     */
    public record JwtConfiguration(String authorizer, Object issuer, List<Object> audience) {
        public JwtConfiguration {
            audience = List.copyOf(audience);
        }
    }

    /** The JWT configuration of the first HTTP API whose default authorizer is a JWT authorizer, if any. */
    public Optional<JwtConfiguration> jwtConfiguration() {
        for (Object resource : map(root, "Resources").values()) {
            Map<String, Object> fields = asMap(resource);
            Map<String, Object> auth = map(map(fields, "Properties"), "Auth");
            if (!HTTP_API_TYPE.equals(fields.get("Type")) || !(auth.get("DefaultAuthorizer") instanceof String name)) {
                continue;
            }
            Map<String, Object> jwt = map(map(map(auth, "Authorizers"), name), "JwtConfiguration");
            if (!jwt.isEmpty()) {
                Object audience = jwt.getOrDefault("audience", List.of());
                return Optional.of(new JwtConfiguration(name, jwt.get("issuer"),
                        audience instanceof List<?> list ? List.copyOf(list) : List.of(audience)));
            }
        }
        return Optional.empty();
    }

    /** The CORS configuration of the template's HTTP API, none if it has none (or its !If gives AWS::NoValue). */
    public Optional<HttpApiCors> httpApiCors() {
        for (Map.Entry<String, Object> resource : map(root, "Resources").entrySet()) {
            Map<String, Object> fields = asMap(resource.getValue());
            if (!HTTP_API_TYPE.equals(fields.get("Type"))) {
                continue;
            }
            String where = resource.getKey() + ".CorsConfiguration";
            Optional<Object> configuration = new StackValues(root, parameters)
                    .resolve(map(fields, "Properties").get("CorsConfiguration"), where);
            return configuration.flatMap(resolved -> HttpApiCors.of(resolved, where));
        }
        return Optional.empty();
    }

    /** The value a template parameter takes: the one given for it, else its Default; none if neither. */
    public Optional<String> parameterValue(String name) {
        return parameters.value(name);
    }

    private static List<HttpRoute> routes(Map<String, Object> properties) {
        List<HttpRoute> routes = new ArrayList<>();
        map(properties, "Events").forEach((name, event) -> {
            Map<String, Object> fields = asMap(event);
            if ("HttpApi".equals(fields.get("Type"))) {
                Map<String, Object> eventProperties = map(fields, "Properties");
                Map<String, Object> auth = map(eventProperties, "Auth");
                boolean authorized = !"NONE".equals(auth.get("Authorizer"));
                routes.add(new HttpRoute(name, text(eventProperties, "Method", name).toUpperCase(java.util.Locale.ROOT),
                        text(eventProperties, "Path", name), authorized, strings(auth, "AuthorizationScopes", name)));
            }
        });
        return routes;
    }

    private static List<StreamEvent> streams(Map<String, Object> properties) {
        List<StreamEvent> streams = new ArrayList<>();
        map(properties, "Events").forEach((name, event) -> {
            Map<String, Object> fields = asMap(event);
            if ("DynamoDB".equals(fields.get("Type"))) {
                Map<String, Object> p = map(fields, "Properties");
                List<String> patterns = new ArrayList<>();
                Object filters = map(p, "FilterCriteria").getOrDefault("Filters", List.of());
                if (filters instanceof List<?> list) {
                    list.forEach(filter -> patterns.add(text(asMap(filter), "Pattern", name)));
                }
                streams.add(new StreamEvent(name, p.get("Stream"), (int) number(p.getOrDefault("BatchSize", 100), name + ".BatchSize"),
                        patterns, (int) number(p.getOrDefault("MaximumRetryAttempts", -1), name + ".MaximumRetryAttempts"),
                        strings(p, "FunctionResponseTypes", name).contains("ReportBatchItemFailures"),
                        Boolean.TRUE.equals(p.get("BisectBatchOnFunctionError")),
                        (int) number(p.getOrDefault("MaximumRecordAgeInSeconds", -1), name + ".MaximumRecordAgeInSeconds")));
            }
        });
        return streams;
    }

    private List<RuleEvent> rules(Map<String, Object> properties) {
        List<RuleEvent> rules = new ArrayList<>();
        map(properties, "Events").forEach((name, event) -> {
            Map<String, Object> fields = asMap(event);
            if ("EventBridgeRule".equals(fields.get("Type"))) {
                Map<String, Object> eventProperties = map(fields, "Properties");
                try {
                    rules.add(new RuleEvent(name, busName(eventProperties.get("EventBusName"), name),
                            com.fasterxml.jackson.jr.ob.JSON.std.asString(map(eventProperties, "Pattern"))));
                } catch (java.io.IOException e) {
                    throw new IllegalArgumentException("template: " + name + ".Pattern is not a JSON pattern", e);
                }
            }
        });
        return rules;
    }

    /**
     * A rule's {@code EventBusName} as named locally: absent is the default bus (as SAM has it), a literal is
     * itself, {@code !Ref Bus} and {@code !GetAtt Bus.Name} are the bus's logical id.
     */
    private String busName(Object eventBusName, String owner) {
        if (eventBusName == null) {
            return DEFAULT_EVENT_BUS;
        }
        if (eventBusName instanceof String literal) {
            return literal;
        }
        if (eventBusName instanceof CloudFormationYaml.Intrinsic intrinsic && intrinsic.argument() instanceof String argument) {
            String resource = switch (intrinsic.name()) {
                case "Ref" -> argument;
                case "GetAtt" -> argument.endsWith(".Name") ? argument.substring(0, argument.length() - ".Name".length()) : "";
                default -> "";
            };
            if (hasResource(resource)) {
                return resource;
            }
        }
        throw new IllegalArgumentException("template: " + owner + ".EventBusName is " + shown(eventBusName)
                + ", which sam-local cannot resolve (a name, !Ref Bus or !GetAtt Bus.Name)");
    }
}
