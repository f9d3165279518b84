package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TokenScopesTest {

    @Test
    void aScopeStringIsSpaceSeparatedAndAnArrayIsOneScopePerElementFromBothClaims() {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("scope", " orders  orders:read ");
        claims.put("scp", List.of("orders:admin", "profile email"));

        assertEquals(List.of("orders", "orders:read", "orders:admin", "profile email"), TokenScopes.of(claims));
        assertEquals(List.of("orders:admin"), TokenScopes.of(Map.of("scp", "orders:admin")));
        assertEquals(List.of("orders", "orders:admin"), TokenScopes.of(Map.of("scope", List.of("orders", "orders:admin"))));
    }

    /** The strings: no list syntax is read inside a claim, so none of them holds orders:admin. */
    @ParameterizedTest
    @ValueSource(strings = {"[x,orders:admin]", "[profile orders:admin]", "[\"orders:admin\"]", "x\torders:admin"})
    void listSyntaxInsideAStringIsNotRead(String text) {
        for (String claim : List.of("scope", "scp")) {
            assertFalse(TokenScopes.of(Map.of(claim, text)).contains("orders:admin"), claim + ": " + text);
            assertFalse(TokenScopes.of(Map.of(claim, List.of(text))).contains("orders:admin"), claim + ": [" + text + "]");
        }
    }

    @Test
    void anArrayElementWithASpaceIsOneScopeNotTwo() {
        for (String claim : List.of("scope", "scp")) {
            assertEquals(List.of("x orders:admin"), TokenScopes.of(Map.of(claim, List.of("x orders:admin"))), claim);
        }
    }

    @Test
    void otherClaimsAndOtherJsonTypesGiveNoScopes() {
        assertEquals(List.of(), TokenScopes.of(Map.of("permissions", List.of("orders:admin"), "roles", "orders:admin")));
        assertEquals(List.of(), TokenScopes.of(Map.of("scope", 1, "scp", Map.of("orders:admin", true))));
        assertEquals(List.of(), TokenScopes.of(Map.of("scp", Arrays.asList(1, true, null))));
    }
}
