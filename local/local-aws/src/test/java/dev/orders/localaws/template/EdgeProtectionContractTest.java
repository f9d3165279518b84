package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What the team that runs the service needs around the functions: every log group with a retention, the
 * API throttled at the edge and logging every request as JSON, the unauthenticated webhook's concurrency
 * reserved and capped, Lambda's X-Ray segments on.
 */
class EdgeProtectionContractTest {
    private static final CloudFormationYaml.Intrinsic RETENTION = new CloudFormationYaml.Intrinsic("Ref", "LogRetentionDays");
    private final SamTemplate template = SamTemplate.repository();

    private Map<String, Object> resources() {
        return map(template.root(), "Resources");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> fields, String key) {
        return (Map<String, Object>) fields.get(key);
    }

    @Test
    void everyFunctionHasItsLogGroupWithTheRetentionOfTheParameter() {
        Set<Object> logGroups = resources().values().stream().map(EdgeProtectionContractTest::cast)
                .filter(r -> "AWS::Logs::LogGroup".equals(r.get("Type")))
                .map(r -> map(r, "Properties"))
                .filter(p -> RETENTION.equals(p.get("RetentionInDays")))
                .map(p -> p.get("LogGroupName"))
                .collect(Collectors.toSet());
        for (SamTemplate.Function function : template.functions()) {
            assertTrue(logGroups.contains(new CloudFormationYaml.Intrinsic("Sub", "/aws/lambda/${" + function.logicalId() + "}")),
                    function.logicalId() + " has no log group with the retention");
        }
    }

    @Test
    void theApiIsThrottledAtTheEdgeAndLogsEveryRequestAsJson() throws IOException {
        Map<String, Object> api = map(map(resources(), "OrdersApi"), "Properties");
        assertEquals(Map.of("ThrottlingRateLimit", new CloudFormationYaml.Intrinsic("Ref", "ApiThrottlingRateLimit"),
                "ThrottlingBurstLimit", new CloudFormationYaml.Intrinsic("Ref", "ApiThrottlingBurstLimit")),
                map(api, "DefaultRouteSettings"));
        Map<String, Object> accessLog = map(api, "AccessLogSettings");
        assertEquals(new CloudFormationYaml.Intrinsic("GetAtt", "ApiAccessLogs.Arn"), accessLog.get("DestinationArn"));
        Map<String, Object> format = JSON.std.mapFrom((String) accessLog.get("Format"));
        assertEquals(Map.of("requestId", "$context.requestId", "route", "$context.routeKey", "status", "$context.status",
                "latencyMs", "$context.responseLatency", "integrationError", "$context.integrationErrorMessage"),
                format.entrySet().stream().filter(e -> Set.of("requestId", "route", "status", "latencyMs",
                        "integrationError").contains(e.getKey())).collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
        assertEquals(RETENTION, map(map(resources(), "ApiAccessLogs"), "Properties").get("RetentionInDays"));
    }

    @Test
    void theWebhookHasReservedConcurrencyAndEveryFunctionIsTraced() {
        assertEquals(new CloudFormationYaml.Intrinsic("Ref", "WebhookReservedConcurrency"),
                map(map(resources(), "PaymentWebhookFunction"), "Properties").get("ReservedConcurrentExecutions"));
        assertEquals("Active", map(map(template.root(), "Globals"), "Function").get("Tracing"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object resource) {
        return (Map<String, Object>) resource;
    }
}
