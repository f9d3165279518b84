package dev.orders.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.order.Ids;
import dev.orders.core.validation.Check;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.CloudFormationYaml;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** docs/openapi.yaml promises clients exactly the ids the handlers accept: its patterns are the code's. */
class IdPatternsContractTest {
    private final Map<String, Object> openApi = CloudFormationYaml.load(RepositoryRoot.locate().resolve("docs/openapi.yaml"));

    @Test
    void customerIdsAreDocumentedWithTheAlphabetTheHandlersValidate() {
        assertEquals("^" + Ids.CUSTOMER_ID.pattern() + "$", schema("CustomerId").get("pattern"));
        assertEquals(Map.of("$ref", "#/components/schemas/CustomerId"), parameter("customerId").get("schema"));
    }

    @Test
    void orderAndItemIdsAreDocumentedWithTheSafeIdAlphabet() {
        assertEquals("^" + Check.SAFE_ID.pattern() + "$", schema("Id").get("pattern"));
        for (String name : new String[] {"orderId", "itemId"}) {
            assertEquals(Map.of("$ref", "#/components/schemas/Id"), parameter(name).get("schema"), name);
        }
    }

    private Map<String, Object> schema(String name) {
        return object(object(components().get("schemas")).get(name));
    }

    private Map<String, Object> parameter(String name) {
        return object(object(components().get("parameters")).get(name));
    }

    private Map<String, Object> components() {
        return object(openApi.get("components"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }
}
