package dev.orders.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

class RecordedRequestsTest {
    private static final String RECORDED = "recorded-on";
    private static final String BASELINE = "baseline-on";
    private static final String TOKEN = "2c5abc27-22c6-4ce5-9433-f0b2f02014b7";

    @TempDir
    Path dir;

    @Test
    void everyOperationTheFunctionsMakeReadsBackAsRecordedOnTheTableToSendTo() throws IOException {
        Path file = dir.resolve("requests.bin");
        RecordedRequests.write(requests(RECORDED, TOKEN), RECORDED, file);

        List<DynamoDbRequest> read = RecordedRequests.read(file, BASELINE);

        String token = ((TransactWriteItemsRequest) read.get(read.size() - 1)).clientRequestToken();
        assertNotNull(token);
        assertFalse(TOKEN.equals(token), "a token of its own: DynamoDB refuses one reused with other parameters");
        List<DynamoDbRequest> expected = requests(BASELINE, token);
        assertEquals(expected.size(), read.size());
        for (int i = 0; i < expected.size(); i++) {
            assertTrue(expected.get(i).equalsBySdkFields(read.get(i)), "expected " + expected.get(i) + ", read " + read.get(i));
        }
    }

    @Test
    void aRequestWithAFieldItDoesNotCarryIsRefusedRatherThanSentShort() {
        QueryRequest measured = QueryRequest.builder().tableName(RECORDED).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("ORDER#1")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> RecordedRequests.write(List.of(measured), RECORDED, dir.resolve("requests.bin")));
        assertTrue(refused.getMessage().contains("would not be sent again"), refused.getMessage());
    }

    @Test
    void anOperationItCannotSendIsRefused() {
        ScanRequest scan = ScanRequest.builder().tableName(RECORDED).build();

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> RecordedRequests.write(List.of(scan), RECORDED, dir.resolve("requests.bin")));
        assertEquals("no way to record Scan", refused.getMessage());
    }

    @Test
    void aRequestOnAnotherTableThanTheRecordedOneIsRefused() {
        GetItemRequest elsewhere = GetItemRequest.builder().tableName("another").key(key("CUSTOMER#c-ada", "PROFILE")).build();

        assertThrows(IllegalArgumentException.class,
                () -> RecordedRequests.write(List.of(elsewhere), RECORDED, dir.resolve("requests.bin")));
    }

    /** One of each operation the functions make, on {@code table}, with every kind of attribute value. */
    private static List<DynamoDbRequest> requests(String table, String token) {
        Map<String, AttributeValue> root = key("ORDER#01JCZ6X3N1S4M2B0QK9V7TQ5RA", "ROOT");
        Map<String, AttributeValue> event = Map.of("PK", s("ORDER#01JCZ6X3N1S4M2B0QK9V7TQ5RA"), "SK", s("EVENT#0000000002"),
                "version", AttributeValue.fromN("2"), "data", AttributeValue.fromM(Map.of(
                        "lines", AttributeValue.fromL(List.of(AttributeValue.fromM(Map.of("sku", s("MUG-BLUE"),
                                "quantity", AttributeValue.fromN("2"))))),
                        "note", AttributeValue.fromNul(true), "refunded", AttributeValue.fromBool(false))),
                "tags", AttributeValue.fromSs(List.of("a", "b")), "amounts", AttributeValue.fromNs(List.of("1", "2.5")),
                "digest", AttributeValue.fromB(SdkBytes.fromUtf8String("digest")),
                "digests", AttributeValue.fromBs(List.of(SdkBytes.fromUtf8String("x"))));
        Map<String, String> names = Map.of("#pk", "PK", "#sk", "SK");
        return List.of(
                GetItemRequest.builder().tableName(table).key(key("CUSTOMER#c-ada", "PROFILE")).consistentRead(true).build(),
                QueryRequest.builder().tableName(table).consistentRead(true)
                        .keyConditionExpression("#pk = :pk AND #sk BETWEEN :first AND :last").expressionAttributeNames(names)
                        .expressionAttributeValues(Map.of(":pk", s("ORDER#01JCZ6X3N1S4M2B0QK9V7TQ5RA"), ":first", s("ISSUE#"),
                                ":last", s("ROOT"))).build(),
                QueryRequest.builder().tableName(table).indexName("CustomerTimeline").scanIndexForward(false).limit(21)
                        .keyConditionExpression("GSI1PK = :pk").expressionAttributeValues(Map.of(":pk", s("CUSTOMER#c-ada")))
                        .exclusiveStartKey(root).build(),
                BatchGetItemRequest.builder().requestItems(Map.of(table, KeysAndAttributes.builder().consistentRead(true)
                        .keys(List.of(key("PRODUCT#MUG-BLUE", "PRODUCT"), key("PRODUCT#TEA-EARL-100G", "PRODUCT"))).build()))
                        .build(),
                PutItemRequest.builder().tableName(table).item(event).conditionExpression("attribute_not_exists(#pk)")
                        .expressionAttributeNames(Map.of("#pk", "PK"))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build(),
                UpdateItemRequest.builder().tableName(table).key(key("CUSTOMER#c-ada", "PROFILE"))
                        .updateExpression("SET #name = :name").conditionExpression("attribute_not_exists(#pk) OR #type = :type")
                        .expressionAttributeNames(Map.of("#name", "name", "#pk", "PK", "#type", "entityType"))
                        .expressionAttributeValues(Map.of(":name", s("Ada"), ":type", s("CUSTOMER")))
                        .returnValues(ReturnValue.UPDATED_OLD).build(),
                DeleteItemRequest.builder().tableName(table).key(key("CUSTOMER#c-ada", "PROFILE")).build(),
                TransactWriteItemsRequest.builder().transactItems(
                        TransactWriteItem.builder().update(u -> u.tableName(table).key(root)
                                .updateExpression("SET #version = :version").conditionExpression("#version = :read")
                                .expressionAttributeNames(Map.of("#version", "version"))
                                .expressionAttributeValues(Map.of(":version", AttributeValue.fromN("2"),
                                        ":read", AttributeValue.fromN("1")))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build(),
                        TransactWriteItem.builder().put(p -> p.tableName(table).item(event)
                                .conditionExpression("attribute_not_exists(#pk)").expressionAttributeNames(Map.of("#pk", "PK"))).build(),
                        TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(key("ORDER#x", "ROOT"))
                                .conditionExpression("attribute_not_exists(#pk)").expressionAttributeNames(Map.of("#pk", "PK"))).build(),
                        TransactWriteItem.builder().delete(d -> d.tableName(table).key(key("ORDER#x", "ISSUE#evt_1"))).build())
                        .clientRequestToken(token).build());
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", s(pk), "SK", s(sk));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
