package dev.orders.core.order;

import dev.orders.core.money.Money;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.validation.ValidationException;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ValidationTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "a#b", "CUSTOMER#c-1", "a b", "c/1", "a%23b", "a?b", "ü", "x\u0000", "x\n"})
    void idsWithKeyDelimitersOrOutsideTheAlphabetAreRejected(String id) {
        ValidationException e = assertThrows(ValidationException.class, () -> Ids.customerId(id));
        assertEquals("customerId", e.errors().get(0).field());
        assertThrows(ValidationException.class, () -> Ids.itemId(id));
        assertThrows(ValidationException.class, () -> Ids.orderId(id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"auth0|5f7c8ec7c33c6c004bbafe82", "google-oauth2|104913374850121534562",
            "samlp|acme|jane.doe@acme.example", "3f0b1a6e-5b0c-4d7e-9a55-0c2f8e2b7d11",
            "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", "001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.1234",
            "jane+orders@example.com", "urn:example:customer:42", "oidc|keycloak|c-1_A"})
    void customerIdsAreTheSubjectsIdentityProvidersIssue(String subject) {
        assertEquals(subject, Ids.customerId(subject));
    }

    @Test
    void orderAndItemIdsKeepTheirNarrowerAlphabet() {
        assertThrows(ValidationException.class, () -> Ids.orderId("auth0|5f7c8ec7c33c6c004bbafe82"));
        assertThrows(ValidationException.class, () -> Ids.itemId("jane+orders@example.com"));
        assertEquals("c-1_A", Ids.orderId("c-1_A"));
    }

    @Test
    void idsHaveABoundedLength() {
        assertEquals("c".repeat(128), Ids.customerId("c".repeat(128)));
        assertThrows(ValidationException.class, () -> Ids.customerId("c".repeat(129)));
        assertEquals("x".repeat(64), Ids.itemId("x".repeat(64)));
        assertThrows(ValidationException.class, () -> Ids.itemId("x".repeat(65)));
        assertThrows(ValidationException.class, () -> Ids.orderId("x".repeat(65)));
    }

    @Test
    void newOrderIdsAreTimeSortableUlids() {
        String first = Ids.newOrderId();
        String second = Ids.newOrderId();
        assertEquals(26, first.length());
        assertTrue(first.compareTo(second) < 0, "monotonic within the same millisecond");
        assertEquals(first, Ids.orderId(first));
    }

    @Test
    void quantitiesMustBePositiveAndPricesNotNegative() {
        assertThrows(ValidationException.class, () -> new NewLine("SKU-1", "Mug", 0, 100));
        assertThrows(ValidationException.class, () -> new NewLine("SKU-1", "Mug", -1, 100));
        assertThrows(ValidationException.class, () -> new LineRequest("SKU-1", 0));
        assertThrows(ValidationException.class, () -> new LineRequest("SKU-1", Money.MAX_QUANTITY + 1));
        assertThrows(ValidationException.class, () -> new NewLine("SKU-1", "Mug", 1, -1));
        assertThrows(ValidationException.class, () -> new NewLine("SKU-1", "Mug", 1, Money.MAX_UNIT_PRICE + 1));
        assertEquals(0, new NewLine("FREEBIE", "Sticker", 1, 0).lineTotal());
    }

    @Test
    void orderTotalIsTheSumOfLineTotalsInMinorUnits() {
        NewOrder order = new NewOrder("c-1", "EUR", List.of(
                new NewLine("A", "Mug", 2, 1250),
                new NewLine("B", "Tea", 3, 999)));
        assertEquals(2 * 1250 + 3 * 999, order.total());
    }

    @Test
    void currencyMustBeACirculatingIso4217Code() {
        assertThrows(ValidationException.class, () -> new NewOrder("c-1", "eur", List.of(item())));
        assertThrows(ValidationException.class, () -> new NewOrder("c-1", "XYZ", List.of(item())));
        assertThrows(ValidationException.class, () -> new NewOrder("c-1", "XTS", List.of(item())));
        assertEquals("JPY", new NewOrder("c-1", "JPY", List.of(item())).currency());
    }

    @Test
    void ordersNeedAtLeastOneItemAndFitOneTransaction() {
        assertThrows(ValidationException.class, () -> new NewOrder("c-1", "EUR", List.of()));
        assertThrows(ValidationException.class, () -> new OrderRequest("c-1", Optional.empty(), List.of()));
        new NewOrder("c-1", "EUR", Collections.nCopies(OrderLimits.MAX_ITEMS_PER_ORDER, item()));
        ValidationException e = assertThrows(ValidationException.class,
                () -> new NewOrder("c-1", "EUR", Collections.nCopies(OrderLimits.MAX_ITEMS_PER_ORDER + 1, item())));
        assertEquals("items", e.errors().get(0).field());
        assertTrue(e.getMessage().contains("at most " + OrderLimits.MAX_ITEMS_PER_ORDER));
        ValidationException asked = assertThrows(ValidationException.class, () -> new OrderRequest("c-1",
                Optional.empty(), Collections.nCopies(OrderLimits.MAX_ITEMS_PER_ORDER + 1, new LineRequest("A", 1))));
        assertEquals("items", asked.errors().get(0).field());
    }

    @Test
    void textIsTrimmedBoundedAndFreeOfControlCharacters() {
        assertEquals("Mug", new NewLine("SKU", " Mug ", 1, 1).name());
        assertThrows(ValidationException.class, () -> new NewLine("SKU", "a\nb", 1, 1));
        assertThrows(ValidationException.class, () -> new NewLine("SKU", " ", 1, 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "  SKU  ", "MUG#BLUE", "MUG/BLUE", "ü", "12345678901234567890123456789012345678901234567890123456789012345"})
    void skusAreSafeIdsBecauseTheyBecomePartOfTheProductsKey(String sku) {
        ValidationException e = assertThrows(ValidationException.class, () -> new LineRequest(sku, 1));
        assertEquals("sku", e.errors().get(0).field());
        assertThrows(ValidationException.class, () -> new NewLine(sku, "Mug", 1, 1));
    }

    @Test
    void customerDetailsNeedANameAndAnEmailAddress() {
        assertThrows(ValidationException.class, () -> new CustomerDetails("c-1", "", "a@b.example"));
        assertThrows(ValidationException.class, () -> new CustomerDetails("c-1", "Ada", "not-an-email"));
        assertThrows(ValidationException.class, () -> new CustomerDetails("c#1", "Ada", "ada@example.com"));
        assertEquals("ada@example.com", new CustomerDetails("c-1", "Ada", "ada@example.com").email());
    }

    private static NewLine item() {
        return new NewLine("SKU-1", "Mug", 1, 100);
    }
}
