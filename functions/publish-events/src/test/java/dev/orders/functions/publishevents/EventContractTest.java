package dev.orders.functions.publishevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.http.support.SampleEvents;
import dev.orders.localaws.template.CloudFormationYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The event contract is stated three times: the code ({@link OrderChange}'s cases, the enums), the history's
 * tagged union in docs/openapi.yaml ({@code OrderEvent}: one variant per type, its discriminator's mapping)
 * and the published events' schemas in docs/events ({@code <type>.schema.json}, and the index
 * {@code order-event.schema.json} with one variant per detail-type). None of them may drift from the others.
 */
class EventContractTest {
    private static final Path ROOT = SampleEvents.repositoryRoot();
    private static final String INDEX = "order-event.schema.json";
    private static final String SCHEMAS = "#/components/schemas/";
    /** Where a shape holds an object's required properties. */
    private static final String REQUIRED = "(required)";
    private final Map<String, Object> openApi = CloudFormationYaml.load(ROOT.resolve("docs/openapi.yaml"));

    @Test
    void theEventTypesOfTheCodeTheOpenApiUnionAndTheEventSchemasAreTheSame() throws IOException {
        Set<String> code = Arrays.stream(OrderChange.class.getPermittedSubclasses()).map(Class::getSimpleName)
                .collect(Collectors.toCollection(TreeSet::new));
        Map<String, Object> orderEvent = schema("OrderEvent");
        Map<String, Object> mapping = object(object(orderEvent.get("discriminator")).get("mapping"));
        Set<String> variants = list(orderEvent.get("oneOf")).stream().map(variant -> (String) object(variant).get("$ref"))
                .collect(Collectors.toCollection(TreeSet::new));
        Map<String, Object> index = CloudFormationYaml.load(ROOT.resolve("docs/events").resolve(INDEX));
        Map<String, String> indexed = new TreeMap<>();
        for (Object variant : list(index.get("oneOf"))) {
            Map<String, Object> properties = object(object(variant).get("properties"));
            indexed.put((String) object(properties.get("detail-type")).get("const"),
                    (String) object(properties.get("detail")).get("$ref"));
        }

        assertEquals("type", object(orderEvent.get("discriminator")).get("propertyName"));
        assertEquals(code, mapping.keySet(), "the discriminator's mapping of OrderEvent");
        assertEquals(new TreeSet<>(mapping.values()), variants, "OrderEvent's oneOf is the mapping's schemas");
        for (String type : code) {
            assertEquals(List.of(type), object(variantPart(type).get("type")).get("enum"), "the type of " + type);
        }
        assertEquals(code, typeSchemaFiles(), "docs/events/<type>.schema.json");
        assertEquals(code, indexed.keySet(), "the detail-types of docs/events/" + INDEX);
        indexed.forEach((type, ref) -> assertEquals(type + ".schema.json", ref, "the detail of " + type));
    }

    /**
     * The history serves an event's data as it is published, to administrators whole (a customer's reading
     * leaves out what only the staff reads, a resolution's note): both documents name the same fields with the
     * same values, and the published event requires at least what the history does.
     */
    @Test
    void eachTypesDataHasTheSameFieldsAndValuesInTheOpenApiUnionAndItsEventSchema() {
        for (Class<?> type : OrderChange.class.getPermittedSubclasses()) {
            String name = type.getSimpleName();
            Map<String, Object> published = CloudFormationYaml.load(ROOT.resolve("docs/events").resolve(name + ".schema.json"));
            assertEquals(name, published.get("title"));
            assertSameShape(shape(variantPart(name).get("data")), shape(object(published.get("properties")).get("data")),
                    "the data of " + name + " in docs/openapi.yaml and in docs/events/" + name + ".schema.json");
        }
    }

    @Test
    void theDocumentsEnumerationsAreTheCodesEnums() {
        assertEquals(names(OrderStatus.values()), new TreeSet<>(list(schema("OrderStatus").get("enum"))));
        assertEquals(names(LineStatus.values()), new TreeSet<>(list(schema("ItemStatus").get("enum"))));
        assertEquals(names(PaymentIssueKind.values()), new TreeSet<>(list(schema("PaymentIssueKind").get("enum"))));
    }

    /**
     * Every enumeration of docs/openapi.yaml and of docs/events that lists a value of one of the core's enums lists
     * all of that enum's values and no other: order and line statuses, payment issue kinds and directions, the
     * webhook's outcomes, roles. Two kinds of enumeration list fewer by design: one value, the constant of an
     * event's data (an OrderCreated is CREATED), and the roles a caller of the HTTP API acts in, which the payment
     * provider, acting through the signed webhook, and the system, acting on its schedules, are not. order-core's build writes these lists from the core
     * (RegenerateDocuments, as text); this reads the documents as YAML and JSON, as their readers do.
     */
    @Test
    void everyEnumerationOfTheDocumentsThatListsValuesOfACoreEnumListsAllOfThem() throws IOException {
        Map<String, Set<Object>> core = new TreeMap<>(Map.of(
                "OrderStatus", names(OrderStatus.values()),
                "ItemStatus", names(LineStatus.values()),
                "PaymentIssueKind", names(PaymentIssueKind.values()),
                "PaymentIssue.Direction", names(PaymentIssue.Direction.values()),
                "PaymentOutcome", Arrays.stream(PaymentOutcome.values()).<Object>map(PaymentOutcome::wireName)
                        .collect(Collectors.toCollection(TreeSet::new)),
                "Role", names(Role.values())));
        Set<Object> callersRoles = names(Stream.of(Role.values()).filter(role -> role != Role.PAYMENT_PROVIDER
                && role != Role.SYSTEM).toArray(Role[]::new));
        Map<String, List<Object>> enumerations = new TreeMap<>();
        enumerations("docs/openapi.yaml", openApi, enumerations);
        try (Stream<Path> files = Files.list(ROOT.resolve("docs/events"))) {
            for (Path file : files.sorted().toList()) {
                enumerations("docs/events/" + file.getFileName(), CloudFormationYaml.load(file), enumerations);
            }
        }

        int checked = 0;
        for (Map.Entry<String, List<Object>> enumeration : enumerations.entrySet()) {
            Set<Object> values = new TreeSet<>(enumeration.getValue());
            List<String> listed = core.entrySet().stream().filter(e -> e.getValue().stream().anyMatch(values::contains))
                    .map(Map.Entry::getKey).toList();
            if (listed.isEmpty()) {
                continue;
            }
            checked++;
            if (values.size() > 1) {
                boolean listsAllOfOne = core.values().contains(values) || values.equals(callersRoles);
                assertTrue(listsAllOfOne, enumeration.getKey() + " lists " + values + ", values of " + listed
                        + " but not all of one of them: " + core);
            }
        }
        assertTrue(checked >= core.size(), checked + " enumerations of the documents list values of the core's enums");
    }

    /** Every {@code enum} under {@code node}, by its place in {@code document}. */
    private static void enumerations(String document, Object node, Map<String, List<Object>> found) {
        if (node instanceof Map<?, ?> map) {
            if (map.get("enum") instanceof List<?> values) {
                found.put(document, new ArrayList<>(values));
            }
            map.forEach((key, value) -> enumerations(document + "/" + key, value, found));
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                enumerations(document + "[" + i + "]", list.get(i), found);
            }
        }
    }

    /** Equal shapes, but that the published data's objects may require more than the history's. */
    @SuppressWarnings("unchecked")
    private static void assertSameShape(Object history, Object published, String where) {
        if (!(history instanceof Map<?, ?> fields)) {
            assertEquals(history, published, where);
            return;
        }
        Map<String, Object> publishedFields = (Map<String, Object>) published;
        assertEquals(fields.keySet(), publishedFields.keySet(), where);
        fields.forEach((field, shape) -> {
            if (REQUIRED.equals(field)) {
                Set<Object> required = (Set<Object>) publishedFields.get(REQUIRED);
                assertTrue(required.containsAll((Set<Object>) shape), where + ": the published event requires "
                        + required + ", less than the history's " + shape);
            } else {
                assertSameShape(shape, publishedFields.get(field), where + ", " + field);
            }
        });
    }

    /**
     * What a client relies on of a schema, in either document: an object's properties (each by its shape) and
     * which are required; an array's items; the values a string may take; anything else is a plain value. A
     * {@code $ref} of openapi.yaml is followed, and an {@code allOf} of one (a reference with a description).
     */
    private Object shape(Object node) {
        Map<String, Object> schema = object(node);
        if (schema.containsKey("$ref")) {
            return shape(schema(((String) schema.get("$ref")).substring(SCHEMAS.length())));
        }
        if (schema.containsKey("allOf")) {
            List<Object> parts = list(schema.get("allOf"));
            assertEquals(1, parts.size(), "an allOf of more than a reference in an event's data: " + schema);
            return shape(parts.get(0));
        }
        if (schema.containsKey("const")) {
            return new TreeSet<>(Set.of(schema.get("const")));
        }
        if (schema.containsKey("enum")) {
            return new TreeSet<>(list(schema.get("enum")));
        }
        if (schema.containsKey("properties")) {
            Map<String, Object> shape = new TreeMap<>();
            object(schema.get("properties")).forEach((property, value) -> shape.put(property, shape(value)));
            shape.put(REQUIRED, new TreeSet<>(list(schema.getOrDefault("required", List.of()))));
            return shape;
        }
        if (schema.containsKey("items")) {
            return List.of("array of", shape(schema.get("items")));
        }
        return "value";
    }

    /** The part of the OrderEvent variant of {@code type} that holds its own properties (type and data). */
    private Map<String, Object> variantPart(String type) {
        for (Object part : list(schema(type).get("allOf"))) {
            Map<String, Object> properties = object(object(part).getOrDefault("properties", Map.of()));
            if (properties.containsKey("data")) {
                return properties;
            }
        }
        throw new AssertionError("no part of " + type + " names its data");
    }

    private static Set<String> typeSchemaFiles() throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve("docs/events"))) {
            return files.map(file -> file.getFileName().toString()).filter(file -> !file.equals(INDEX))
                    .map(file -> file.substring(0, file.length() - ".schema.json".length()))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private Map<String, Object> schema(String name) {
        Map<String, Object> schema = object(object(object(openApi.get("components")).get("schemas")).get(name));
        if (schema == null) {
            throw new AssertionError("no schema " + name + " in docs/openapi.yaml");
        }
        return schema;
    }

    private static Set<Object> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return value == null ? null : new LinkedHashMap<>((Map<String, Object>) value);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value) {
        return new ArrayList<>((List<Object>) value);
    }
}
