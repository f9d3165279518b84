package dev.orders.testsupport.privilege;

import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The parts of template.yaml the privilege check reads beyond {@link SamTemplate}'s own view of it. */
final class Templates {
    private static volatile SamTemplate repository;

    private Templates() {
    }

    /** The repository's template.yaml, read once per JVM. */
    static SamTemplate repository() {
        SamTemplate template = repository;
        if (template == null) {
            template = SamTemplate.repository();
            repository = template;
        }
        return template;
    }

    /** The logical id of the function whose Handler is in {@code handler}. */
    static String functionOf(SamTemplate template, Class<?> handler) {
        List<String> functions = template.functions().stream()
                .filter(f -> f.handlerClass().equals(handler.getName()))
                .map(SamTemplate.Function::logicalId)
                .toList();
        if (functions.size() != 1) {
            throw new IllegalArgumentException(template.file() + ": " + functions.size()
                    + " functions have their handler in " + handler.getName() + " " + functions);
        }
        return functions.get(0);
    }

    static Map<String, Object> resource(SamTemplate template, String logicalId) {
        return map(map(template.root(), "Resources"), logicalId);
    }

    static Optional<String> resourceType(SamTemplate template, String logicalId) {
        return Optional.ofNullable(resource(template, logicalId).get("Type")).map(String::valueOf);
    }

    static boolean isParameter(SamTemplate template, String name) {
        return map(template.root(), "Parameters").containsKey(name);
    }

    /** A value of the template as the check writes resources: {@code ${X}} for !Ref X, {@code ${X.Arn}} for !GetAtt X.Arn. */
    static String reference(Object value, String where) {
        if (value instanceof String literal) {
            return literal;
        }
        if (value instanceof CloudFormationYaml.Intrinsic intrinsic) {
            Object argument = intrinsic.argument();
            switch (intrinsic.name()) {
                case "Ref":
                    if (argument instanceof String id) {
                        return "${" + id + "}";
                    }
                    break;
                case "GetAtt":
                    if (argument instanceof String attribute) {
                        return "${" + attribute + "}";
                    }
                    if (argument instanceof List<?> parts && parts.size() == 2) {
                        return "${" + parts.get(0) + "." + parts.get(1) + "}";
                    }
                    break;
                case "Sub":
                    // Only the one-argument form: its ${...} are already how the check writes references.
                    if (argument instanceof String text) {
                        return text;
                    }
                    break;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException("template.yaml " + where + " is " + show(value)
                + ": the privilege check reads literals, !Ref, !GetAtt and one-argument !Sub only");
    }

    /** The resource a !Ref or !GetAtt refers to. */
    static Optional<String> logicalIdOf(Object value) {
        if (value instanceof CloudFormationYaml.Intrinsic intrinsic) {
            Object argument = intrinsic.argument();
            if ("Ref".equals(intrinsic.name()) && argument instanceof String id) {
                return Optional.of(id);
            }
            if ("GetAtt".equals(intrinsic.name()) && argument instanceof String attribute) {
                int dot = attribute.indexOf('.');
                return Optional.of(dot < 0 ? attribute : attribute.substring(0, dot));
            }
            if ("GetAtt".equals(intrinsic.name()) && argument instanceof List<?> parts && !parts.isEmpty()) {
                return Optional.of(String.valueOf(parts.get(0)));
            }
        }
        return Optional.empty();
    }

    static String show(Object value) {
        return value instanceof CloudFormationYaml.Intrinsic intrinsic
                ? "!" + intrinsic.name() + " " + intrinsic.argument() : String.valueOf(value);
    }

    static Map<String, Object> map(Map<String, Object> fields, String key) {
        Object value = fields.get(key);
        return value == null ? Map.of() : asMap(value, key);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object value, String where) {
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("template.yaml " + where + " is not a mapping: " + show(value));
        }
        return (Map<String, Object>) value;
    }

    /** A YAML value that may be one item or a list of them, as a list. */
    static List<Object> list(Object value) {
        if (value == null) {
            return List.of();
        }
        return value instanceof List<?> values ? List.copyOf(values) : List.of(value);
    }
}
