package dev.orders.core.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.documents.EnumerationLists.Syntax;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.payment.PaymentOutcome;
import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class EnumerationListsTest {
    @Test
    void anEnumerationMissingValuesListsAllOfTheCoresEnumInItsDeclaredOrder() {
        String stale = "    ItemStatus: {type: string, enum: [SHIPPED, PENDING, CANCELLED]}\n";

        assertEquals("    ItemStatus: {type: string, enum: [" + listed(LineStatus.values(), Enum::name, ", ") + "]}\n",
                EnumerationLists.rewrite(stale, Syntax.YAML, "openapi.yaml"));
    }

    @Test
    void aValueTheCoreDoesNotHaveIsDropped() {
        String statuses = listed(OrderStatus.values(), Enum::name, ", ");
        String stale = "    OrderStatus:\n      type: string\n      enum: [" + statuses.replace(", PAID,", ", PAID, SHELVED,") + "]\n";

        assertEquals("    OrderStatus:\n      type: string\n      enum: [" + statuses + "]\n",
                EnumerationLists.rewrite(stale, Syntax.YAML, "openapi.yaml"));
    }

    @Test
    void aJsonListKeepsItsLayoutOneQuotedValueALine() {
        String stale = "        \"to\": {\n          \"enum\": [\n            \"PENDING\",\n            \"CANCELLED\"\n          ]\n        }\n";

        assertEquals("        \"to\": {\n          \"enum\": [\n"
                + listed(LineStatus.values(), status -> "            \"" + status.name() + "\"", ",\n")
                + "\n          ]\n        }\n", EnumerationLists.rewrite(stale, Syntax.JSON, "OrderLineStatusChanged.schema.json"));
    }

    @Test
    void theWebhooksOutcomesAreItsWireNames() {
        String stale = "outcome: {type: string, enum: [applied, duplicate]}";

        assertEquals("outcome: {type: string, enum: [" + listed(PaymentOutcome.values(), PaymentOutcome::wireName, ", ") + "]}",
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

    private static <E extends Enum<E>> String listed(E[] values, Function<E, String> written, String separator) {
        return Arrays.stream(values).map(written).collect(Collectors.joining(separator));
    }
}
