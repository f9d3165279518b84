package dev.orders.dynamodb.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.TemplateTable;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The table in template.yaml is the table the repositories expect: keys, index names, projections, TTL. */
class TemplateTableContractTest {
    private final TemplateTable table = TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE);
    private final CreateTableRequest request = table.createTableRequest("contract");

    @Test
    void baseTableKeysAreTheModelsKeys() {
        assertEquals(List.of(Keys.PK, Keys.SK), names(request.keySchema()));
    }

    @Test
    void theThreeIndexesAreTheFeedsIndexes() {
        Map<String, GlobalSecondaryIndex> indexes = request.globalSecondaryIndexes().stream()
                .collect(Collectors.toMap(GlobalSecondaryIndex::indexName, index -> index));
        assertEquals(Map.of(
                        Keys.CUSTOMER_TIMELINE_INDEX, List.of(Keys.GSI1PK, Keys.GSI1SK),
                        Keys.STATUS_FEED_INDEX, List.of(Keys.GSI2PK, Keys.GSI2SK),
                        Keys.CUSTOMER_STATUS_FEED_INDEX, List.of(Keys.GSI3PK, Keys.GSI3SK)),
                indexes.values().stream().collect(Collectors.toMap(GlobalSecondaryIndex::indexName,
                        index -> names(index.keySchema()))));
    }

    /**
     * What {@link IndexAttributes} writes are the template's index keys, as strings: a root is in every
     * index, an open issue in StatusFeed, and a resolution takes it out of there.
     */
    @Test
    void indexAttributesAreTheIndexesKeys() {
        Map<String, List<String>> keys = request.globalSecondaryIndexes().stream()
                .collect(Collectors.toMap(GlobalSecondaryIndex::indexName, index -> names(index.keySchema())));
        Map<String, ScalarAttributeType> types = request.attributeDefinitions().stream()
                .collect(Collectors.toMap(AttributeDefinition::attributeName, AttributeDefinition::attributeType));
        Instant at = Instant.parse("2026-01-01T10:00:00Z");
        Map<String, AttributeValue> root = IndexAttributes.ofOrder(
                new Order("o-1", "c-1", OrderStatus.PAID, 7, 350, "EUR", 350, 0, LineStatuses.pending(2), at, at), 1);
        Map<String, AttributeValue> issue = IndexAttributes.ofOpenIssue(PaymentIssue.open("o-1", Optional.of("c-1"),
                "evt_1", PaymentIssueKind.AMOUNT_MISMATCH, PaymentIssue.Direction.CAPTURE, "pay_1", 100, "EUR", at));

        assertEquals(keys.values().stream().flatMap(List::stream).collect(Collectors.toSet()), root.keySet());
        assertEquals(Set.copyOf(keys.get(Keys.STATUS_FEED_INDEX)), issue.keySet());
        assertEquals(keys.get(Keys.STATUS_FEED_INDEX), IndexAttributes.ofClosedIssue().attributes());
        root.forEach((name, value) -> {
            assertEquals(ScalarAttributeType.S, types.get(name), name);
            assertEquals(AttributeValue.Type.S, value.type(), name);
        });
    }

    /** A feed decodes its entries from what the index projects alone; version and updatedAt stay out of it. */
    @Test
    void everyIndexProjectsTheSummaryButNeitherVersionNorUpdatedAt() {
        Instant created = Instant.parse("2026-01-01T10:00:00Z");
        Order order = new Order("o-1", "c-1", OrderStatus.PAID, 7, 350, "EUR", 350, 0, LineStatuses.pending(2), created, created.plusSeconds(60));
        Map<String, AttributeValue> root = OrderCodec.encodeRoot(order, 1);
        for (GlobalSecondaryIndex index : request.globalSecondaryIndexes()) {
            assertEquals(ProjectionType.INCLUDE, index.projection().projectionType(), index.indexName());
            List<String> nonKey = index.projection().nonKeyAttributes();
            assertFalse(nonKey.contains("version") || nonKey.contains("updatedAt"), index.indexName() + ": " + nonKey);
            Map<String, AttributeValue> entry = new HashMap<>(root);
            entry.keySet().retainAll(projected(index));
            assertEquals(new OrderSummary("o-1", "c-1", OrderStatus.PAID, 350, "EUR", 2, created),
                    OrderCodec.decodeSummary(entry), index.indexName());
        }
    }

    @Test
    void expiringRecordsUseTheTablesTimeToLiveAttribute() {
        assertEquals(Optional.of("expiresAt"), table.timeToLiveAttribute());
    }

    /** What an index entry holds: the table's keys, the index's keys and its non-key attributes. */
    private static Set<String> projected(GlobalSecondaryIndex index) {
        Set<String> attributes = new HashSet<>(index.projection().nonKeyAttributes());
        attributes.addAll(List.of(Keys.PK, Keys.SK));
        attributes.addAll(names(index.keySchema()));
        return attributes;
    }

    private static List<String> names(List<KeySchemaElement> keys) {
        return keys.stream().map(KeySchemaElement::attributeName).toList();
    }
}
