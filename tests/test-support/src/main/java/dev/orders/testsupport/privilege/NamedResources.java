package dev.orders.testsupport.privilege;

import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The resources a function's calls reach, written as template.yaml writes them. The code takes its
 * resources' names from its environment (TABLE_NAME, CURSOR_SECRET_ID, EVENT_BUS_NAME) and a test gives
 * it names of its own: a name the test gave variable V stands for what the template gives V, so a call
 * to the test's table is a call to {@code ${OrdersTable.Arn}}. A name no variable holds stays unresolved,
 * and no policy grants it: the check then fails on it, naming it.
 */
final class NamedResources {
    private static final String ARN = "arn:${AWS::Partition}:%s:${AWS::Region}:${AWS::AccountId}:%s";

    /** The kinds of resource a call names, and how IAM writes each one's ARN. */
    enum Kind {
        TABLE("AWS::DynamoDB::Table", "table"),
        EVENT_BUS("AWS::Events::EventBus", "event bus"),
        SECRET("AWS::SecretsManager::Secret", "secret");

        private final String resourceType;
        private final String description;

        Kind(String resourceType, String description) {
            this.resourceType = resourceType;
            this.description = description;
        }

        /** The ARN of resource {@code logicalId} of the template. */
        String ofResource(String logicalId) {
            // A secret's !Ref is already its ARN; a table's and a bus's is their name.
            return this == SECRET ? "${" + logicalId + "}" : "${" + logicalId + ".Arn}";
        }

        /** The ARN of the resource called {@code name}. */
        String ofName(String name) {
            return switch (this) {
                case TABLE -> ARN.formatted("dynamodb", "table/" + name);
                case EVENT_BUS -> ARN.formatted("events", "event-bus/" + name);
                // Secrets Manager ends a secret's ARN with "-" and six random characters: IAM sees those.
                case SECRET -> ARN.formatted("secretsmanager", "secret:" + name + "-??????");
            };
        }
    }

    private final SamTemplate template;
    private final String function;
    /** Each value the test gave a variable the template sets: variable → the template's value of it. */
    private final Map<String, Map<String, Object>> byValue = new HashMap<>();

    NamedResources(SamTemplate template, String function, Map<String, String> environment) {
        this.template = template;
        this.function = function;
        Map<String, Object> declared = template.function(function)
                .orElseThrow(() -> new IllegalArgumentException(template.file() + " declares no function " + function))
                .environment();
        environment.forEach((variable, value) -> {
            if (declared.containsKey(variable) && value != null && !value.isBlank()) {
                byValue.computeIfAbsent(value, v -> new TreeMap<>()).put(variable, declared.get(variable));
            }
        });
    }

    String function() {
        return function;
    }

    String table(String name) {
        return resolve(Kind.TABLE, name);
    }

    String index(String table, String index) {
        return table(table) + "/index/" + index;
    }

    String secret(String id) {
        return resolve(Kind.SECRET, id);
    }

    /** A bus by name or ARN; none is the account's default bus, which no variable names. */
    String eventBus(String nameOrArn) {
        return nameOrArn == null || nameOrArn.isEmpty() ? Kind.EVENT_BUS.ofName("default") : resolve(Kind.EVENT_BUS, nameOrArn);
    }

    private String resolve(Kind kind, String value) {
        Map<String, Object> variables = byValue.getOrDefault(value, Map.of());
        Set<Object> meanings = new LinkedHashSet<>(variables.values());
        if (meanings.isEmpty()) {
            return unresolved(kind, value, "none of " + function + "'s environment variables in template.yaml holds it");
        }
        if (meanings.size() > 1) {
            return unresolved(kind, value, "variables " + variables.keySet() + " hold it and mean different resources");
        }
        Object meaning = meanings.iterator().next();
        boolean isArn = value.startsWith("arn:");
        if (meaning instanceof CloudFormationYaml.Intrinsic ref && "Ref".equals(ref.name())
                && ref.argument() instanceof String id) {
            Optional<String> type = Templates.resourceType(template, id);
            if (type.isPresent()) {
                return type.get().equals(kind.resourceType) ? kind.ofResource(id)
                        : unresolved(kind, value, variables.keySet() + " is !Ref " + id + ", a " + type.get()
                                + ", not a " + kind.resourceType);
            }
            if (Templates.isParameter(template, id)) {
                return isArn ? "${" + id + "}" : kind.ofName("${" + id + "}");
            }
        }
        if (meaning instanceof String literal) {
            return isArn ? literal : kind.ofName(literal);
        }
        return unresolved(kind, value, variables.keySet() + " is " + Templates.show(meaning)
                + ", which the privilege check does not resolve");
    }

    private static String unresolved(Kind kind, String value, String why) {
        return "<" + kind.description + " '" + value + "': " + why + ">";
    }
}
