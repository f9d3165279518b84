package dev.orders.functions.publishevents;

import dev.orders.lambda.json.Json;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Map;

/**
 * What Lambda sends the on-failure destination of a DynamoDB stream event source when it gives up on a batch
 * (the body of a message of the publisher's dead-letter queue): the batch's place in the stream
 * ({@code DDBStreamBatchInfo}), not its records.
 */
record DeadLetter(String streamArn, String shardId, String startSequenceNumber, String endSequenceNumber) {
    static final String BATCH_INFO = "DDBStreamBatchInfo";

    /** The message's body; IllegalArgumentException, saying what is wrong, for anything else. */
    static DeadLetter parse(String body) {
        Object json;
        try {
            json = Json.parse(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (!(json instanceof Map<?, ?> message) || !(message.get(BATCH_INFO) instanceof Map<?, ?> info)) {
            throw new IllegalArgumentException("no " + BATCH_INFO + " object: not a message of a DynamoDB stream's"
                    + " on-failure destination");
        }
        DeadLetter letter = new DeadLetter(text(info, "streamArn"), text(info, "shardId"),
                sequenceNumber(info, "startSequenceNumber"), sequenceNumber(info, "endSequenceNumber"));
        if (new BigInteger(letter.startSequenceNumber()).compareTo(new BigInteger(letter.endSequenceNumber())) > 0) {
            throw new IllegalArgumentException(BATCH_INFO + ".startSequenceNumber is after its endSequenceNumber");
        }
        return letter;
    }

    private static String text(Map<?, ?> info, String field) {
        if (!(info.get(field) instanceof String value) || value.isBlank()) {
            throw new IllegalArgumentException(BATCH_INFO + "." + field + " is missing");
        }
        return value;
    }

    private static String sequenceNumber(Map<?, ?> info, String field) {
        String value = text(info, field);
        if (!value.chars().allMatch(c -> c >= '0' && c <= '9') || value.length() > 40) {
            throw new IllegalArgumentException(BATCH_INFO + "." + field + " is no sequence number: " + value);
        }
        return value;
    }
}
