package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.http.support.Api.asAdmin;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withLookalikeClaim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.http.api.Caller;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Who may change an order: the customer who owns it on its routes, an administrator on the back office's,
 * each within its moves.
 */
class ChangeOrderAuthorityTest extends SampleOrderTest {

    @Test
    void everyMoveTheCustomerMayNotMakeIs403AndWritesNothing() {
        for (OrderStatus target : OrderStatus.values()) {
            if (target == OrderStatus.AWAITING_PAYMENT || target == OrderStatus.CANCELLED) {
                continue;
            }
            int items = fx.itemCount();
            Reply refused = invoke(function, asCustomer(withBody(CHANGE_STATUS,
                    Map.of("status", target.name(), "reason", "I paid, honestly"))));

            assertForbidden(refused, "CUSTOMER", target.name());
            assertEquals(items, fx.itemCount(), target.name());
            assertEquals(1, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version(), target.name());
        }
    }

    @Test
    void theCustomerMayNotChangeAnyLineStatusEvenOfAPaidOrder() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);
        for (LineStatus target : LineStatus.values()) {
            int items = fx.itemCount();
            Reply refused = invoke(function, asCustomer(withBody(CHANGE_ITEM_STATUS, Map.of("status", target.name()))));

            assertEquals(403, refused.status(), refused.response().getBody());
            assertEquals("urn:order-service:problem:forbidden", refused.json().get("type"));
            assertEquals(items, fx.itemCount(), target.name());
            assertEquals(LineStatus.PENDING,
                    fx.reads.findLine(SAMPLE_CUSTOMER, SAMPLE_ORDER, SAMPLE_ITEM).orElseThrow().itemStatus());
        }
    }

    /** The eight tokens on the customers' routes, as API Gateway forwards them there (no scope list). */
    @ParameterizedTest
    @MethodSource("dev.orders.http.support.Api#lookalikeAdminClaims")
    void aTokenThatOnlyLooksLikeAnAdministratorsNeitherPaysNorTouchesAnotherCustomersOrder(String claim, String value) {
        Map<String, Object> paid = Map.of("status", "PAID", "reason", "card captured");
        Reply stranger = invoke(function, withLookalikeClaim(withBody(CHANGE_STATUS, paid), "c-eve", claim, value));
        Reply strangersPath = invoke(function, withLookalikeClaim(Api.forCustomer(CHANGE_STATUS, "c-eve"), "c-eve",
                claim, value));
        Reply owner = invoke(function, withLookalikeClaim(withBody(CHANGE_STATUS, paid), SAMPLE_CUSTOMER, claim, value));

        assertEquals(404, stranger.status(), stranger.response().getBody());
        assertEquals(404, strangersPath.status(), strangersPath.response().getBody());
        assertForbidden(owner, "CUSTOMER", "PAID");
        assertEquals(1, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
        assertEquals(OrderStatus.CREATED, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());
    }

    @Test
    void anAdministratorsScopeGrantsNothingOnACustomersRoute() {
        Reply admin = invoke(function, asAdmin(withBody(CHANGE_STATUS, Map.of("status", "PAID", "reason", "x"))));
        // Even a hand-made event listing the scope on a customer's route (API Gateway never does) acts as a customer.
        Reply listed = invoke(function, Api.withJwt(withBody(CHANGE_STATUS, Map.of("status", "PAID", "reason", "x")),
                Map.of("sub", SAMPLE_CUSTOMER), List.of(Caller.ADMIN_SCOPE)));

        assertEquals(404, admin.status(), admin.response().getBody());
        assertForbidden(listed, "CUSTOMER", "PAID");
        assertEquals(1, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @Test
    void aRefusedRoleIs403EvenWhereTheLifecycleWouldAlsoRefuse() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.CANCELLED);

        assertForbidden(invoke(function, asCustomer(withBody(CHANGE_STATUS,
                Map.of("status", "PAID", "reason", "x")))), "CUSTOMER", "PAID");
    }

    @Test
    void fulfilledByHandIs409StatusFollowsLinesForAnAdministratorAnd403ForTheCustomerAndWritesNothing() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID, OrderStatus.IN_FULFILLMENT);
        int items = fx.itemCount();

        Reply byAdmin = invoke(function, asAdmin(withBody(ADMIN_STATUS, Map.of("status", "FULFILLED"))));
        Reply byCustomer = invoke(function, asCustomer(withBody(CHANGE_STATUS, Map.of("status", "FULFILLED"))));

        assertEquals(409, byAdmin.status(), byAdmin.response().getBody());
        assertEquals("application/problem+json", byAdmin.contentType());
        assertTrue(((String) byAdmin.json().get("type")).endsWith("status-follows-lines"), byAdmin.response().getBody());
        assertEquals("FULFILLED", byAdmin.json().get("target"));
        assertForbidden(byCustomer, "CUSTOMER", "FULFILLED");
        assertEquals(items, fx.itemCount());
        assertEquals(3, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
        assertEquals(OrderStatus.IN_FULFILLMENT, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());
    }

    @Test
    void partiallyFulfilledByHandIs409StatusFollowsLinesEvenWhereTheLifecycleWouldAllowIt() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID, OrderStatus.IN_FULFILLMENT);

        Reply refused = invoke(function, asAdmin(withBody(ADMIN_STATUS, Map.of("status", "PARTIALLY_FULFILLED"))));

        assertEquals(409, refused.status(), refused.response().getBody());
        assertEquals("urn:order-service:problem:status-follows-lines", refused.json().get("type"));
        assertEquals(3, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @Test
    void aMoveTheCustomerMayAskForButTheLifecycleForbidsIs409() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);

        Reply refused = invoke(function, asCustomer(withBody(CHANGE_STATUS, Map.of("status", "CANCELLED"))));

        assertEquals(409, refused.status(), refused.response().getBody());
        assertEquals("urn:order-service:problem:illegal-transition", refused.json().get("type"));
    }

    @Test
    void theCustomerChecksOutWhichFreezesTheLinesForEveryone() {
        Reply checkout = invoke(function, asCustomer(withBody(CHANGE_STATUS, Map.of("status", "AWAITING_PAYMENT"))));
        assertEquals(200, checkout.status(), checkout.response().getBody());
        int items = fx.itemCount();

        for (Reply frozen : new Reply[] {invoke(function, asCustomer(SampleEvents.load(ADD_ITEM))),
                invoke(function, asCustomer(SampleEvents.load(DELETE_ITEM)))}) {
            assertEquals(409, frozen.status(), frozen.response().getBody());
            assertEquals("urn:order-service:problem:order-not-open", frozen.json().get("type"));
        }
        assertEquals(items, fx.itemCount());
    }

    @Test
    void theCustomerCancelsBeforePayment() {
        invoke(function, asCustomer(withBody(CHANGE_STATUS, Map.of("status", "AWAITING_PAYMENT"))));

        Reply cancelled = invoke(function, asCustomer(withBody(CHANGE_STATUS, Map.of("status", "CANCELLED"))));

        assertEquals(200, cancelled.status(), cancelled.response().getBody());
        assertEquals("CANCELLED", cancelled.json().get("status"));
    }

    @Test
    void aManualCaptureOrRefundWithoutAReasonIs400AndWritesNothing() {
        Reply noReason = invoke(function, asAdmin(withBody(ADMIN_STATUS, Map.of("status", "PAID"))));
        assertEquals(400, noReason.status(), noReason.response().getBody());
        assertEquals(1, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());

        Reply paid = invoke(function, asAdmin(withBody(ADMIN_STATUS,
                Map.of("status", "PAID", "reason", "card payment captured by phone"))));
        assertEquals(200, paid.status(), paid.response().getBody());
        assertEquals("card payment captured by phone", fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 1,
                Optional.empty()).orElseThrow().items().get(0).change().data().get("reason"));

        Reply refundWithoutReason = invoke(function, asAdmin(withBody(ADMIN_STATUS, Map.of("status", "REFUNDED"))));
        assertEquals(400, refundWithoutReason.status(), refundWithoutReason.response().getBody());
        assertEquals(OrderStatus.PAID, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());
    }

    @Test
    void noCallerMayExpireAnOrderOnlyTheSystemsSweepAndAnExpiredOrderIsNoLongerCancelled() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.AWAITING_PAYMENT);

        Reply byAdmin = invoke(function, asAdmin(withBody(ADMIN_STATUS, Map.of("status", "EXPIRED", "reason", "too slow"))));
        Reply byCustomer = invoke(function, asCustomer(withBody(CHANGE_STATUS, Map.of("status", "EXPIRED"))));

        assertForbidden(byAdmin, "ADMINISTRATOR", "EXPIRED");
        assertForbidden(byCustomer, "CUSTOMER", "EXPIRED");
        assertEquals(OrderStatus.AWAITING_PAYMENT, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());

        // The fixture checked it out in January 2026: by June its window has long ended.
        assertEquals(List.of(SAMPLE_ORDER), fx.sweep(30, Instant.parse("2026-06-01T00:00:00Z")).expired());
        Reply cancel = invoke(function, asCustomer(withBody(CHANGE_STATUS, Map.of("status", "CANCELLED"))));

        assertEquals(409, cancel.status(), cancel.response().getBody());
        assertEquals("urn:order-service:problem:illegal-transition", cancel.json().get("type"));
        assertEquals("EXPIRED", cancel.json().get("currentStatus"));
        assertEquals(OrderStatus.EXPIRED, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());
    }

    private static APIGatewayV2HTTPEvent asCustomer(APIGatewayV2HTTPEvent event) {
        return Api.as(event, SAMPLE_CUSTOMER, "orders");
    }

    private static void assertForbidden(Reply reply, String role, String target) {
        assertEquals(403, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("urn:order-service:problem:forbidden-transition", reply.json().get("type"));
        assertEquals(role, reply.json().get("role"));
        assertEquals(target, reply.json().get("target"));
    }
}
