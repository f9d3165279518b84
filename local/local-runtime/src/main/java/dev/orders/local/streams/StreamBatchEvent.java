package dev.orders.local.streams;

import dev.orders.localaws.streams.StreamRecords;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * A batch of stream records as Lambda's event source mapping sends it to the function: a {@code DynamodbEvent},
 * each record with the fields Lambda gives it, so a handler reads locally what it reads on AWS.
 */
final class StreamBatchEvent {
    private StreamBatchEvent() {
    }

    /** The event of {@code batch}, read from the stream {@code streamArn} in {@code region}. */
    static Map<String, Object> of(List<Record> batch, String streamArn, String region) {
        return Map.of("Records", batch.stream().map(r -> lambdaRecord(r, streamArn, region)).toList());
    }

    private static Map<String, Object> lambdaRecord(Record record, String streamArn, String region) {
        Map<String, Object> dynamodb = new LinkedHashMap<>();
        dynamodb.put("ApproximateCreationDateTime", record.dynamodb().approximateCreationDateTime().getEpochSecond());
        dynamodb.put("Keys", StreamRecords.image(record.dynamodb().keys()));
        if (record.dynamodb().hasNewImage()) {
            dynamodb.put("NewImage", StreamRecords.image(record.dynamodb().newImage()));
        }
        dynamodb.put("SequenceNumber", record.dynamodb().sequenceNumber());
        dynamodb.put("SizeBytes", record.dynamodb().sizeBytes());
        dynamodb.put("StreamViewType", record.dynamodb().streamViewTypeAsString());
        Map<String, Object> lambda = new LinkedHashMap<>();
        lambda.put("eventID", record.eventID());
        lambda.put("eventName", record.eventNameAsString());
        lambda.put("eventVersion", "1.1");
        lambda.put("eventSource", "aws:dynamodb");
        lambda.put("awsRegion", region);
        lambda.put("dynamodb", dynamodb);
        lambda.put("eventSourceARN", streamArn);
        return lambda;
    }
}
