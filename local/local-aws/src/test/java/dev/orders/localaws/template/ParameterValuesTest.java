package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A stack's parameter values: given, else Default, refused as CloudFormation refuses them and in its words. */
class ParameterValuesTest {
    private static final SamTemplate REPOSITORY = SamTemplate.repository();

    private static String refusal(Map<String, String> overrides) {
        return assertThrows(IllegalArgumentException.class, () -> REPOSITORY.withParameterOverrides(overrides)).getMessage();
    }

    @Test
    void aGivenValueReplacesTheDefaultAndAParameterWithNeitherHasNone() {
        SamTemplate stack = REPOSITORY.withParameterOverrides(Map.of("LogLevel", "DEBUG", "JwtAudience", "orders-api"));
        assertEquals(Optional.of("DEBUG"), stack.parameterValue("LogLevel"));
        assertEquals(Optional.of("orders-api"), stack.parameterValue("JwtAudience"));
        assertEquals(Optional.of("order-service"), stack.parameterValue("EventSource"));
        assertEquals(Optional.empty(), stack.parameterValue("JwtIssuer"));
        assertEquals(Optional.of("INFO"), REPOSITORY.parameterValue("LogLevel"));
    }

    @Test
    void namesTheTemplateDoesNotDeclareAreRefusedAllAtOnce() {
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("LogLvl", "DEBUG");
        overrides.put("LogLevel", "DEBUG");
        overrides.put("Stage", "dev");
        assertEquals("Parameters: [LogLvl, Stage] do not exist in the template", refusal(overrides));
    }

    @Test
    void allowedValuesAllowedPatternAndTheBoundsOfANumberAreCheckedAsCloudFormationChecksThem() {
        assertEquals("Parameter 'LogLevel' must be one of AllowedValues", refusal(Map.of("LogLevel", "TRACE")));
        assertEquals("Parameter 'LogRetentionDays' must be one of AllowedValues", refusal(Map.of("LogRetentionDays", "31")));
        assertEquals("Parameter 'EventSource' must match pattern [A-Za-z0-9._-]+", refusal(Map.of("EventSource", "orders service")));
        assertEquals("Parameter 'StatusFeedShards' must be a number", refusal(Map.of("StatusFeedShards", "two")));
        assertEquals("Parameter 'StatusFeedShards' must be a number not greater than 32", refusal(Map.of("StatusFeedShards", "33")));
        assertEquals("Parameter 'StatusFeedShards' must be a number not less than 1", refusal(Map.of("StatusFeedShards", "0")));
        assertEquals(Optional.of("32"), REPOSITORY.withParameterOverrides(Map.of("StatusFeedShards", "32"))
                .parameterValue("StatusFeedShards"));
    }

    @Test
    void aConstraintDescriptionIsTheMessageOfAValueItsConstraintsRefuseAndLengthsAreCheckedToo() {
        SamTemplate template = new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader("""
                Parameters:
                  Stage:
                    Type: String
                    Default: dev
                    MinLength: 2
                    MaxLength: 4
                  Mode:
                    Type: String
                    AllowedValues: [a, b]
                    ConstraintDescription: Must specify a or b
                """), "t.yaml"));
        assertEquals("Parameter Mode failed to satisfy constraint: Must specify a or b",
                assertThrows(IllegalArgumentException.class, () -> template.withParameterOverrides(Map.of("Mode", "c"))).getMessage());
        assertEquals("Parameter 'Stage' must contain at least 2 characters",
                assertThrows(IllegalArgumentException.class, () -> template.withParameterOverrides(Map.of("Stage", "d"))).getMessage());
        assertEquals("Parameter 'Stage' must contain at most 4 characters",
                assertThrows(IllegalArgumentException.class, () -> template.withParameterOverrides(Map.of("Stage", "prod1"))).getMessage());
    }
}
