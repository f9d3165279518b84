package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_OTHER_ITEM;
import static dev.orders.http.support.Api.as;
import static dev.orders.http.support.Api.asAdmin;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withPath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.Caller;
import dev.orders.http.support.Api.Reply;
import dev.orders.testsupport.Race;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Many clients changing one order at the same instant, through the handler, against Dynoxide. */
class ChangeOrderConcurrencyTest extends SampleOrderTest {
    private static final int RACERS = 50;

    @Test
    void ofFiftyChangesWithTheSameExpectedVersionExactlyOneWinsAndHistoryHasNoGaps() {
        List<OrderStatus> steps = List.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.IN_FULFILLMENT);
        for (int round = 0; round < steps.size(); round++) {
            long expected = round + 1;
            OrderStatus target = steps.get(round);
            // An administrator's moves: the customer may not pay or fulfil its own order.
            List<Reply> replies = Race.run(RACERS, i -> invoke(function, asAdmin(withBody(ADMIN_STATUS,
                    Map.of("status", target.name(), "expectedVersion", expected, "reason", "race")))));

            assertEquals(1, replies.stream().filter(r -> r.status() == 200).count(), "winners of round " + expected);
            for (Reply loser : replies.stream().filter(r -> r.status() != 200).toList()) {
                assertEquals(409, loser.status(), loser.response().getBody());
                assertEquals("application/problem+json", loser.contentType());
            }
            Order order = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
            assertEquals(expected + 1, order.version());
            assertEquals(target, order.status());
        }

        List<OrderEvent> history = new ArrayList<>(fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 100,
                Optional.empty()).orElseThrow().items());
        Collections.reverse(history);
        assertEquals(List.of(1L, 2L, 3L, 4L), history.stream().map(OrderEvent::version).toList());
        assertEquals(List.of("OrderCreated", "OrderStatusChanged", "PaymentCaptured", "OrderStatusChanged"),
                history.stream().map(OrderEvent::type).toList());
        assertEquals(List.of(Map.of("from", "CREATED", "to", "AWAITING_PAYMENT", "reason", "race"),
                        Map.of("from", "AWAITING_PAYMENT", "to", "PAID", "amount", 2 * 1250 + 899L, "currency", "EUR",
                                "reason", "race"),
                        Map.of("from", "PAID", "to", "IN_FULFILLMENT", "reason", "race")),
                history.subList(1, 4).stream().map(event -> event.change().data()).toList());
    }

    @Test
    void racingAddsAndDeletesKeepTotalAndItemCountEqualToTheLines() {
        // Round 1: 24 adds, and each of the two seeded lines deleted by 3 racers at once.
        List<String> seeded = List.of(SAMPLE_ITEM, SAMPLE_OTHER_ITEM);
        List<Reply> first = Race.run(30, i -> i < 24 ? add(i) : delete(seeded.get(i % 2)));
        List<String> added = first.subList(0, 24).stream().filter(r -> r.status() == 201)
                .map(r -> (String) r.json().get("itemId")).toList();
        // Round 2: every line added in round 1 deleted by 2 racers, while 10 more are added.
        List<Reply> second = Race.run(2 * added.size() + 10,
                i -> i < 2 * added.size() ? delete(added.get(i / 2)) : add(100 + i));

        List<Reply> adds = new ArrayList<>(first.subList(0, 24));
        adds.addAll(second.subList(2 * added.size(), second.size()));
        List<Reply> deletes = new ArrayList<>(first.subList(24, 30));
        deletes.addAll(second.subList(0, 2 * added.size()));
        // 503: a transaction conflict that outlasted the retries, should DynamoDB report one.
        assertStatuses(adds, Set.of(201, 503));
        assertStatuses(deletes, Set.of(204, 404, 503));
        assertTrue(added.size() > 0, "no add succeeded in round 1");

        OrderAggregate aggregate = fx.reads.findAggregate(SAMPLE_CUSTOMER, SAMPLE_ORDER).orElseThrow();
        assertEquals(aggregate.items().stream().mapToLong(OrderLine::lineTotal).sum(), aggregate.order().total());
        assertEquals(aggregate.items().size(), aggregate.order().itemCount());
        // Every acknowledged add and delete is there exactly once: lines = seeded + 201s - 204s.
        long created = adds.stream().filter(r -> r.status() == 201).count();
        long deleted = deletes.stream().filter(r -> r.status() == 204).count();
        assertEquals(seeded.size() + created - deleted, aggregate.items().size());
    }

    @Test
    void eightAdministratorsPickingEightDifferentLinesOfOneOrderAtOnceAllSucceed() {
        OrderAggregate order = fx.createOrder(SAMPLE_CUSTOMER, "o-eight", 100, 200, 300, 400, 500, 600, 700, 800);
        fx.advance(SAMPLE_CUSTOMER, "o-eight", OrderStatus.PAID);
        List<String> lines = order.items().stream().map(OrderLine::itemId).toList();

        List<Reply> replies = Race.run(lines.size(), i -> invoke(function, as(variant(CHANGE_ITEM_STATUS, Map.of(
                "pathParameters", Map.of("orderId", "o-eight", "itemId", lines.get(i)),
                "body", "{\"status\":\"PICKED\"}")), "ops-" + i, Caller.ADMIN_SCOPE)));

        for (Reply reply : replies) {
            assertEquals(200, reply.status(), reply.response().getBody());
            assertEquals("PICKED", reply.json().get("itemStatus"));
        }
        OrderAggregate picked = fx.reads.findAggregate(SAMPLE_CUSTOMER, "o-eight").orElseThrow();
        assertEquals(Set.of(LineStatus.PICKED), picked.items().stream().map(OrderLine::itemStatus).collect(Collectors.toSet()));
        assertEquals(OrderStatus.IN_FULFILLMENT, picked.order().status());
        // Created, paid, eight picks, and the order following its first picked line: eleven versions, no gap.
        List<OrderEvent> history = fx.reads.history(SAMPLE_CUSTOMER, "o-eight", 100, Optional.empty()).orElseThrow().items();
        assertEquals(11, picked.order().version());
        assertEquals(List.of(11L, 10L, 9L, 8L, 7L, 6L, 5L, 4L, 3L, 2L, 1L),
                history.stream().map(OrderEvent::version).toList());
        assertEquals(8, history.stream().filter(event -> event.type().equals("OrderLineStatusChanged")).count());
        assertEquals(IntStream.range(0, 8).mapToObj(i -> "user:ops-" + i).collect(Collectors.toSet()),
                history.stream().filter(event -> event.type().equals("OrderLineStatusChanged"))
                        .map(OrderEvent::by).collect(Collectors.toSet()));
    }

    /** Adds one of the sample products, each priced by the catalogue. */
    private Reply add(int n) {
        String sku = Fixture.SAMPLE_PRODUCTS.get(n % Fixture.SAMPLE_PRODUCTS.size()).sku();
        return invoke(function, withBody(ADD_ITEM, Map.of("sku", sku, "quantity", 1 + n % 3)));
    }

    private Reply delete(String itemId) {
        return invoke(function, withPath(DELETE_ITEM, Map.of("customerId", SAMPLE_CUSTOMER, "orderId", SAMPLE_ORDER,
                "itemId", itemId)));
    }

    private static void assertStatuses(List<Reply> replies, Set<Integer> allowed) {
        for (Reply reply : replies) {
            assertTrue(allowed.contains(reply.status()), reply.status() + " " + reply.response().getBody());
        }
    }
}
