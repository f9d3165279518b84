package dev.orders.local.lambda;

import dev.orders.local.UsageException;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.net.URI;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The environment variables the template gives each function, resolved for a local run as SAM CLI resolves them
 * (samcli/local/lambdafn/env_vars.py): each variable the template declares takes --env-vars' value, else your
 * shell's, else the template's; a variable the template does not declare is not set, from either. The template's:
 * {@code !Ref <Parameter>} is the parameter's value (--parameter-overrides', else its Default),
 * {@code !Ref <the table>} is the local table's name, {@code !Ref} of another resource (the event bus) is its logical id. A variable {@code <NAME>_SECRET_ID} names a Secrets Manager secret, which the function reads
 * at run time; there is no Secrets Manager locally, so the function gets instead the secret's value
 * as {@code <NAME>_SECRET} (which it prefers): the variable of that name in the caller's environment,
 * or else a fixed development value (announced on stderr). On top come what Lambda itself would
 * provide to reach DynamoDB: region, credentials (dummies; Dynoxide checks none) and the
 * endpoint of Dynoxide.
 */
public final class FunctionEnvironment {
    /** JVM tuning for the Lambda runtime, not configuration a handler reads: never applied locally. */
    public static final Set<String> JVM_ONLY = Set.of("JAVA_TOOL_OPTIONS");
    /**
     * What the Lambda runtime provides besides the function's variables, taken from this process: where programs
     * are, the locale (from which JDK 17 takes its default charset) and the time zone.
     */
    private static final Set<String> RUNTIME = Set.of("PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ");
    /** Ends the name of a variable holding a secret's id; the secret's value goes without {@code _ID}. */
    private static final String SECRET_ID = "_SECRET_ID";

    private final SamTemplate template;
    private final String tableLogicalId;
    private final String tableName;
    private final UnaryOperator<String> callerEnv;

    public FunctionEnvironment(SamTemplate template, String tableLogicalId, String tableName, UnaryOperator<String> callerEnv) {
        this.template = template;
        this.tableLogicalId = tableLogicalId;
        this.tableName = tableName;
        this.callerEnv = callerEnv;
    }

    /**
     * One function's variables: those the template declares, each valued by {@code overrides} (from --env-vars) if
     * it names it, else by the caller's environment if set there, else by the template.
     */
    public Map<String, String> of(SamTemplate.Function function, Map<String, String> overrides) {
        Map<String, String> resolved = new LinkedHashMap<>();
        function.environment().forEach((name, value) -> {
            if (name.endsWith(SECRET_ID)) {
                String secret = name.substring(0, name.length() - "_ID".length());
                resolved.put(secret, secret(secret));
            } else if (!JVM_ONLY.contains(name)) {
                String fromCaller = callerEnv.apply(name);
                resolved.put(name, fromCaller != null ? fromCaller : resolve(function.logicalId(), name, value));
            }
        });
        resolved.replaceAll((name, value) -> overrides.getOrDefault(name, value));
        return resolved;
    }

    /**
     * Makes {@code processEnvironment} (a functions' JVM's, from its ProcessBuilder) {@code env} and the runtime's
     * variables alone: as in Lambda's container, and SAM CLI's, nothing else of the caller's environment (its AWS
     * profile or session token, JAVA_TOOL_OPTIONS, a variable the template does not declare) reaches a function.
     */
    public static void replace(Map<String, String> processEnvironment, Map<String, String> env) {
        processEnvironment.keySet().retainAll(RUNTIME);
        processEnvironment.putAll(env);
    }

    /**
     * The variables of all functions together, for the one JVM that serves them all (System.getenv
     * is per process, not per class loader). Two functions wanting different values for one
     * variable cannot share a process: that is an error, not a silent pick.
     */
    public Map<String, String> union(List<SamTemplate.Function> functions, Map<String, Map<String, String>> overrides) {
        Map<String, String> union = new LinkedHashMap<>();
        Map<String, String> owners = new LinkedHashMap<>();
        for (SamTemplate.Function function : functions) {
            of(function, overrides.getOrDefault(function.logicalId(), Map.of())).forEach((name, value) -> {
                String previous = union.putIfAbsent(name, value);
                if (previous != null && !previous.equals(value)) {
                    throw new UsageException("functions " + owners.get(name) + " and " + function.logicalId()
                            + " declare different values for " + name + "; start-api runs all functions in one process"
                            + " and cannot give them both (use invoke for one function)");
                }
                owners.putIfAbsent(name, function.logicalId());
            });
        }
        return union;
    }

