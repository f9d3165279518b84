package dev.orders.http.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CallerTest {
    private static HttpRequest request(Map<String, String> claims, List<String> scopes) {
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder()
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder()
                        .withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                                .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
                                        .withClaims(claims).withScopes(scopes).build()).build()).build()).build();
        return new HttpRequest(event, Map.of());
    }

    private static Caller caller(Map<String, String> claims) {
        return Caller.of(request(claims, null)).orElseThrow();
    }

    @Test
    void theSubjectIsTheCustomerAndTheScopeClaimIsSpaceSeparated() {
        Caller ada = caller(Map.of("sub", "c-ada", "scope", " orders  orders:admin "));

        assertEquals("c-ada", ada.subject());
        assertEquals(Set.of("orders", "orders:admin"), ada.scopes());
        assertTrue(ada.isAdmin());
        assertTrue(ada.mayActFor("c-eve"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "[orders orders:admin]",            // an array claim as API Gateway passes it
        "[orders:admin]",                   // a one-element array
        "orders orders:admin",              // space-separated text (Entra's scp)
        "[\"orders\",\"orders:admin\"]",    // the array's JSON text, as other gateways or hand-made events have it
        "[orders, orders:admin]"})
    void anScpClaimInEveryFormItArrivesInMakesAnAdministrator(String scp) {
        Caller caller = caller(Map.of("sub", "auth0|5f7c8ec7c33c6c004bbafe82", "scp", scp));
        assertTrue(caller.isAdmin(), scp);
        assertTrue(caller.scopes().stream().allMatch(s -> s.equals("orders") || s.equals("orders:admin")), caller.toString());
    }

    @Test
    void scopesOfBothClaimsCount() {
        assertEquals(Set.of("orders", "orders:read", "orders:admin"),
                caller(Map.of("sub", "c-ada", "scope", "orders", "scp", "[orders:read orders:admin]")).scopes());
    }

    @Test
    void theAuthorizersScopeListDecidesNothing() {
        Caller listedOnly = Caller.of(request(Map.of("sub", "c-eve"), List.of(Caller.ADMIN_SCOPE))).orElseThrow();
        assertFalse(listedOnly.isAdmin(), "jwt.scopes without the token's claim is no administrator");
        assertTrue(Caller.of(request(Map.of("sub", "c-ada", "scope", Caller.ADMIN_SCOPE), null)).orElseThrow().isAdmin());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[]", "[ ]", "orders", "[orders:admins]", "orders:admin:x", "[\"orders\"]", "ORDERS:ADMIN"})
    void nothingButTheExactAdminScopeMakesAnAdministrator(String scope) {
        assertFalse(caller(Map.of("sub", "c-ada", "scope", scope, "scp", scope)).isAdmin(), scope);
    }

    @Test
    void aCustomerActsForThemselfOnly() {
        Caller ada = caller(Map.of("sub", "auth0|5f7c8ec7c33c6c004bbafe82", "scope", "orders"));
        assertTrue(ada.mayActFor("auth0|5f7c8ec7c33c6c004bbafe82"));
        assertFalse(ada.mayActFor("auth0|5f7c8ec7c33c6c004bbafe83"));
        assertFalse(ada.isAdmin());
    }

    @Test
    void withoutAUsableSubjectThereIsNoCaller() {
        Map<String, String> nullSubject = new HashMap<>();
        nullSubject.put("sub", null);
        for (Map<String, String> claims : List.of(Map.<String, String>of(), Map.of("sub", " "), nullSubject,
                Map.of("scope", "orders:admin"), Map.of("sub", "x".repeat(257), "scope", "orders:admin"))) {
            assertEquals(Optional.empty(), Caller.of(request(claims, List.of("orders:admin"))), claims.toString());
        }
        assertEquals(Optional.empty(), Caller.of(new HttpRequest(new APIGatewayV2HTTPEvent(), Map.of())));
    }
}
