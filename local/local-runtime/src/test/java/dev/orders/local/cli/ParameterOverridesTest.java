package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.UsageException;
import dev.orders.localaws.template.SamTemplate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --parameter-overrides are read as SAM CLI reads them (its CfnParameterOverridesType). */
class ParameterOverridesTest {

    @Test
    void samsShorthandIsKeyValuePairsSeparatedBySpacesInOneArgumentOrSeveral() {
        assertEquals(Map.of("LogLevel", "DEBUG", "StatusFeedShards", "2"),
                ParameterOverrides.parse(List.of("LogLevel=DEBUG StatusFeedShards=2")));
        assertEquals(Map.of("LogLevel", "DEBUG", "StatusFeedShards", "2"),
                ParameterOverrides.parse(List.of("LogLevel=DEBUG", "StatusFeedShards=2")));
    }

    @Test
    void aQuotedValueKeepsItsSpacesAndLosesItsQuotesAsInSamconfigsDeployParameters() {
        assertEquals(Map.of("JwtAudience", "orders api", "LogLevel", "INFO", "EventSource", "a=b"),
                ParameterOverrides.parse(List.of("JwtAudience=\"orders api\" LogLevel='INFO' EventSource=a=b")));
        assertEquals(Map.of("EnablePointInTimeRecovery", "true", "LogLevel", "DEBUG"),
                ParameterOverrides.parse(List.of("EnablePointInTimeRecovery=\"true\" LogLevel=\"DEBUG\"")));
        assertEquals(Map.of("JwtAudience", "a \"b\" c"), ParameterOverrides.parse(List.of("JwtAudience=\"a \\\"b\\\" c\"")));
    }

    @Test
    void cloudFormationsParameterKeyParameterValueFormIsReadToo() {
        assertEquals(Map.of("LogLevel", "DEBUG", "JwtAudience", "orders-api"), ParameterOverrides.parse(List.of(
                "ParameterKey=LogLevel,ParameterValue=DEBUG ParameterKey=JwtAudience,ParameterValue=orders-api")));
    }

    @Test
    void theValuesReachTheFunctionsEnvironmentWhereTheTemplateRefsTheParameterAsInAStack() {
        SamTemplate stack = SamTemplate.repository().withParameterOverrides(ParameterOverrides.parse(
                List.of("LogLevel=DEBUG EventSource=e2e.orders StatusFeedShards=4")));
        Map<String, String> publisher = Launcher.environment(stack).of(stack.function("PublishEventsFunction").orElseThrow(), Map.of());
        assertEquals("DEBUG", publisher.get("LOG_LEVEL"));
        assertEquals("e2e.orders", publisher.get("EVENT_SOURCE"));
        assertEquals("4", publisher.get("STATUS_FEED_SHARDS"));
    }

    @Test
    void aLaterValueOfAParameterWins() {
        assertEquals(Map.of("LogLevel", "WARN"), ParameterOverrides.parse(List.of("LogLevel=DEBUG", "LogLevel=WARN")));
    }

    @Test
    void textThatIsNeitherFormIsRefusedWithSamsMessageAndAParameterFileIsNotRead() {
        String message = assertThrows(UsageException.class, () -> ParameterOverrides.parse(List.of("LogLevel"))).getMessage();
        assertTrue(message.startsWith("--parameter-overrides: LogLevel is not a valid format. It must look something like"
                + " 'ParameterKey=KeyPairName,ParameterValue=MyKey"), message);
        // SAM CLI's key pattern has no ':', so a pseudo parameter cannot be given either.
        assertThrows(UsageException.class, () -> ParameterOverrides.parse(List.of("AWS::Region=eu-west-1")));
        assertTrue(assertThrows(UsageException.class, () -> ParameterOverrides.parse(List.of("file://params.json")))
                .getMessage().contains("./sam-local reads no parameter file"));
    }
}
