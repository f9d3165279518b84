package dev.orders.routes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PathTemplateTest {
    private static final PathTemplate ITEM = PathTemplate.of("/customers/{customerId}/orders/{orderId}/items/{itemId}");

    @Test
    void eachParameterTakesOneWholeSegmentUrlDecoded() {
        assertEquals(Optional.of(Map.of("customerId", "c ada", "orderId", "o/1", "itemId", "i-1")),
                ITEM.match("/customers/c%20ada/orders/o%2F1/items/i-1"));
    }

    @Test
    void aPlusInAPathIsAPlusNotASpace() {
        assertEquals(Optional.of(Map.of("customerId", "jane+x@example.com", "orderId", "auth0|5f7c", "itemId", "a+b")),
                ITEM.match("/customers/jane+x@example.com/orders/auth0%7C5f7c/items/a%2Bb"));
    }

    @Test
    void anEncodedSegmentMatchesBackToItsValue() {
        List<String> values = List.of("auth0|5f7c8ec7c33c6c004bbafe82", "jane+x@example.com", "a b/c#d%e?f", "ü-1");
        for (String value : values) {
            String encoded = PathTemplate.encodeSegment(value);
            assertEquals(Optional.of(Map.of("customerId", value)), PathTemplate.of("/customers/{customerId}")
                    .match("/customers/" + encoded), encoded);
        }
        assertEquals("auth0%7C5f7c", PathTemplate.encodeSegment("auth0|5f7c"));
        assertEquals("c-1_A.b~c:d@e%2Bf", PathTemplate.encodeSegment("c-1_A.b~c:d@e+f"));
    }

    @Test
    void literalsSegmentCountsAndEmptySegmentsMustAgree() {
        for (String path : List.of("/customers/c-1/orders/o-1/items", "/customers/c-1/orders/o-1/items/i-1/status",
                "/customers//orders/o-1/items/i-1", "/customer/c-1/orders/o-1/items/i-1",
                "/customers/c-1/orders/o-1/items/i-1/", "customers/c-1/orders/o-1/items/i-1")) {
            assertEquals(Optional.empty(), ITEM.match(path), path);
        }
    }

    @Test
    void aMalformedEscapeMatchesNothing() {
        assertEquals(Optional.empty(), ITEM.match("/customers/c%zz/orders/o-1/items/i-1"));
    }

    @Test
    void parametersComeInTemplateOrder() {
        assertEquals(List.of("customerId", "orderId", "itemId"),
                List.copyOf(ITEM.match("/customers/a/orders/b/items/c").orElseThrow().keySet()));
    }

    @Test
    void aTemplateIsAnAbsolutePath() {
        assertThrows(IllegalArgumentException.class, () -> PathTemplate.of("orders/{orderId}"));
    }

    @Test
    void expandingFillsEachParameterAndKeepsTheLiterals() {
        assertEquals("/customers/c-1/orders/o-1/items/i-1", ITEM.expand(name -> name.charAt(0) + "-1"));
    }
}
