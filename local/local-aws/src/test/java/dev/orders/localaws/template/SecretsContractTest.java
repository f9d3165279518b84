package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The functions read their secrets at run time: the template gives each function the ids of exactly
 * the secrets it reads, and the permission to read exactly those, and puts no secret's value in any
 * function's configuration, where anyone allowed lambda:GetFunctionConfiguration would read it.
 */
class SecretsContractTest {
    private static final String GET_SECRET_VALUE = "secretsmanager:GetSecretValue";
    private static final CloudFormationYaml.Intrinsic CURSOR_SECRET = new CloudFormationYaml.Intrinsic("Ref", "CursorSecret");
    private static final CloudFormationYaml.Intrinsic WEBHOOK_SECRET = new CloudFormationYaml.Intrinsic("Ref",
            "PaymentWebhookSecretName");
    private static final CloudFormationYaml.Intrinsic STRIPE_WEBHOOK_SECRET = new CloudFormationYaml.Intrinsic("Ref",
            "StripeWebhookSecretName");
    private final SamTemplate template = SamTemplate.repository();

    @Test
    void eachFunctionIsGivenTheIdsOfExactlyTheSecretsItReads() {
        // Only query-orders reads cursors (history and feeds); only the webhook verifies signatures, one per route.
        Map<String, Map<String, Object>> expected = new TreeMap<>(Map.of(
                "QueryOrdersFunction", Map.of("CURSOR_SECRET_ID", CURSOR_SECRET),
                "PaymentWebhookFunction", Map.of("WEBHOOK_SECRET_ID", WEBHOOK_SECRET,
                        "STRIPE_WEBHOOK_SECRET_ID", STRIPE_WEBHOOK_SECRET)));
        Map<String, Map<String, Object>> actual = new TreeMap<>();
        for (SamTemplate.Function function : template.functions()) {
            Map<String, Object> secretIds = new LinkedHashMap<>();
            function.environment().forEach((name, value) -> {
                if (name.contains("SECRET")) {
                    secretIds.put(name, value);
                }
            });
            if (!secretIds.isEmpty()) {
                actual.put(function.logicalId(), secretIds);
            }
        }
        assertEquals(expected, actual);
    }

    @Test
    void eachFunctionMayReadExactlyTheSecretsItIsGiven() {
        Map<String, Set<Object>> expected = new TreeMap<>(Map.of(
                "QueryOrdersFunction", Set.of(CURSOR_SECRET),
                "PaymentWebhookFunction", Set.of(secretArn("PaymentWebhookSecretName"), secretArn("StripeWebhookSecretName"))));
        Map<String, Set<Object>> actual = new TreeMap<>();
        resources().forEach((logicalId, resource) -> {
            if ("AWS::Serverless::Function".equals(resource.get("Type"))) {
                Set<Object> secrets = statements(map(resource.get("Properties"))).stream()
                        .filter(statement -> list(statement.get("Action")).contains(GET_SECRET_VALUE))
                        .flatMap(statement -> list(statement.get("Resource")).stream())
                        .collect(Collectors.toSet());
                if (!secrets.isEmpty()) {
                    actual.put(logicalId, secrets);
                }
            }
        });
        assertEquals(expected, actual);
    }

    /** A secret's ARN by the name a parameter gives it (Secrets Manager appends six random characters). */
    private static CloudFormationYaml.Intrinsic secretArn(String nameParameter) {
        return new CloudFormationYaml.Intrinsic("Sub", "arn:${AWS::Partition}:secretsmanager:${AWS::Region}:"
                + "${AWS::AccountId}:secret:${" + nameParameter + "}-??????");
    }

    @Test
    void noEnvironmentHoldsASecretsValue() {
        for (SamTemplate.Function function : template.functions()) {
            function.environment().forEach((name, value) -> assertFalse(
                    String.valueOf(value).contains("resolve:secretsmanager"),
                    function.logicalId() + " " + name + " resolves a secret into the function's configuration"));
        }
    }

    private Map<String, Map<String, Object>> resources() {
        Map<String, Map<String, Object>> resources = new LinkedHashMap<>();
        map(template.root().get("Resources")).forEach((id, resource) -> resources.put(id, map(resource)));
        return resources;
    }

    /** Every statement of the function's inline policies. */
    private static List<Map<String, Object>> statements(Map<String, Object> properties) {
        return list(properties.get("Policies")).stream()
                .flatMap(policy -> list(map(policy).get("Statement")).stream())
                .map(SecretsContractTest::map)
                .toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> ? (Map<String, Object>) value : Map.of();
    }

    private static List<Object> list(Object value) {
        if (value == null) {
            return List.of();
        }
        return value instanceof List<?> values ? List.copyOf(values) : List.of(value);
    }
}
