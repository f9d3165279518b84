package dev.orders.local.template;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One {@code AWS::DynamoDB::Table} resource of the SAM template, turned into the requests that
 * create it. template.yaml stays the single source of truth for keys and indexes: tests and the
 * local runtime never describe the table a second time.
 *
 * <p>Only what shapes the data is taken over: attributes, keys, billing, indexes, streams and
 * TTL. SSE, point-in-time recovery, deletion protection and tags are deliberately ignored: they
 * mean nothing to DynamoDB Local, and deletion protection would stop tests deleting tables.
 * Intrinsic functions are not evaluated.
 */
public final class TemplateTable {

    public static final String ROOT_PROPERTY = "order-service.root";
    public static final String TEMPLATE_FILE = "template.yaml";
    private static final Duration ACTIVE_TIMEOUT = Duration.ofSeconds(60);

    private final String source;
    private final String logicalId;
    private final Value properties;

    private TemplateTable(String source, String logicalId, Value properties) {
        this.source = source;
        this.logicalId = logicalId;
        this.properties = properties;
    }

    /** The repository root: system property {@value #ROOT_PROPERTY}, else the nearest directory upwards holding template.yaml. */
    public static Path locateRepoRoot() {
        String property = System.getProperty(ROOT_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(TEMPLATE_FILE))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the repository root: system property " + ROOT_PROPERTY
                + " is not set and no directory from " + start + " upwards contains " + TEMPLATE_FILE);
    }

    /** The repository's template.yaml. */
    public static Path locateTemplate() {
        Path template = locateRepoRoot().resolve(TEMPLATE_FILE);
        if (!Files.isRegularFile(template)) {
            throw new IllegalStateException("no " + TEMPLATE_FILE + " in " + template.getParent());
        }
        return template;
    }

    public static TemplateTable load(Path templateYaml, String logicalId) {
        try (Reader reader = Files.newBufferedReader(templateYaml, StandardCharsets.UTF_8)) {
            return parse(reader, templateYaml.toString(), logicalId);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + templateYaml, e);
        }
    }

    /** Parses template text; {@code source} only names it in error messages. */
    public static TemplateTable parse(Reader template, String source, String logicalId) {
        Object root = CloudFormationYaml.parse(template, source);
        Value resources = new Value(source, "", root).map("Resources");
        Value resource = resources.map(logicalId);
        String type = resource.string("Type");
        if (!"AWS::DynamoDB::Table".equals(type)) {
            throw new IllegalArgumentException(source + ": " + resource.path + " is a " + type + ", not an AWS::DynamoDB::Table");
        }
        return new TemplateTable(source, logicalId, resource.map("Properties"));
    }

    public String logicalId() {
        return logicalId;
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
                .attributeDefinitions(properties.list("AttributeDefinitions").stream()
                        .map(a -> AttributeDefinition.builder()
                                .attributeName(a.string("AttributeName"))
                                .attributeType(a.child("AttributeType").enumValue(ScalarAttributeType::fromValue, ScalarAttributeType.UNKNOWN_TO_SDK_VERSION))
                                .build())
                        .toList())
                .keySchema(keySchema(properties));
        if (provisioned) {
            request.provisionedThroughput(throughput(properties));
        }
        properties.optional("GlobalSecondaryIndexes").ifPresent(indexes -> request.globalSecondaryIndexes(
                indexes.elements().stream().map(i -> {
                    GlobalSecondaryIndex.Builder gsi = GlobalSecondaryIndex.builder()
                            .indexName(i.string("IndexName"))
                            .keySchema(keySchema(i))
                            .projection(projection(i));
                    if (provisioned) {
                        gsi.provisionedThroughput(throughput(i));
                    }
                    return gsi.build();
                }).toList()));
        properties.optional("LocalSecondaryIndexes").ifPresent(indexes -> request.localSecondaryIndexes(
                indexes.elements().stream().map(i -> LocalSecondaryIndex.builder()
                        .indexName(i.string("IndexName"))
                        .keySchema(keySchema(i))
                        .projection(projection(i))
                        .build()).toList()));
        properties.optional("StreamSpecification").ifPresent(stream -> request.streamSpecification(StreamSpecification.builder()
                .streamEnabled(true)
                .streamViewType(stream.child("StreamViewType").enumValue(StreamViewType::fromValue, StreamViewType.UNKNOWN_TO_SDK_VERSION))
                .build()));
        return request.build();
    }

    /** The TTL attribute, if the template enables TimeToLiveSpecification. */
    public Optional<String> timeToLiveAttribute() {
        return properties.optional("TimeToLiveSpecification")
                .filter(ttl -> ttl.optional("Enabled").map(e -> "true".equalsIgnoreCase(String.valueOf(e.value))).orElse(false))
                .map(ttl -> ttl.string("AttributeName"));
    }

    /**
     * Creates the table under {@code tableName}, waits until it and its indexes are ACTIVE and
     * applies the TTL setting. Returns the ACTIVE table's description.
     */
    public TableDescription createIn(DynamoDbClient client, String tableName) {
        client.createTable(createTableRequest(tableName));
        TableDescription table = awaitActive(client, tableName);
        timeToLiveAttribute().ifPresent(attribute -> client.updateTimeToLive(b -> b
                .tableName(tableName)
                .timeToLiveSpecification(t -> t.attributeName(attribute).enabled(true))));
        return table;
    }

    /**
     * Like {@link #createIn}, unless a table of that name exists already (a restart over a kept
     * --data-dir): then nothing is changed. Returns whether the table was created.
     */
    public boolean createIfAbsent(DynamoDbClient client, String tableName) {
        try {
            client.describeTable(b -> b.tableName(tableName));
            return false;
        } catch (ResourceNotFoundException e) {
            createIn(client, tableName);
            return true;
        }
    }

    /**
     * Our own short polling rather than the SDK waiter: the waiter sleeps 20 s between checks,
     * while DynamoDB Local is ACTIVE at once.
     */
    private static TableDescription awaitActive(DynamoDbClient client, String tableName) {
        long deadline = System.nanoTime() + ACTIVE_TIMEOUT.toNanos();
        long sleepMillis = 20;
        while (true) {
            TableDescription table = client.describeTable(b -> b.tableName(tableName)).table();
            boolean indexesActive = table.globalSecondaryIndexes().stream().allMatch(i -> i.indexStatus() == IndexStatus.ACTIVE);
            if (table.tableStatus() == TableStatus.ACTIVE && indexesActive) {
                return table;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("table " + tableName + " not ACTIVE after " + ACTIVE_TIMEOUT + ": " + table.tableStatus());
            }
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for table " + tableName, e);
            }
            sleepMillis = Math.min(sleepMillis * 2, 1000);
        }
    }

    private static List<KeySchemaElement> keySchema(Value owner) {
        return owner.list("KeySchema").stream()
                .map(k -> KeySchemaElement.builder()
                        .attributeName(k.string("AttributeName"))
                        .keyType(k.child("KeyType").enumValue(KeyType::fromValue, KeyType.UNKNOWN_TO_SDK_VERSION))
                        .build())
                .toList();
    }

    private static Projection projection(Value index) {
        Value projection = index.map("Projection");
        Projection.Builder builder = Projection.builder()
                .projectionType(projection.child("ProjectionType").enumValue(ProjectionType::fromValue, ProjectionType.UNKNOWN_TO_SDK_VERSION));
        projection.optional("NonKeyAttributes").ifPresent(attributes ->
                builder.nonKeyAttributes(attributes.elements().stream().map(Value::asString).toList()));
        return builder.build();
    }

    private static ProvisionedThroughput throughput(Value owner) {
        Value throughput = owner.map("ProvisionedThroughput");
        return ProvisionedThroughput.builder()
                .readCapacityUnits(throughput.child("ReadCapacityUnits").asLong())
                .writeCapacityUnits(throughput.child("WriteCapacityUnits").asLong())
                .build();
    }

    @Override
    public String toString() {
        return "TemplateTable[" + logicalId + " in " + source + "]";
    }

    /**
     * A YAML value with its path in the template, so every "missing" or "wrong type" error says
     * exactly where (instead of a NullPointerException or ClassCastException deep inside).
     */
    private record Value(String source, String path, Object value) {

        Value child(String key) {
            return optional(key).orElseThrow(() -> fail(childPath(key) + " is missing"));
        }

        Optional<Value> optional(String key) {
            if (!(value instanceof Map<?, ?> map)) {
                throw fail((path.isEmpty() ? "the document" : path) + " is not a mapping");
            }
            Object child = map.get(key);
            return child == null ? Optional.empty() : Optional.of(new Value(source, childPath(key), child));
        }

        Value map(String key) {
            Value child = child(key);
            if (!(child.value instanceof Map)) {
                throw fail(child.path + " is not a mapping");
            }
            return child;
        }

        List<Value> list(String key) {
            return child(key).elements();
        }

        List<Value> elements() {
            if (!(value instanceof List<?> list)) {
                throw fail(path + " is not a list");
            }
            return java.util.stream.IntStream.range(0, list.size())
                    .mapToObj(i -> new Value(source, path + "[" + i + "]", list.get(i)))
                    .toList();
        }

        String string(String key) {
            return child(key).asString();
        }

        String asString() {
            if (value instanceof CloudFormationYaml.Intrinsic intrinsic) {
                throw fail(path + " is !" + intrinsic.name() + " (intrinsic functions are not evaluated)");
            }
            if (value instanceof Map || value instanceof List) {
                throw fail(path + " is not a scalar");
            }
            return String.valueOf(value);
        }

        long asLong() {
            try {
                return Long.parseLong(asString());
            } catch (NumberFormatException e) {
                throw fail(path + " is not a number: " + value);
            }
        }

        <E extends Enum<E>> E enumValue(Function<String, E> fromValue, E unknown) {
            E parsed = fromValue.apply(asString());
            if (parsed == null || parsed == unknown) {
                throw fail(path + " has unsupported value '" + value + "' (intrinsic functions are not evaluated)");
            }
            return parsed;
        }

        private String childPath(String key) {
            return path.isEmpty() ? key : path + "." + key;
        }

        private IllegalArgumentException fail(String message) {
            return new IllegalArgumentException(source + ": " + message);
        }
    }
}
