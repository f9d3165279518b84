package dev.orders.local.invoke;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The function an Invoke call names, in any of the forms Lambda takes: a name ({@code my-function}), a full
 * ARN ({@code arn:aws:lambda:us-west-2:123456789012:function:my-function}) or a partial one
 * ({@code 123456789012:function:my-function}), each with an optional {@code :version-or-alias}.
 */
record InvokedFunction(String name, Optional<String> region, Optional<String> account, Optional<String> qualifier) {
    /** The Invoke API's own pattern for FunctionName, as its reference gives it (also in the refusal's message). */
    static final String PATTERN = "(arn:(aws[a-zA-Z-]*)?:lambda:)?([a-z]{2}((-gov)|(-iso([a-z]?)))?-[a-z]+-\\d{1}:)?"
            + "(\\d{12}:)?(function:)?([a-zA-Z0-9-_\\.]+)(:(\\$LATEST(\\.PUBLISHED)?|[a-zA-Z0-9-_]+))?";
    static final int MAX_LENGTH = 170;
    private static final Pattern PARTS = Pattern.compile("(?:arn:(?:aws[a-zA-Z-]*)?:lambda:)?"
            + "(?:(?<region>[a-z]{2}(?:-gov|-iso[a-z]?)?-[a-z]+-\\d):)?(?:(?<account>\\d{12}):)?(?:function:)?"
            + "(?<name>[a-zA-Z0-9-_.]+)(?::(?<qualifier>\\$LATEST(?:\\.PUBLISHED)?|[a-zA-Z0-9-_]+))?");
    /** The Invoke API's pattern and length for the Qualifier parameter. */
    private static final Pattern QUALIFIER = Pattern.compile("[a-zA-Z0-9$_-]+");
    private static final int MAX_QUALIFIER = 128;

    /** The name as the call gives it (URL-decoded), checked as Lambda checks it. */
    static InvokedFunction parse(String functionName) throws InvokeRefusal {
        if (functionName.isEmpty() || functionName.length() > MAX_LENGTH) {
            throw InvokeRefusal.validation(functionName, "functionName", functionName.isEmpty()
                    ? "Member must have length greater than or equal to 1"
                    : "Member must have length less than or equal to " + MAX_LENGTH);
        }
        Matcher parts = PARTS.matcher(functionName);
        if (!parts.matches()) {
            throw InvokeRefusal.validation(functionName, "functionName",
                    "Member must satisfy regular expression pattern: " + PATTERN);
        }
        return new InvokedFunction(parts.group("name"), Optional.ofNullable(parts.group("region")),
                Optional.ofNullable(parts.group("account")), Optional.ofNullable(parts.group("qualifier")));
    }

    /** With the call's {@code Qualifier} parameter, which must agree with a qualifier in the name. */
    InvokedFunction qualifiedBy(Optional<String> parameter) throws InvokeRefusal {
        if (parameter.isEmpty()) {
            return this;
        }
        String given = parameter.get();
        if (given.length() > MAX_QUALIFIER || !QUALIFIER.matcher(given).matches()) {
            throw InvokeRefusal.validation(given, "qualifier", given.length() > MAX_QUALIFIER
                    ? "Member must have length less than or equal to " + MAX_QUALIFIER
                    : "Member must satisfy regular expression pattern: (|[a-zA-Z0-9$_-]+)");
        }
        if (qualifier.isPresent() && !qualifier.get().equals(given)) {
            throw InvokeRefusal.invalidParameter("The derived qualifier from the function name does not match the specified qualifier.");
        }
        return new InvokedFunction(name, region, account, parameter);
    }

    /** The function's ARN as Lambda names it in its answers, with the qualifier if one was given. */
    String arn(String localRegion, String localAccount) {
        return "arn:aws:lambda:" + region.orElse(localRegion) + ":" + account.orElse(localAccount) + ":function:" + name
                + qualifier.map(q -> ":" + q).orElse("");
    }
}
