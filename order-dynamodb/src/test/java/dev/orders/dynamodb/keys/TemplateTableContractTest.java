package dev.orders.dynamodb.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.local.RepositoryRoot;
import dev.orders.local.template.TemplateTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** The table in template.yaml is the table the repositories expect: keys, index names, projections, TTL. */
class TemplateTableContractTest {
    private final TemplateTable table = TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE);
    private final CreateTableRequest request = table.createTableRequest("contract");

    @Test
    void baseTableKeysAreTheModelsKeys() {
        assertEquals(List.of(Keys.PK, Keys.SK), names(request.keySchema()));
    }

    @Test
    void theThreeIndexesAreTheFeedsIndexesWithEveryAttributeProjected() {
        Map<String, GlobalSecondaryIndex> indexes = request.globalSecondaryIndexes().stream()
                .collect(Collectors.toMap(GlobalSecondaryIndex::indexName, index -> index));
        assertEquals(Map.of(
                        Keys.CUSTOMER_TIMELINE_INDEX, List.of(Keys.GSI1PK, Keys.GSI1SK),
                        Keys.STATUS_FEED_INDEX, List.of(Keys.GSI2PK, Keys.GSI2SK),
                        Keys.CUSTOMER_STATUS_FEED_INDEX, List.of(Keys.GSI3PK, Keys.GSI3SK)),
                indexes.values().stream().collect(Collectors.toMap(GlobalSecondaryIndex::indexName,
                        index -> names(index.keySchema()))));
        indexes.values().forEach(index -> assertEquals(ProjectionType.ALL, index.projection().projectionType()));
    }

    @Test
    void expiringRecordsUseTheTablesTimeToLiveAttribute() {
        assertEquals(Optional.of("expiresAt"), table.timeToLiveAttribute());
    }

    private static List<String> names(List<KeySchemaElement> keys) {
        return keys.stream().map(KeySchemaElement::attributeName).toList();
    }
}
