package dev.orders.local.streams;

import dev.orders.localaws.events.LocalEventBus;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * What Lambda sends a DynamoDB stream event source's on-failure destination when it discards a batch (the
 * body of the SQS message): the invocation's context and the batch's place in the stream
 * ({@code DDBStreamBatchInfo}), never its records, which the stream keeps 24 hours.
 */
final class OnFailureRecord {
    /** Why Lambda discarded the records: the invocation record's {@code requestContext.condition}. */
    enum Condition {
        RETRY_ATTEMPTS_EXHAUSTED("RetryAttemptsExhausted"),
        RECORD_AGE_EXCEEDED("RecordAgeExceeded");

        private final String wireName;

        Condition(String wireName) {
            this.wireName = wireName;
        }
    }

    private OnFailureRecord() {
    }

    /**
     * The record of {@code batch} (the records discarded, in stream order) for {@code condition} after
     * {@code invocations} attempts; {@code functionError} when the last one failed with an error rather than a
     * reported batch item failure.
     */
    static Map<String, Object> of(String region, String functionName, String streamArn, String shardId,
                                  List<Record> batch, Condition condition, int invocations, boolean functionError) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("requestId", UUID.randomUUID().toString());
        request.put("functionArn", "arn:aws:lambda:" + region + ":" + LocalEventBus.ACCOUNT + ":function:" + functionName);
        request.put("condition", condition.wireName);
        request.put("approximateInvokeCount", invocations);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("statusCode", 200);
        response.put("executedVersion", "$LATEST");
        if (functionError) {
            response.put("functionError", "Unhandled");
        }
        Record first = batch.get(0);
        Record last = batch.get(batch.size() - 1);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("shardId", shardId);
        info.put("startSequenceNumber", first.dynamodb().sequenceNumber());
        info.put("endSequenceNumber", last.dynamodb().sequenceNumber());
        info.put("approximateArrivalOfFirstRecord", arrival(first));
        info.put("approximateArrivalOfLastRecord", arrival(last));
        info.put("batchSize", batch.size());
        info.put("streamArn", streamArn);
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("requestContext", request);
        record.put("responseContext", response);
        record.put("version", "1.0");
        record.put("timestamp", Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
        record.put("DDBStreamBatchInfo", info);
        return record;
    }

    private static String arrival(Record record) {
        return record.dynamodb().approximateCreationDateTime().truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
