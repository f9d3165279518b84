package dev.orders.functions.publishevents;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.streams.StreamFilter;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.testsupport.TestTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The test table's stream as Lambda would hand it to the publisher: every record read from DynamoDB
 * Local's Streams API, kept only if it matches the template's filter (with EventBridge's pattern engine,
 * the language of Lambda's filters), in the DynamodbEvent shape, in batches of the template's size.
 */
final class OrderStream {
    private final TestTable table;
    private final DynamoDbStreamsClient streams;
    private final SamTemplate.StreamEvent source;
    private final StreamFilter filter;

    OrderStream(TestTable table, LocalDynamoDb server) {
        this.table = table;
        this.streams = DynamoDbStreamsClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create()).build();
        this.source = SamTemplate.repository().function("PublishEventsFunction").orElseThrow().streams().get(0);
        this.filter = new StreamFilter(source.filterPatterns());
    }

    /** A record of the table's stream, and the shard that holds it. */
    record ShardRecord(String shardId, Record record) {
    }

    /** The records the template's filter lets through (the new event rows), shard by shard, in stream order. */
    List<ShardRecord> passing() {
        String streamArn = streamArn();
        List<ShardRecord> records = new ArrayList<>();
        for (Shard shard : streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards()) {
            String iterator = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            while (iterator != null) {
                String current = iterator;
                var page = streams.getRecords(b -> b.shardIterator(current));
                if (page.records().isEmpty()) {
                    break;
                }
                page.records().stream().filter(filter::matches)
                        .forEach(record -> records.add(new ShardRecord(shard.shardId(), record)));
                iterator = page.nextShardIterator();
            }
        }
        return records;
    }

    /** Every record the template's filter lets through, in stream order, as Lambda hands it over. */
    List<DynamodbEvent.DynamodbStreamRecord> filtered() {
        String streamArn = streamArn();
        return passing().stream().map(record -> lambdaRecord(record.record(), streamArn)).toList();
    }

    /** The ARN of the test table's stream. */
    String streamArn() {
        return table.client().describeTable(b -> b.tableName(table.tableName())).table().latestStreamArn();
    }

    /** {@code records} in DynamodbEvents of the template's batch size. */
    List<DynamodbEvent> batches(List<DynamodbEvent.DynamodbStreamRecord> records) {
        List<DynamodbEvent> batches = new ArrayList<>();
        for (int start = 0; start < records.size(); start += source.batchSize()) {
            DynamodbEvent event = new DynamodbEvent();
            event.setRecords(new ArrayList<>(records.subList(start, Math.min(records.size(), start + source.batchSize()))));
            batches.add(event);
        }
        return batches;
    }

    private static DynamodbEvent.DynamodbStreamRecord lambdaRecord(Record record, String streamArn) {
        DynamodbEvent.DynamodbStreamRecord lambda = new DynamodbEvent.DynamodbStreamRecord();
        lambda.setEventID(record.eventID());
        lambda.setEventName(record.eventNameAsString());
        lambda.setEventSource("aws:dynamodb");
        lambda.setEventVersion("1.1");
        lambda.setEventSourceARN(streamArn);
        StreamRecord stream = new StreamRecord();
        stream.setSequenceNumber(record.dynamodb().sequenceNumber());
        stream.setKeys(lambdaImage(record.dynamodb().keys()));
        stream.setNewImage(lambdaImage(record.dynamodb().newImage()));
        stream.setStreamViewType(com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType.NEW_IMAGE);
        lambda.setDynamodb(stream);
        return lambda;
    }

    static Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> lambdaImage(
            Map<String, AttributeValue> image) {
        Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> lambda = new LinkedHashMap<>();
        image.forEach((name, value) -> lambda.put(name, lambdaValue(value)));
        return lambda;
    }

    private static com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue lambdaValue(AttributeValue value) {
        var lambda = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue();
        switch (value.type()) {
            case S -> lambda.setS(value.s());
            case N -> lambda.setN(value.n());
            case BOOL -> lambda.setBOOL(value.bool());
            case NUL -> lambda.setNULL(value.nul());
            case M -> lambda.setM(lambdaImage(value.m()));
            case L -> lambda.setL(value.l().stream().map(OrderStream::lambdaValue).toList());
            default -> throw new IllegalArgumentException("no such attribute in the orders table: " + value);
        }
        return lambda;
    }
}
