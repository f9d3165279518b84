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

class CallerTest {
    private static HttpRequest request(Map<String, String> claims, List<String> scopes) {
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder()
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder()
                        .withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                                .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
                                        .withClaims(claims).withScopes(scopes).build()).build()).build()).build();
        return new HttpRequest(event, Map.of());
    }

    @Test
    void theSubjectIsTheCustomerAndScopesComeFromTheListOrTheScopeClaim() {
        Caller fromList = Caller.of(request(Map.of("sub", "c-ada"), List.of("orders:admin"))).orElseThrow();
        Caller fromClaim = Caller.of(request(Map.of("sub", "c-ada", "scope", " orders  orders:admin "), null)).orElseThrow();

        assertEquals("c-ada", fromList.subject());
        assertTrue(fromList.isAdmin());
        assertEquals(Set.of("orders", "orders:admin"), fromClaim.scopes());
        assertTrue(fromClaim.mayActFor("c-eve"));
    }

    @Test
    void aCustomerActsForThemselfOnly() {
        Caller ada = Caller.of(request(Map.of("sub", "c-ada", "scope", "orders"), List.of())).orElseThrow();
        assertTrue(ada.mayActFor("c-ada"));
        assertFalse(ada.mayActFor("c-eve"));
        assertFalse(ada.isAdmin());
    }

    @Test
    void withoutAUsableSubjectThereIsNoCaller() {
        Map<String, String> nullSubject = new HashMap<>();
        nullSubject.put("sub", null);
        for (Map<String, String> claims : List.of(Map.<String, String>of(), Map.of("sub", " "), nullSubject,
                Map.of("scope", "orders:admin"), Map.of("sub", "x".repeat(257)))) {
            assertEquals(Optional.empty(), Caller.of(request(claims, List.of("orders:admin"))), claims.toString());
        }
        assertEquals(Optional.empty(), Caller.of(new HttpRequest(new APIGatewayV2HTTPEvent(), Map.of())));
    }
}
