package dev.orders.localaws.template;

import dev.orders.localaws.dynamodb.TableCreator;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * One {@code AWS::DynamoDB::Table} resource of the SAM template, turned into the requests that
 * create it. template.yaml stays the single source of truth for keys and indexes: tests and the
 * local runtime never describe the table a second time.
 *
 * <p>Only what shapes the data is taken over: attributes, keys, billing, indexes, streams and
 * TTL. SSE, point-in-time recovery, deletion protection and tags are deliberately ignored: they
 * mean nothing to Dynoxide, and deletion protection would stop tests deleting tables.
 * Intrinsic functions are not evaluated.
 */
public final class TemplateTable {
    /** The orders table's logical id: what the functions' {@code !Ref} names, and what every test table copies. */
    public static final String ORDERS_TABLE = "OrdersTable";
    private static final String TYPE = "AWS::DynamoDB::Table";

    private final String source;
    private final String logicalId;
    private final TemplateValue properties;

    private TemplateTable(String source, String logicalId, TemplateValue properties) {
        this.source = source;
        this.logicalId = logicalId;
        this.properties = properties;
    }

    /** The resource {@code logicalId} of a parsed template; {@code source} names the template in error messages. */
    static TemplateTable of(String source, Map<String, Object> template, String logicalId) {
        TemplateValue resource = new TemplateValue(source, "", template).map("Resources").map(logicalId);
        String type = resource.string("Type");
        if (!TYPE.equals(type)) {
            throw new IllegalArgumentException(source + ": " + resource.path() + " is a " + type + ", not an " + TYPE);
        }
        return new TemplateTable(source, logicalId, resource.map("Properties"));
    }

    public static TemplateTable load(Path templateYaml, String logicalId) {
        return SamTemplate.load(templateYaml).table(logicalId);
    }

    /** The CreateTable request for this resource, under {@code tableName} (the template's TableName is ignored). */
    public CreateTableRequest createTableRequest(String tableName) {
        BillingMode billing = properties.optional("BillingMode")
                .map(n -> n.enumValue(BillingMode::fromValue, BillingMode.UNKNOWN_TO_SDK_VERSION))
                .orElse(BillingMode.PROVISIONED); // CloudFormation's default
        boolean provisioned = billing == BillingMode.PROVISIONED;

        CreateTableRequest.Builder request = CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(billing)
                .attributeDefinitions(attributeDefinitions())
                .keySchema(keySchema(properties));
        if (provisioned) {
            request.provisionedThroughput(throughput(properties));
        }
        properties.optional("GlobalSecondaryIndexes").ifPresent(indexes -> request.globalSecondaryIndexes(
                indexes.elements().stream().map(index -> globalIndex(index, provisioned)).toList()));
        properties.optional("LocalSecondaryIndexes").ifPresent(indexes -> request.localSecondaryIndexes(
                indexes.elements().stream().map(TemplateTable::localIndex).toList()));
        properties.optional("StreamSpecification").ifPresent(stream -> request.streamSpecification(StreamSpecification.builder()
                .streamEnabled(true)
                .streamViewType(stream.child("StreamViewType").enumValue(StreamViewType::fromValue, StreamViewType.UNKNOWN_TO_SDK_VERSION))
                .build()));
        return request.build();
    }

    /** The TTL attribute, if the template enables TimeToLiveSpecification. */
    public Optional<String> timeToLiveAttribute() {
        return properties.optional("TimeToLiveSpecification")
                .filter(ttl -> ttl.optional("Enabled").map(e -> "true".equalsIgnoreCase(String.valueOf(e.value()))).orElse(false))
                .map(ttl -> ttl.string("AttributeName"));
    }

    /** Creates the table under {@code tableName}; returns it ACTIVE, with its indexes and TTL setting. */
    public TableDescription createIn(DynamoDbClient client, String tableName) {
        return TableCreator.create(client, createTableRequest(tableName), timeToLiveAttribute());
    }

    /**
     * Like {@link #createIn}, unless a table of that name exists already (a restart over a kept
     * --data-dir): then nothing is changed. Returns whether the table was created.
     */
    public boolean createIfAbsent(DynamoDbClient client, String tableName) {
        if (TableCreator.exists(client, tableName)) {
            return false;
        }
        createIn(client, tableName);
        return true;
    }

    private List<AttributeDefinition> attributeDefinitions() {
        return properties.list("AttributeDefinitions").stream()
                .map(a -> AttributeDefinition.builder()
                        .attributeName(a.string("AttributeName"))
                        .attributeType(a.child("AttributeType").enumValue(ScalarAttributeType::fromValue, ScalarAttributeType.UNKNOWN_TO_SDK_VERSION))
                        .build())
                .toList();
    }

    private static GlobalSecondaryIndex globalIndex(TemplateValue index, boolean provisioned) {
        GlobalSecondaryIndex.Builder gsi = GlobalSecondaryIndex.builder()
                .indexName(index.string("IndexName"))
                .keySchema(keySchema(index))
                .projection(projection(index));
        if (provisioned) {
            gsi.provisionedThroughput(throughput(index));
        }
        return gsi.build();
    }

    private static LocalSecondaryIndex localIndex(TemplateValue index) {
        return LocalSecondaryIndex.builder()
                .indexName(index.string("IndexName"))
                .keySchema(keySchema(index))
                .projection(projection(index))
                .build();
    }

    private static List<KeySchemaElement> keySchema(TemplateValue owner) {
        return owner.list("KeySchema").stream()
                .map(k -> KeySchemaElement.builder()
                        .attributeName(k.string("AttributeName"))
                        .keyType(k.child("KeyType").enumValue(KeyType::fromValue, KeyType.UNKNOWN_TO_SDK_VERSION))
                        .build())
                .toList();
    }

    private static Projection projection(TemplateValue index) {
        TemplateValue projection = index.map("Projection");
        Projection.Builder builder = Projection.builder()
                .projectionType(projection.child("ProjectionType").enumValue(ProjectionType::fromValue, ProjectionType.UNKNOWN_TO_SDK_VERSION));
        projection.optional("NonKeyAttributes").ifPresent(attributes ->
                builder.nonKeyAttributes(attributes.elements().stream().map(TemplateValue::asString).toList()));
        return builder.build();
    }

    private static ProvisionedThroughput throughput(TemplateValue owner) {
        TemplateValue throughput = owner.map("ProvisionedThroughput");
        return ProvisionedThroughput.builder()
                .readCapacityUnits(throughput.child("ReadCapacityUnits").asLong())
                .writeCapacityUnits(throughput.child("WriteCapacityUnits").asLong())
                .build();
    }

    @Override
    public String toString() {
        return "TemplateTable[" + logicalId + " in " + source + "]";
    }
}
