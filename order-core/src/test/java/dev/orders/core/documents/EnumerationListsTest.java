package dev.orders.core.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.documents.EnumerationLists.Syntax;
import org.junit.jupiter.api.Test;

class EnumerationListsTest {
    @Test
    void anEnumerationMissingValuesListsAllOfTheCoresEnumInItsDeclaredOrder() {
        String stale = "    ItemStatus: {type: string, enum: [SHIPPED, PENDING, CANCELLED]}\n";

        assertEquals("    ItemStatus: {type: string, enum: [PENDING, PICKED, SHIPPED, CANCELLED]}\n",
                EnumerationLists.rewrite(stale, Syntax.YAML, "openapi.yaml"));
    }

    @Test
    void aValueTheCoreDoesNotHaveIsDropped() {
        String stale = "    OrderStatus:\n      type: string\n      enum: [CREATED, ON_HOLD, AWAITING_PAYMENT, PAID, IN_FULFILLMENT,"
                + " PARTIALLY_FULFILLED, FULFILLED, CANCELLED, REFUNDED]\n";

        assertEquals("    OrderStatus:\n      type: string\n      enum: [CREATED, AWAITING_PAYMENT, PAID, IN_FULFILLMENT,"
                + " PARTIALLY_FULFILLED, FULFILLED, CANCELLED, REFUNDED]\n", EnumerationLists.rewrite(stale, Syntax.YAML, "openapi.yaml"));
    }

    @Test
    void aJsonListKeepsItsLayoutOneQuotedValueALine() {
        String stale = "        \"to\": {\n          \"enum\": [\n            \"PENDING\",\n            \"CANCELLED\"\n          ]\n        }\n";

        assertEquals("        \"to\": {\n          \"enum\": [\n            \"PENDING\",\n            \"PICKED\",\n"
                + "            \"SHIPPED\",\n            \"CANCELLED\"\n          ]\n        }\n",
                EnumerationLists.rewrite(stale, Syntax.JSON, "OrderLineStatusChanged.schema.json"));
    }

    @Test
    void theWebhooksOutcomesAreItsWireNames() {
        String stale = "outcome: {type: string, enum: [applied, duplicate]}";

        assertEquals("outcome: {type: string, enum: [applied, payment-issue, duplicate, not-applicable, order-not-found, unknown-type]}",
                EnumerationLists.rewrite(stale, Syntax.YAML, "openapi.yaml"));
    }

    @Test
    void constantsAndTheRolesOfACallerAreKeptAsTheyAre() {
        String document = "status: {type: string, enum: [CREATED]}\n"
                + "role: {type: string, enum: [CUSTOMER, ADMINISTRATOR], description: \"forbidden-transition\"}\n";

        assertEquals(document, EnumerationLists.rewrite(document, Syntax.YAML, "openapi.yaml"));
    }

    @Test
    void enumerationsOfNoCoreEnumAreLeftAsTheyAre() {
        String document = "state: {type: string, enum: [OPEN, SETTLED, RESOLVED]}\n"
                + "schema: {type: string, enum: [\"*\"]}\n"
                + "schema: {type: string, enum: ['true', \"false\"]}\n";

        assertEquals(document, EnumerationLists.rewrite(document, Syntax.YAML, "openapi.yaml"));
    }

    @Test
    void anEnumNotWrittenAsAListInBracketsIsRefused() {
        String document = "OrderStatus:\n  enum:\n    - CREATED\n    - PAID\n";

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> EnumerationLists.rewrite(document, Syntax.YAML, "docs/openapi.yaml"));
        assertTrue(refused.getMessage().startsWith("docs/openapi.yaml, line 2: an enum not written as a list in brackets"),
                refused.getMessage());
    }
}
