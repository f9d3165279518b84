package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** generate-event SERVICE EVENT prints SAM CLI's sample, its options replacing their placeholders. */
class SampleEventCommandTest {

    @SuppressWarnings("unchecked")
    private static Map<String, Object> generate(String service, String event, String... options) throws Exception {
        SampleEventCommand command = SampleEventCommand.of(service, event).orElseThrow();
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, command.run(Arguments.parse(command.usage(), List.of(options))));
        } finally {
            System.setOut(stdout);
        }
        return JSON.std.mapFrom(printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    @SuppressWarnings("unchecked")
    void anHttpApiEventHasSamsDefaultsAndTakesItsMethodPathStageBodyAccountAndDnsSuffix() throws Exception {
        Map<String, Object> defaults = generate("apigateway", "http-api-proxy");
        assertEquals("2.0", defaults.get("version"));
        assertEquals("$default", defaults.get("routeKey"));
        assertEquals("/path/to/resource", defaults.get("rawPath"));
        assertEquals("{\"test\":\"body\"}", new String(Base64.getDecoder().decode((String) defaults.get("body")), StandardCharsets.UTF_8));
        assertEquals(true, defaults.get("isBase64Encoded"));
        Map<String, Object> context = (Map<String, Object>) defaults.get("requestContext");
        assertEquals("POST", ((Map<String, Object>) context.get("http")).get("method"));
        assertEquals("$default", context.get("stage"));
        assertEquals("123456789012", context.get("accountId"));
        assertEquals("id.execute-api.us-east-1.amazonaws.com", context.get("domainName"));

        Map<String, Object> given = generate("apigateway", "http-api-proxy", "--method", "GET", "--path", "products/MUG-BLUE",
                "--stage", "prod", "--body", "{\"a\":1}", "--account-id", "111122223333", "--dns-suffix", "eu-west-1.amazonaws.com");
        Map<String, Object> givenContext = (Map<String, Object>) given.get("requestContext");
        assertEquals("/products/MUG-BLUE", given.get("rawPath"));
        assertEquals(Map.of("method", "GET", "path", "/products/MUG-BLUE", "protocol", "HTTP/1.1", "sourceIp", "192.168.0.1/32",
                "userAgent", "agent"), givenContext.get("http"));
        assertEquals("prod", givenContext.get("stage"));
        assertEquals("111122223333", givenContext.get("accountId"));
        assertEquals("id.execute-api.eu-west-1.amazonaws.com", givenContext.get("domainName"));
        assertEquals("{\"a\":1}", new String(Base64.getDecoder().decode((String) given.get("body")), StandardCharsets.UTF_8));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aDynamoDbUpdateIsAnInsertAModifyAndARemoveOfTheTableItsOptionsName() throws Exception {
        Map<String, Object> event = generate("dynamodb", "update", "--table", "orders-local", "--region", "eu-west-1",
                "--partition", "aws-cn", "--account-id", "111122223333");
        List<Map<String, Object>> records = (List<Map<String, Object>>) event.get("Records");
        assertEquals(List.of("INSERT", "MODIFY", "REMOVE"), records.stream().map(r -> r.get("eventName")).toList());
        for (Map<String, Object> record : records) {
            assertEquals("aws:dynamodb", record.get("eventSource"));
            assertEquals("eu-west-1", record.get("awsRegion"));
            assertEquals("arn:aws-cn:dynamodb:eu-west-1:111122223333:table/orders-local/stream/2015-06-27T00:48:05.899",
                    record.get("eventSourceARN"));
            assertEquals("NEW_AND_OLD_IMAGES", ((Map<String, Object>) record.get("dynamodb")).get("StreamViewType"));
        }
        Map<String, Object> modify = (Map<String, Object>) records.get(1).get("dynamodb");
        assertEquals(Map.of("Message", Map.of("S", "New item!"), "Id", Map.of("N", "101")), modify.get("OldImage"));
        assertEquals(Map.of("Message", Map.of("S", "This item has changed"), "Id", Map.of("N", "101")), modify.get("NewImage"));
        assertEquals("arn:aws:dynamodb:us-east-1:123456789012:table/ExampleTableWithStream/stream/2015-06-27T00:48:05.899",
                ((List<Map<String, Object>>) generate("dynamodb", "update").get("Records")).get(0).get("eventSourceARN"));
    }

    @Test
    void aScheduledEventIsSamClisWithTheRuleRegionPartitionAndAccountItsOptionsName() throws Exception {
        assertEquals(Map.of("id", "cdc73f9d-aea9-11e3-9d5a-835b769c0d9c", "detail-type", "Scheduled Event", "source", "aws.events",
                "account", "123456789012", "time", "1970-01-01T00:00:00Z", "region", "us-east-1",
                "resources", List.of("arn:aws:events:us-east-1:123456789012:rule/ExampleRule"), "detail", Map.of()),
                generate("cloudwatch", "scheduled-event"));
        assertEquals(List.of("arn:aws-cn:events:cn-north-1:111122223333:rule/Sweep"), generate("cloudwatch", "scheduled-event",
                "--rule", "Sweep", "--region", "cn-north-1", "--partition", "aws-cn", "--account-id", "111122223333")
                .get("resources"));
    }
}
