package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.RepositoryRoot;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

class TemplateTableTest {

    @Test
    void readsTheOrdersTableFromTheRealTemplate() {
        Path template = RepositoryRoot.template();
        CreateTableRequest request = TemplateTable.load(template, "OrdersTable").createTableRequest("orders-test");

        assertEquals("orders-test", request.tableName());
        assertEquals(BillingMode.PAY_PER_REQUEST, request.billingMode());
        assertNull(request.provisionedThroughput());
        assertEquals(List.of(key("PK", KeyType.HASH), key("SK", KeyType.RANGE)), request.keySchema());
        assertEquals(8, request.attributeDefinitions().size());

        Map<String, GlobalSecondaryIndex> indexes = request.globalSecondaryIndexes().stream()
                .collect(Collectors.toMap(GlobalSecondaryIndex::indexName, i -> i));
        assertEquals(java.util.Set.of("CustomerTimeline", "StatusFeed", "CustomerStatusFeed"), indexes.keySet());
        assertGsi(indexes.get("CustomerTimeline"), "GSI1PK", "GSI1SK", List.of());
        assertGsi(indexes.get("StatusFeed"), "GSI2PK", "GSI2SK", List.of("eventId", "kind", "amount", "at"));
        assertGsi(indexes.get("CustomerStatusFeed"), "GSI3PK", "GSI3SK", List.of());
        assertTrue(request.localSecondaryIndexes().isEmpty());
        assertEquals(StreamViewType.NEW_IMAGE, request.streamSpecification().streamViewType());
        assertTrue(request.streamSpecification().streamEnabled());
    }

    @Test
    void exposesTheTimeToLiveAttribute() {
        assertEquals(Optional.of("expiresAt"), TemplateTable.load(RepositoryRoot.template(), "OrdersTable").timeToLiveAttribute());
    }

    @Test
    void missingResourceIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TemplateTable.load(RepositoryRoot.template(), "NoSuchTable"));
        assertTrue(e.getMessage().contains("Resources.NoSuchTable is missing"), e.getMessage());
        assertTrue(e.getMessage().contains("template.yaml"), e.getMessage());
    }

    @Test
    void missingRequiredPropertyIsAClearError() {
        String yaml = """
                Resources:
                  T:
                    Type: AWS::DynamoDB::Table
                    Properties:
                      BillingMode: PAY_PER_REQUEST
                      AttributeDefinitions:
                        - AttributeName: PK
                          AttributeType: S
                """;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse(yaml, "T").createTableRequest("t"));
        assertEquals("test.yaml: Resources.T.Properties.KeySchema is missing", e.getMessage());
    }

    @Test
    void resourceOfAnotherTypeIsAClearError() {
        String yaml = """
                Resources:
                  Fn:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: x
                """;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(yaml, "Fn"));
        assertTrue(e.getMessage().contains("Resources.Fn is a AWS::Serverless::Function"), e.getMessage());
    }

    @Test
    void unresolvableIntrinsicIsAClearError() {
        String yaml = """
                Resources:
                  T:
                    Type: AWS::DynamoDB::Table
                    Properties:
                      BillingMode: !Ref BillingModeParameter
                      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
                      KeySchema: [{AttributeName: PK, KeyType: HASH}]
                """;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(yaml, "T").createTableRequest("t"));
        assertTrue(e.getMessage().contains("Resources.T.Properties.BillingMode is !Ref (intrinsic functions are not evaluated)"), e.getMessage());
    }

    /** Every short-form intrinsic, in scalar, sequence and mapping form, must parse. */
    @Test
    void parsesCloudFormationTagsProvisionedThroughputLsiAndStreams() {
        String yaml = """
                Conditions:
                  IsProd: !Equals [!Ref Stage, prod]
                  NotProd: !Not [!Condition IsProd]
                Resources:
                  T:
                    Type: AWS::DynamoDB::Table
                    Properties:
                      TableName: !Sub "${AWS::StackName}-things"
                      BillingMode: PROVISIONED
                      ProvisionedThroughput:
                        ReadCapacityUnits: 5
                        WriteCapacityUnits: "7"
                      AttributeDefinitions:
                        - {AttributeName: PK, AttributeType: S}
                        - {AttributeName: SK, AttributeType: S}
                        - {AttributeName: Other, AttributeType: N}
                        - {AttributeName: G, AttributeType: B}
                      KeySchema:
                        - {AttributeName: PK, KeyType: HASH}
                        - {AttributeName: SK, KeyType: RANGE}
                      GlobalSecondaryIndexes:
                        - IndexName: ByG
                          KeySchema: [{AttributeName: G, KeyType: HASH}]
                          Projection: {ProjectionType: KEYS_ONLY}
                          ProvisionedThroughput: {ReadCapacityUnits: 1, WriteCapacityUnits: 2}
                      LocalSecondaryIndexes:
                        - IndexName: ByOther
                          KeySchema:
                            - {AttributeName: PK, KeyType: HASH}
                            - {AttributeName: Other, KeyType: RANGE}
                          Projection:
                            ProjectionType: INCLUDE
                            NonKeyAttributes: [a, b]
                      StreamSpecification:
                        StreamViewType: NEW_AND_OLD_IMAGES
                      SSESpecification:
                        SSEEnabled: !If [IsProd, true, false]
                        KMSMasterKeyId: !GetAtt Key.Arn
                      Tags:
                        - Key: name
                          Value: !Join ["-", [a, !Select [0, !Split [",", "x,y"]]]]
                        - Key: other
                          Value: !FindInMap {Map: M, Key: K}
                      TimeToLiveSpecification:
                        AttributeName: ttl
                        Enabled: false
                """;
        TemplateTable table = parse(yaml, "T");
        CreateTableRequest request = table.createTableRequest("t");

        assertEquals(BillingMode.PROVISIONED, request.billingMode());
        assertEquals(5L, request.provisionedThroughput().readCapacityUnits());
        assertEquals(7L, request.provisionedThroughput().writeCapacityUnits());
        GlobalSecondaryIndex gsi = request.globalSecondaryIndexes().get(0);
        assertEquals(ProjectionType.KEYS_ONLY, gsi.projection().projectionType());
        assertEquals(2L, gsi.provisionedThroughput().writeCapacityUnits());
        LocalSecondaryIndex lsi = request.localSecondaryIndexes().get(0);
        assertEquals("ByOther", lsi.indexName());
        assertEquals(ProjectionType.INCLUDE, lsi.projection().projectionType());
        assertEquals(List.of("a", "b"), lsi.projection().nonKeyAttributes());
        assertTrue(request.streamSpecification().streamEnabled());
        assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, request.streamSpecification().streamViewType());
        assertFalse(table.timeToLiveAttribute().isPresent(), "TTL is disabled in this template");
    }

    private static TemplateTable parse(String yaml, String logicalId) {
        return new SamTemplate(Path.of("test.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "test.yaml")).table(logicalId);
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    /** An index projecting a feed entry, and {@code more} (an overloaded index's other entries). */
    private static void assertGsi(GlobalSecondaryIndex index, String hash, String range, List<String> more) {
        assertEquals(List.of(key(hash, KeyType.HASH), key(range, KeyType.RANGE)), index.keySchema());
        assertEquals(ProjectionType.INCLUDE, index.projection().projectionType());
        List<String> projected = new java.util.ArrayList<>(List.of("entityType", "orderId", "customerId", "status",
                "total", "currency", "itemCount", "createdAt"));
        projected.addAll(more);
        assertEquals(projected, index.projection().nonKeyAttributes());
        assertNull(index.provisionedThroughput());
    }
}
