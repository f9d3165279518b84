package dev.orders.local.cli;

import dev.orders.local.UsageException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --parameter-overrides}, read as SAM CLI reads it (samcli/cli/types.py, CfnParameterOverridesType): each
 * argument is {@code Key=Value} pairs separated by spaces, or {@code ParameterKey=Key,ParameterValue=Value} pairs (the
 * first form found in an argument is the one read), a value quoted with {@code "} or {@code '} when it holds spaces;
 * the quotes around a key or value are dropped, and {@code \ }, {@code \"}, {@code \'} unescaped. SAM CLI's regular
 * expressions, so that what it reads is what this reads.
 */
final class ParameterOverrides {
    private static final String KEY = "([A-Za-z0-9\"']+)";
    private static final String VALUE = "(\"(?:\\\\.|[^\"\\\\]+)*\"|'(?:\\\\.|[^'\\\\]+)*'|(?:\\\\.|[^ \"\\\\]+)+)";
    private static final List<Pattern> FORMS = List.of(
            Pattern.compile("(?:ParameterKey=" + KEY + ",ParameterValue=" + VALUE + ")"),
            Pattern.compile("(?:(?: )" + KEY + "=" + VALUE + ")"));

    private ParameterOverrides() {
    }

    /** The parameters {@code arguments} give, name to value, a later one winning. */
    static Map<String, String> parse(List<String> arguments) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String argument : arguments) {
            if (argument.isBlank()) {
                continue;
            }
            if (argument.startsWith("file://")) {
                throw new UsageException("--parameter-overrides " + argument + ": ./sam-local reads no parameter file; give"
                        + " Key=Value pairs (on the command line or as parameter_overrides in samconfig.toml)");
            }
            String normalized = " " + argument.strip();
            Map<String, String> found = new LinkedHashMap<>();
            for (Pattern form : FORMS) {
                Matcher matcher = form.matcher(normalized);
                while (matcher.find()) {
                    found.put(unquoted(matcher.group(1)), unquoted(matcher.group(2)));
                }
                if (!found.isEmpty()) {
                    break;
                }
            }
            if (found.isEmpty()) {
                throw new UsageException("--parameter-overrides: " + argument + " is not a valid format. It must look something"
                        + " like 'ParameterKey=KeyPairName,ParameterValue=MyKey ParameterKey=InstanceType,ParameterValue=t1.micro'"
                        + " or 'KeyPairName=MyKey InstanceType=t1.micro'");
            }
            parameters.putAll(found);
        }
        return parameters;
    }

    private static String unquoted(String text) {
        String value = text;
        if (value.length() > 1 && value.charAt(0) == value.charAt(value.length() - 1)
                && (value.charAt(0) == '"' || value.charAt(0) == '\'')) {
            value = value.substring(1, value.length() - 1);
        }
        return value.replace("\\ ", " ").replace("\\\"", "\"").replace("\\'", "'");
    }
}
