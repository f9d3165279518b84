package dev.orders.localaws.template;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values a stack gives what a template writes with intrinsic functions its parameters alone decide, as
 * CloudFormation evaluates them: {@code Ref} of a parameter ({@link ParameterValues#reference}) or of
 * {@code AWS::NoValue} (the property or element is dropped), {@code Fn::If}, {@code Fn::Join}, {@code Fn::Sub} of
 * parameters and its own variables, and in {@code Conditions} {@code Fn::Equals}, {@code Fn::Not}, {@code Fn::And},
 * {@code Fn::Or} and {@code Condition}. Anything else (a resource's {@code Ref}, {@code Fn::GetAtt}, a
 * {@code Fn::Sub} of a resource or a pseudo parameter) needs a deployed stack: an error that says where.
 */
final class StackValues {
    private static final String NO_VALUE = "AWS::NoValue";
    /** A variable of {@code Fn::Sub}: {@code ${Name}}, or {@code ${!Literal}}, which writes {@code ${Literal}}. */
    private static final Pattern SUB_VARIABLE = Pattern.compile("\\$\\{(!?)([^}]*)}");

    private final Map<String, Object> root;
    private final ParameterValues parameters;

    StackValues(Map<String, Object> root, ParameterValues parameters) {
        this.root = root;
        this.parameters = parameters;
    }

    /** {@code value} with every intrinsic in it evaluated; empty where it is {@code AWS::NoValue}. */
    Optional<Object> resolve(Object value, String where) {
        Optional<CloudFormationYaml.Intrinsic> intrinsic = intrinsic(value);
        if (intrinsic.isPresent()) {
            return evaluate(intrinsic.get(), where);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> resolved = new LinkedHashMap<>();
            map.forEach((key, field) -> resolve(field, where + "." + key).ifPresent(v -> resolved.put(String.valueOf(key), v)));
            return Optional.of(resolved);
        }
        if (value instanceof List<?> list) {
            List<Object> resolved = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                resolve(list.get(i), where + "[" + i + "]").ifPresent(resolved::add);
            }
            return Optional.of(resolved);
        }
        return Optional.ofNullable(value);
    }

    /** Whether the template's condition {@code name} holds in this stack. */
    boolean condition(String name) {
        Object conditions = root.getOrDefault("Conditions", Map.of());
        if (!(conditions instanceof Map<?, ?> declared) || !declared.containsKey(name)) {
            throw new IllegalArgumentException("template: the condition " + name + " is not declared in Conditions");
        }
        return bool(declared.get(name), "Conditions." + name);
    }

    private Optional<Object> evaluate(CloudFormationYaml.Intrinsic intrinsic, String where) {
        Object argument = intrinsic.argument();
        return switch (intrinsic.name()) {
            case "Ref" -> NO_VALUE.equals(argument) ? Optional.empty()
                    : Optional.of(parameters.reference(String.valueOf(argument)).orElseThrow(() -> new IllegalArgumentException(
                            "template: " + where + " is !Ref " + argument + ", which is no parameter with a value; sam-local"
                                    + " resolves parameters only")));
            case "If" -> {
                List<?> branches = arguments(argument, 3, where, "!If [condition, then, else]");
                yield resolve(condition(String.valueOf(branches.get(0))) ? branches.get(1) : branches.get(2), where);
            }
            case "Join" -> {
                List<?> join = arguments(argument, 2, where, "!Join [delimiter, list]");
                Object members = resolve(join.get(1), where).orElse(List.of());
                if (!(members instanceof List<?> list)) {
                    throw new IllegalArgumentException("template: " + where + ": !Join joins a list, not " + members);
                }
                yield Optional.of(String.join(String.valueOf(join.get(0)), list.stream().map(String::valueOf).toList()));
            }
            case "Sub" -> Optional.of(substitute(argument, where));
            case "Equals", "Not", "And", "Or", "Condition" -> Optional.of(bool(intrinsic, where));
            default -> throw new IllegalArgumentException("template: " + where + " is !" + intrinsic.name()
                    + ", which needs a deployed stack; sam-local resolves parameters and conditions only");
        };
    }

    /**
     * {@code Fn::Sub} of a string, or of {@code [string, {Name: value}]}: each {@code ${Name}} replaced by its own
     * variable's value, else the parameter's; any other name (a resource, an attribute, a pseudo parameter) needs a
     * deployed stack.
     */
    private String substitute(Object argument, String where) {
        Map<?, ?> variables = Map.of();
        Object text = argument;
        if (argument instanceof List<?>) {
            List<?> form = arguments(argument, 2, where, "!Sub [string, {Name: value}]");
            text = form.get(0);
            if (!(form.get(1) instanceof Map<?, ?> given)) {
                throw new IllegalArgumentException("template: " + where + ": !Sub's variables must be a mapping");
            }
            variables = given;
        }
        if (!(text instanceof String template)) {
            throw new IllegalArgumentException("template: " + where + ": !Sub substitutes into a string, not " + text);
        }
        Matcher variable = SUB_VARIABLE.matcher(template);
        StringBuilder substituted = new StringBuilder();
        while (variable.find()) {
            String name = variable.group(2);
            String value;
            if (!variable.group(1).isEmpty()) {
                value = "${" + name + "}";
            } else if (variables.containsKey(name)) {
                value = String.valueOf(resolve(variables.get(name), where + "." + name).orElse(""));
            } else {
                value = parameters.value(name).orElseThrow(() -> new IllegalArgumentException("template: " + where
                        + " is !Sub of ${" + name + "}, which is no parameter with a value; sam-local resolves parameters only"));
            }
            variable.appendReplacement(substituted, Matcher.quoteReplacement(value));
        }
        variable.appendTail(substituted);
        return substituted.toString();
    }

    /** A condition's value: a condition function, or a condition named by {@code Condition}. */
    private boolean bool(Object value, String where) {
        CloudFormationYaml.Intrinsic function = intrinsic(value).orElseThrow(() -> new IllegalArgumentException(
                "template: " + where + " is no condition function: " + value));
        Object argument = function.argument();
        return switch (function.name()) {
            case "Equals" -> {
                List<?> sides = arguments(argument, 2, where, "!Equals [a, b]");
                yield String.valueOf(resolve(sides.get(0), where).orElse(null))
                        .equals(String.valueOf(resolve(sides.get(1), where).orElse(null)));
            }
            case "Not" -> !bool(arguments(argument, 1, where, "!Not [condition]").get(0), where);
            case "And" -> list(argument, where).stream().allMatch(c -> bool(c, where));
            case "Or" -> list(argument, where).stream().anyMatch(c -> bool(c, where));
            case "Condition" -> condition(String.valueOf(argument));
            default -> throw new IllegalArgumentException("template: " + where + " is !" + function.name()
                    + ", which is no condition function");
        };
    }

    /** Short form ({@code !If}) or long form ({@code {"Fn::If": ...}}, {@code {"Ref": ...}}). */
    private static Optional<CloudFormationYaml.Intrinsic> intrinsic(Object value) {
        if (value instanceof CloudFormationYaml.Intrinsic intrinsic) {
            return Optional.of(intrinsic);
        }
        if (value instanceof Map<?, ?> map && map.size() == 1) {
            String key = String.valueOf(map.keySet().iterator().next());
            if (key.equals("Ref") || key.equals("Condition") || key.startsWith("Fn::")) {
                return Optional.of(new CloudFormationYaml.Intrinsic(key.replaceFirst("^Fn::", ""), map.get(key)));
            }
        }
        return Optional.empty();
    }

    private static List<?> arguments(Object argument, int count, String where, String form) {
        List<?> list = list(argument, where);
        if (list.size() != count) {
            throw new IllegalArgumentException("template: " + where + " must be " + form);
        }
        return list;
    }

    private static List<?> list(Object argument, String where) {
        if (!(argument instanceof List<?> list)) {
            throw new IllegalArgumentException("template: " + where + ": an intrinsic function's arguments must be a list");
        }
        return list;
    }
}
