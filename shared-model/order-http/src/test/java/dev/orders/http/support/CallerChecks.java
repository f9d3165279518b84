package dev.orders.http.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;

/** The access rules as a client sees them, checked on a sample event with other callers. */
public final class CallerChecks {
    private CallerChecks() {
    }

    /**
     * A route of {@code /customers/{customerId}}: without claims 401 (with a Bearer challenge), for
     * another customer 404 that does not name the owner, an administrator included; none writes anything.
     */
    public static void assertOwnerOnly(Fixture fx, ApiFunction function, String sample) {
        int before = fx.itemCount();
        Api.Reply anonymous = Api.invoke(function, Api.anonymous(SampleEvents.load(sample)));
        assertEquals(401, anonymous.status(), sample);
        assertTrue(anonymous.contentType().startsWith("application/problem+json"), sample);
        assertEquals("Bearer", anonymous.header("www-authenticate").orElse(""), sample);

        Api.Reply eve = Api.invoke(function, Api.as(SampleEvents.load(sample), "c-eve"));
        assertEquals(404, eve.status(), sample);
        assertFalse(eve.response().getBody().contains(Fixture.SAMPLE_CUSTOMER), sample);

        Api.Reply adminOfOthers = Api.invoke(function, Api.as(SampleEvents.load(sample), "c-eve", "orders"));
        assertEquals(404, adminOfOthers.status(), sample + ": a scope other than orders:admin grants nothing");
        Api.Reply admin = Api.invoke(function, Api.asAdmin(SampleEvents.load(sample)));
        assertEquals(404, admin.status(), sample + ": orders:admin grants nothing on a customer's route");
        assertEquals(before, fx.itemCount(), sample + " wrote for a refused caller");
    }

    /**
     * A route of shared data (the catalogue): without claims 401 (with a Bearer challenge); any customer
     * is answered exactly as the sample's caller; neither writes anything.
     */
    public static void assertAnyAuthenticatedCaller(Fixture fx, ApiFunction function, String sample) {
        int before = fx.itemCount();
        Api.Reply anonymous = Api.invoke(function, Api.anonymous(SampleEvents.load(sample)));
        assertEquals(401, anonymous.status(), sample);
        assertEquals("Bearer", anonymous.header("www-authenticate").orElse(""), sample);

        Api.Reply asSampled = Api.invoke(function, SampleEvents.load(sample));
        Api.Reply eve = Api.invoke(function, Api.as(SampleEvents.load(sample), "c-eve", "orders"));
        assertEquals(asSampled.status(), eve.status(), sample);
        assertEquals(asSampled.response().getBody(), eve.response().getBody(), sample);
        assertEquals(before, fx.itemCount(), sample);
    }

    /**
     * A route of the back office: without claims 401; 403 for a customer without orders:admin, and for every
     * token whose claims only look like an administrator's ({@link Api#lookalikeAdminClaims}), whose scopes
     * API Gateway never lists; neither writes anything.
     */
    public static void assertAdminOnly(Fixture fx, ApiFunction function, String sample) {
        int before = fx.itemCount();
        assertEquals(401, Api.invoke(function, Api.anonymous(SampleEvents.load(sample))).status(), sample);
        Api.Reply customer = Api.invoke(function, Api.as(SampleEvents.load(sample), Fixture.SAMPLE_CUSTOMER, "orders"));
        assertEquals(403, customer.status(), sample);
        assertTrue(customer.contentType().startsWith("application/problem+json"), sample);
        Api.lookalikeAdminClaims().forEach(arguments -> {
            String claim = (String) arguments.get()[0];
            String value = (String) arguments.get()[1];
            assertEquals(403, Api.invoke(function, Api.withLookalikeClaim(SampleEvents.load(sample), Api.ADMIN, claim,
                    value)).status(), sample + " with " + claim + " " + value);
        });
        assertEquals(before, fx.itemCount(), sample);
    }
}
