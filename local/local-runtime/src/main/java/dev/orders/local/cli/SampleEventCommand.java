package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code generate-event SERVICE EVENT}: SAM CLI's sample event of that kind, with its options and their defaults
 * (samcli/lib/generated_sample_events: event-mapping.json's tags, and the event files), for the kinds of event this
 * template's functions take: {@code apigateway http-api-proxy} (the HTTP API's), {@code dynamodb update} (the
 * table's stream) and {@code cloudwatch scheduled-event} (an EventBridge rule's schedule; SAM CLI has no sample of
 * EventBridge Scheduler's). Each option replaces its placeholder in the sample; {@code --body} is sent base64-encoded, as
 * SAM CLI encodes it. Its samconfig section is SAM CLI's: {@code local_generate_event_SERVICE_EVENT}.
 */
final class SampleEventCommand implements Command {
    /** The events there are, by service, then by event. */
    static final Map<String, Map<String, SampleEventCommand>> EVENTS = Map.of(
            "apigateway", Map.of("http-api-proxy", new SampleEventCommand("apigateway http-api-proxy",
                    "Generates an Amazon API Gateway Http API Event (payload format 2.0, route $default: the functions"
                            + " route it by method and path).",
                    List.of(tag("account-id", "123456789012"), tag("body", "{\"test\":\"body\"}"),
                            tag("dns-suffix", "us-east-1.amazonaws.com"), tag("method", "POST"),
                            tag("path", "path/to/resource"), tag("stage", "$default")),
                    "./sam-local generate-event apigateway http-api-proxy --method GET --path products/MUG-BLUE",
                    SampleEventCommand::httpApi)),
            "dynamodb", Map.of("update", new SampleEventCommand("dynamodb update",
                    "Generates an Amazon DynamoDB Update Event (a stream batch: an INSERT, a MODIFY and a REMOVE).",
                    List.of(tag("account-id", "123456789012"), tag("partition", "aws"), tag("region", "us-east-1"),
                            tag("table", "ExampleTableWithStream")),
                    "./sam-local generate-event dynamodb update --table orders-local --region eu-west-1",
                    SampleEventCommand::dynamoDbUpdate)),
            "cloudwatch", Map.of("scheduled-event", new SampleEventCommand("cloudwatch scheduled-event",
                    "Generates an Amazon CloudWatch Events Scheduled Event (what an EventBridge rule's schedule sends).",
                    List.of(tag("account-id", "123456789012"), tag("partition", "aws"), tag("region", "us-east-1"),
                            tag("rule", "ExampleRule")),
                    "./sam-local generate-event cloudwatch scheduled-event --rule ExpireOrdersFunctionSweep",
                    SampleEventCommand::scheduledEvent)));

    /** What SAM CLI's help of each service says it generates. */
    private static final Map<String, String> SERVICES = Map.of("apigateway", "Generates Amazon API Gateway Events",
            "dynamodb", "Generates Amazon DynamoDB Events", "cloudwatch", "Generates Amazon CloudWatch Events");

    /** One of the event's options: {@code --NAME}, and the value it takes when not given. */
    private record Tag(String name, String fallback) {
        Option option() {
            return Option.value("TEXT", "Specify the " + name + " name you'd like, otherwise the default = " + fallback,
                    "--" + name);
        }
    }

    private final Usage usage;
    private final List<Tag> tags;
    private final Function<Map<String, String>, Map<String, Object>> sample;

    private SampleEventCommand(String event, String summary, List<Tag> tags, String example,
                               Function<Map<String, String>, Map<String, Object>> sample) {
        this.tags = List.copyOf(tags);
        this.sample = sample;
        List<Option> options = tags.stream().map(Tag::option).toList();
        this.usage = Usage.samCommand("generate-event " + event, "", summary, List.of(example),
                List.of(new Usage.Section("Options", options), SamOptions.CONFIGURATION),
                List.of(SamOptions.refused("./sam-local has no debug log of its own.", "--debug")));
    }

    private static Tag tag(String name, String fallback) {
        return new Tag(name, fallback);
    }

    /** The sample event {@code service} {@code event}, if SAM CLI has it and this template takes it. */
    static Optional<SampleEventCommand> of(String service, String event) {
        return Optional.ofNullable(EVENTS.getOrDefault(service, Map.of()).get(event));
    }

    /** {@code generate-event SERVICE --help}: the service's events, as SAM CLI lists a service's commands. */
    static String serviceHelp(String service) {
        StringBuilder help = new StringBuilder("Usage: ./sam-local generate-event " + service + " [OPTIONS] COMMAND [ARGS]...\n\n  "
                + SERVICES.get(service) + " (those of SAM CLI's this template's functions take).\n\nCommands:\n");
        EVENTS.get(service).entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(event -> help.append(
                String.format("  %-18s%s\n", event.getKey(), event.getValue().usage().summary().split(" \\(")[0])));
        return help.append("\n./sam-local generate-event ").append(service).append(" EVENT --help lists an event's options.\n")
                .append("\nOptions:\n  -h, --help        Show this message and exit.\n").toString();
    }

    @Override
    public Usage usage() {
        return usage;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        arguments.atMostPositionals(0);
        Map<String, String> values = new LinkedHashMap<>();
        tags.forEach(tag -> values.put(tag.name(), arguments.value("--" + tag.name(), tag.fallback())));
        System.out.println(JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(sample.apply(values)));
        return 0;
    }

    /** SAM CLI's events/apigateway/HttpApi.json. */
    private static Map<String, Object> httpApi(Map<String, String> tags) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("version", "2.0");
        event.put("routeKey", "$default");
        event.put("rawPath", "/" + tags.get("path"));
        event.put("rawQueryString", "parameter1=value1&parameter1=value2&parameter2=value");
        event.put("cookies", List.of("cookie1", "cookie2"));
        event.put("headers", object("Header1", "value1", "Header2", "value1,value2"));
        event.put("queryStringParameters", object("parameter1", "value1,value2", "parameter2", "value"));
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("accountId", tags.get("account-id"));
        context.put("apiId", "api-id");
        context.put("authentication", object("clientCert", object("clientCertPem", "CERT_CONTENT",
                "subjectDN", "www.example.com", "issuerDN", "Example issuer",
                "serialNumber", "a1:a1:a1:a1:a1:a1:a1:a1:a1:a1:a1:a1:a1:a1:a1:a1",
                "validity", object("notBefore", "May 28 12:30:02 2019 GMT", "notAfter", "Aug  5 09:36:04 2021 GMT"))));
        context.put("authorizer", object("jwt", object("claims", object("claim1", "value1", "claim2", "value2"),
                "scopes", List.of("scope1", "scope2"))));
        context.put("domainName", "id.execute-api." + tags.get("dns-suffix"));
        context.put("domainPrefix", "id");
        context.put("http", object("method", tags.get("method"), "path", "/" + tags.get("path"), "protocol", "HTTP/1.1",
                "sourceIp", "192.168.0.1/32", "userAgent", "agent"));
        context.put("requestId", "id");
        context.put("routeKey", "$default");
        context.put("stage", tags.get("stage"));
        context.put("time", "12/Mar/2020:19:03:58 +0000");
        context.put("timeEpoch", 1583348638390L);
        event.put("requestContext", context);
        event.put("body", Base64.getEncoder().encodeToString(tags.get("body").getBytes(StandardCharsets.UTF_8)));
        event.put("pathParameters", object("parameter1", "value1"));
        event.put("isBase64Encoded", true);
        event.put("stageVariables", object("stageVariable1", "value1", "stageVariable2", "value2"));
        return event;
    }

    /** SAM CLI's events/dynamodb/DynamoDBUpdate.json. */
    private static Map<String, Object> dynamoDbUpdate(Map<String, String> tags) {
        String arn = "arn:" + tags.get("partition") + ":dynamodb:" + tags.get("region") + ":" + tags.get("account-id")
                + ":table/" + tags.get("table") + "/stream/2015-06-27T00:48:05.899";
        Map<String, Object> id = object("Id", object("N", "101"));
        Map<String, Object> created = object("Message", object("S", "New item!"), "Id", object("N", "101"));
        Map<String, Object> changed = object("Message", object("S", "This item has changed"), "Id", object("N", "101"));
        List<Map<String, Object>> records = new ArrayList<>();
        records.add(streamRecord("c4ca4238a0b923820dcc509a6f75849b", "INSERT", tags, arn,
                stream(id, created, null, "4421584500000000017450439091", 26)));
        records.add(streamRecord("c81e728d9d4c2f636f067f89cc14862c", "MODIFY", tags, arn,
                stream(id, changed, created, "4421584500000000017450439092", 59)));
        records.add(streamRecord("eccbc87e4b5ce2fe28308fd9f2a7baf3", "REMOVE", tags, arn,
                stream(id, null, changed, "4421584500000000017450439093", 38)));
        return object("Records", records);
    }

    /** SAM CLI's events/cloudwatch/ScheduledEvent.json (which has no "version", as SAM CLI's has none). */
    private static Map<String, Object> scheduledEvent(Map<String, String> tags) {
        return object("id", "cdc73f9d-aea9-11e3-9d5a-835b769c0d9c", "detail-type", "Scheduled Event", "source", "aws.events",
                "account", tags.get("account-id"), "time", "1970-01-01T00:00:00Z", "region", tags.get("region"),
                "resources", List.of("arn:" + tags.get("partition") + ":events:" + tags.get("region") + ":"
                        + tags.get("account-id") + ":rule/" + tags.get("rule")),
                "detail", Map.of());
    }

    private static Map<String, Object> streamRecord(String eventId, String name, Map<String, String> tags, String arn,
                                              Map<String, Object> dynamodb) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("eventID", eventId);
        record.put("eventName", name);
        record.put("eventVersion", "1.1");
        record.put("eventSource", "aws:dynamodb");
        record.put("awsRegion", tags.get("region"));
        record.put("dynamodb", dynamodb);
        record.put("eventSourceARN", arn);
        return record;
    }

    private static Map<String, Object> stream(Map<String, Object> keys, Map<String, Object> newImage,
                                              Map<String, Object> oldImage, String sequenceNumber, int size) {
        Map<String, Object> dynamodb = new LinkedHashMap<>();
        dynamodb.put("Keys", keys);
        if (newImage != null) {
            dynamodb.put("NewImage", newImage);
        }
        if (oldImage != null) {
            dynamodb.put("OldImage", oldImage);
        }
        dynamodb.put("ApproximateCreationDateTime", 1428537600);
        dynamodb.put("SequenceNumber", sequenceNumber);
        dynamodb.put("SizeBytes", size);
        dynamodb.put("StreamViewType", "NEW_AND_OLD_IMAGES");
        return dynamodb;
    }

    /** A JSON object of key, value pairs, in their order. */
    private static Map<String, Object> object(Object... pairs) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            object.put((String) pairs[i], pairs[i + 1]);
        }
        return object;
    }
}