    /**
     * What the Lambda service would add so the SDK reaches the table and the event bus: here, DynamoDB
     * Local and the local event bus.
     */
    public Map<String, String> aws(URI dynamoDbEndpoint, URI eventBusEndpoint) {
        Map<String, String> aws = new LinkedHashMap<>();
        aws.put("AWS_REGION", orDefault("AWS_REGION", "us-east-1"));
        aws.put("AWS_ACCESS_KEY_ID", "local");
        aws.put("AWS_SECRET_ACCESS_KEY", "local");
        aws.put("AWS_ENDPOINT_URL_DYNAMODB", dynamoDbEndpoint.toString());
        aws.put("AWS_ENDPOINT_URL_EVENTBRIDGE", eventBusEndpoint.toString());
        return aws;
    }

    private String resolve(String function, String name, Object value) {
        if (!(value instanceof CloudFormationYaml.Intrinsic intrinsic)) {
            return String.valueOf(value);
        }
        if ("Ref".equals(intrinsic.name()) && tableLogicalId.equals(intrinsic.argument())) {
            return tableName;
        }
        if ("Ref".equals(intrinsic.name()) && intrinsic.argument() instanceof String resource
                && template.hasResource(resource)) {
            // Another resource (the event bus): locally its stand-in, named by its logical id.
            return resource;
        }
        if ("Ref".equals(intrinsic.name()) && intrinsic.argument() instanceof String parameter) {
            return template.parameterValue(parameter).orElseThrow(() -> new UsageException("template: " + function + " "
                    + name + " is !Ref " + parameter + ", which has no Default; give it with --parameter-overrides or --env-vars"));
        }
        throw new UsageException("template: " + function + " " + name + " is !" + intrinsic.name() + " "
                + intrinsic.argument() + ", which sam-local cannot resolve; give it with --env-vars");
    }

    /**
     * The value a function gets locally for the secret {@code name} ({@code STRIPE_WEBHOOK_SECRET}): the caller's
     * variable of that name, else the fixed development value; for what signs a local delivery, too.
     */
    public String secret(String name) {
        String fromCaller = callerEnv.apply(name);
        if (fromCaller != null && !fromCaller.isBlank()) {
            return fromCaller;
        }
        String value = "sam-local development value of " + name + " (not a secret)";
        DevValues.announce(name, value);
        return value;
    }

    private String orDefault(String name, String fallback) {
        String value = callerEnv.apply(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    /** Says once per variable that a secret got a fixed development value. */
    private static final class DevValues {
        private static final Set<String> ANNOUNCED = java.util.concurrent.ConcurrentHashMap.newKeySet();

        static void announce(String name, String value) {
            if (ANNOUNCED.add(name)) {
                Log.SAM_LOCAL.line(name + " is not set; the functions get \"" + value + "\" (the template reads it"
                        + " from Secrets Manager; export " + name + " to choose one)");
            }
        }
    }

    /**
     * {@code SAM CLI --env-vars} JSON: {"FunctionLogicalId": {"VAR": "value"}, "Parameters": {... for all}}. A
     * variable no function it applies to declares is ignored, as SAM CLI ignores it, with a line saying so.
     */
    public static Map<String, Map<String, String>> overridesFrom(Map<String, Object> envVarsJson, List<SamTemplate.Function> functions) {
        Map<String, Map<String, String>> result = new LinkedHashMap<>();
        Map<String, String> all = strings(envVarsJson.get("Parameters"), "Parameters");
        Set<String> declaredByAny = new HashSet<>();
        for (SamTemplate.Function function : functions) {
            Map<String, String> own = strings(envVarsJson.get(function.logicalId()), function.logicalId());
            Set<String> declared = declared(function);
            declaredByAny.addAll(declared);
            own.keySet().stream().filter(name -> !declared.contains(name)).forEach(name -> Log.SAM_LOCAL.line("--env-vars: "
                    + function.logicalId() + "." + name + " is ignored: the template does not declare " + name
                    + " for " + function.logicalId() + " (SAM CLI sets only the variables the template declares)"));
            Map<String, String> merged = new LinkedHashMap<>(all);
            merged.putAll(own);
            result.put(function.logicalId(), merged);
        }
        all.keySet().stream().filter(name -> !declaredByAny.contains(name)).forEach(name -> Log.SAM_LOCAL.line(
                "--env-vars: Parameters." + name + " is ignored: no function of the template declares " + name
                        + " (SAM CLI sets only the variables the template declares)"));
        return result;
    }

    /** The names of {@code function}'s variables as a local run sets them (a secret's value in place of its id). */
    private static Set<String> declared(SamTemplate.Function function) {
        Set<String> names = new HashSet<>();
        for (String name : function.environment().keySet()) {
            if (name.endsWith(SECRET_ID)) {
                names.add(name.substring(0, name.length() - "_ID".length()));
            } else if (!JVM_ONLY.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    private static Map<String, String> strings(Object value, String key) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new UsageException("--env-vars: \"" + key + "\" must be an object of variable names to values");
        }
        Map<String, String> strings = new LinkedHashMap<>();
        map.forEach((name, v) -> strings.put(String.valueOf(name), String.valueOf(v)));
        return strings;
    }
}
