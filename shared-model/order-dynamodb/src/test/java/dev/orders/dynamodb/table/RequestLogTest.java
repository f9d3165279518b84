package dev.orders.dynamodb.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.orders.dynamodb.keys.Keys;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** The DEBUG line of a DynamoDB call: keys and conditions, never an item's other attributes; how it came out. */
class RequestLogTest {
    private static final Map<String, AttributeValue> ROOT = Map.of(Keys.PK, Attrs.s("ORDER#o-1"), Keys.SK,
            Attrs.s("ROOT"), "email", Attrs.s("ada@example.com"));

    @Test
    void aWriteIsNamedByItsKeyAndCondition() {
        assertEquals("{PK=ORDER#o-1, SK=ROOT} if #version = :version", RequestLog.describe(UpdateItemRequest.builder()
                .key(ROOT).conditionExpression("#version = :version").build()));
    }

    @Test
    void aQueryIsNamedByItsIndexKeyConditionValuesAndWhereItResumes() {
        assertEquals("GSI1 where #pk = :pk {:limit=5, :pk=CUSTOMER#c-1} after {PK=ORDER#o-1, SK=ROOT}",
                RequestLog.describe(QueryRequest.builder().indexName("GSI1").keyConditionExpression("#pk = :pk")
                        .expressionAttributeValues(Map.of(":pk", Attrs.s("CUSTOMER#c-1"), ":limit", Attrs.n(5)))
                        .exclusiveStartKey(ROOT).build()));
    }

    @Test
    void aTransactionIsNamedActionByAction() {
        TransactWriteItemsRequest transaction = TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().update(u -> u.key(ROOT).conditionExpression("#version = :v")).build(),
                TransactWriteItem.builder().put(p -> p.item(ROOT).conditionExpression("attribute_not_exists(#pk)")).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.key(ROOT).conditionExpression("attribute_not_exists(#pk)"))
                        .build()).build();

        assertEquals("[Update {PK=ORDER#o-1, SK=ROOT} if #version = :v, Put {PK=ORDER#o-1, SK=ROOT} if "
                + "attribute_not_exists(#pk), ConditionCheck {PK=ORDER#o-1, SK=ROOT} if attribute_not_exists(#pk)]",
                RequestLog.describe(transaction));
    }

    @Test
    void aFailureSaysWhichConditionsFailedOrWhatDynamoDbAnswered() {
        assertEquals("condition failed", RequestLog.failure(ConditionalCheckFailedException.builder().build()));
        assertEquals("cancelled, per action [None, ConditionalCheckFailed]", RequestLog.failure(
                TransactionCanceledException.builder().cancellationReasons(List.of(
                        CancellationReason.builder().code("None").build(),
                        CancellationReason.builder().code("ConditionalCheckFailed").build())).build()));
        assertEquals("failed: ThrottlingException", RequestLog.failure(DynamoDbException.builder()
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ThrottlingException").build()).build()));
    }

    @Test
    void theConsumedCapacityIsAskedForUnlessTheRequestAsksItself() {
        GetItemRequest plain = GetItemRequest.builder().key(ROOT).build();
        GetItemRequest indexes = plain.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();

        assertEquals(ReturnConsumedCapacity.TOTAL,
                ((GetItemRequest) RequestLog.withConsumedCapacity(plain)).returnConsumedCapacity());
        assertSame(indexes, RequestLog.withConsumedCapacity(indexes));
    }
}
