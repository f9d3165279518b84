package dev.orders.localaws.template;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The values a template's parameters take in a stack: the value given for it, else its {@code Default}; none if
 * neither. Checked as CloudFormation checks a stack's parameters, with its messages: a name the template does not
 * declare, a Number that is no number or outside {@code MinValue}/{@code MaxValue}, a String outside
 * {@code MinLength}/{@code MaxLength} or not matching {@code AllowedPattern} (the whole value, a Java regular
 * expression, as CloudFormation's), a value not among {@code AllowedValues}; a {@code ConstraintDescription}
 * replaces the message of a value refused by its constraints.
 */
public final class ParameterValues {
    private final Map<String, String> values;
    /** The parameters whose {@code !Ref} is a list: CommaDelimitedList and {@code List<...>} types. */
    private final Set<String> lists;

    private ParameterValues(Map<String, String> values, Set<String> lists) {
        this.values = Map.copyOf(values);
        this.lists = Set.copyOf(lists);
    }

    /** The values of {@code root}'s parameters with {@code given} (name to value) over their Defaults. */
    public static ParameterValues of(Map<String, Object> root, Map<String, String> given) {
        Map<String, Object> declared = map(root.get("Parameters"), "Parameters");
        List<String> undeclared = given.keySet().stream().filter(name -> !declared.containsKey(name)).toList();
        if (!undeclared.isEmpty()) {
            throw new IllegalArgumentException("Parameters: [" + String.join(", ", undeclared) + "] do not exist in the template");
        }
        Map<String, String> values = new LinkedHashMap<>();
        Set<String> lists = new HashSet<>();
        declared.forEach((name, definition) -> {
            Map<String, Object> parameter = map(definition, "Parameters." + name);
            String type = String.valueOf(parameter.get("Type"));
            if (type.equals("CommaDelimitedList") || type.startsWith("List<")) {
                lists.add(name);
            }
            Optional.ofNullable(given.get(name)).or(() -> Optional.ofNullable(parameter.get("Default")).map(String::valueOf))
                    .ifPresent(value -> values.put(name, checked(name, parameter, value)));
        });
        return new ParameterValues(values, lists);
    }

    public Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /**
     * What {@code !Ref name} is in the stack: the value, or for a list type its comma-separated members, each
     * stripped of spaces (as CloudFormation's CommaDelimitedList; an empty value is one empty member).
     */
    Optional<Object> reference(String name) {
        return value(name).map(value -> lists.contains(name)
                ? Arrays.stream(value.split(",", -1)).map(String::strip).toList() : value);
    }

    private static String checked(String name, Map<String, Object> parameter, String value) {
        Optional<String> constraint = Optional.ofNullable(parameter.get("ConstraintDescription")).map(String::valueOf)
                .map(description -> "Parameter " + name + " failed to satisfy constraint: " + description);
        if ("Number".equals(parameter.get("Type"))) {
            BigDecimal number;
            try {
                number = new BigDecimal(value.strip());
            } catch (NumberFormatException e) {
                throw refused(constraint, "Parameter '" + name + "' must be a number");
            }
            bound(parameter, "MinValue").filter(min -> number.compareTo(min) < 0).ifPresent(min -> {
                throw refused(constraint, "Parameter '" + name + "' must be a number not less than " + parameter.get("MinValue"));
            });
            bound(parameter, "MaxValue").filter(max -> number.compareTo(max) > 0).ifPresent(max -> {
                throw refused(constraint, "Parameter '" + name + "' must be a number not greater than " + parameter.get("MaxValue"));
            });
        } else {
            bound(parameter, "MinLength").filter(min -> value.length() < min.intValue()).ifPresent(min -> {
                throw refused(constraint, "Parameter '" + name + "' must contain at least " + min.intValue() + " characters");
            });
            bound(parameter, "MaxLength").filter(max -> value.length() > max.intValue()).ifPresent(max -> {
                throw refused(constraint, "Parameter '" + name + "' must contain at most " + max.intValue() + " characters");
            });
            Object pattern = parameter.get("AllowedPattern");
            if (pattern != null && !matches(name, String.valueOf(pattern), value)) {
                throw refused(constraint, "Parameter '" + name + "' must match pattern " + pattern);
            }
        }
        Object allowed = parameter.get("AllowedValues");
        if (allowed instanceof List<?> list && list.stream().map(String::valueOf).noneMatch(value::equals)) {
            throw refused(constraint, "Parameter '" + name + "' must be one of AllowedValues");
        }
        return value;
    }

    private static boolean matches(String name, String pattern, String value) {
        try {
            return Pattern.compile(pattern).matcher(value).matches();
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("Parameter '" + name + "' AllowedPattern must be a valid regular expression.");
        }
    }

    private static Optional<BigDecimal> bound(Map<String, Object> parameter, String key) {
        return Optional.ofNullable(parameter.get(key)).map(bound -> new BigDecimal(String.valueOf(bound)));
    }

    private static IllegalArgumentException refused(Optional<String> constraint, String message) {
        return new IllegalArgumentException(constraint.orElse(message));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value, String where) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("template: " + where + " must be a mapping");
        }
        return (Map<String, Object>) value;
    }
}
