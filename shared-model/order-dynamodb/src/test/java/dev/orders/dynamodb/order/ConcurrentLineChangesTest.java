package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Changes of different lines commute: released at the same instant, each one that loses the race to
 * the order's version decides again on the order as it is now, and all of them apply, one event each.
 * Changes that do not commute still refuse what they find.
 */
@ExtendWith(DynamoDbExtension.class)
class ConcurrentLineChangesTest {
    private static final int RACERS = 8;

    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
    }

    @Test
    void eightAdministratorsPickingEightDifferentLinesOfAPaidOrderAtOnceAllSucceed() {
        List<String> lines = fx.createOrder("c-1", "o-1", 100, 200, 300, 400, 500, 600, 700, 800).items().stream()
                .map(OrderLine::itemId).toList();
        fx.advance("c-1", "o-1", OrderStatus.PAID);
        long start = header().version();

        List<LineChangeOutcome> outcomes = Race.run(RACERS, i -> fx.changeLineStatus.change(Role.ADMINISTRATOR, "o-1",
                lines.get(i), LineStatus.PICKED, Optional.empty(), "admin:" + i));

        outcomes.forEach(outcome -> assertInstanceOf(LineChangeOutcome.StatusChanged.class, outcome));
        List<OrderEvent> raced = eventsAfter(start);
        List<OrderChange.OrderLineStatusChanged> picks = raced.stream().map(OrderEvent::change)
                .filter(OrderChange.OrderLineStatusChanged.class::isInstance)
                .map(OrderChange.OrderLineStatusChanged.class::cast).toList();
        List<OrderChange> follows = raced.stream().map(OrderEvent::change)
                .filter(change -> !(change instanceof OrderChange.OrderLineStatusChanged)).toList();
        assertEquals(RACERS, picks.size());
        assertEquals(Set.copyOf(lines),
                picks.stream().map(OrderChange.OrderLineStatusChanged::itemId).collect(Collectors.toSet()),
                "one event per line");
        assertTrue(picks.stream().allMatch(pick -> pick.from() == LineStatus.PENDING && pick.to() == LineStatus.PICKED));
        assertEquals(List.of(new OrderChange.OrderStatusChanged(OrderStatus.PAID, OrderStatus.IN_FULFILLMENT,
                Optional.of(LineTransitions.FOLLOWS_LINES), Optional.empty())), follows, "the first pick moved the order");
        Order order = header();
        assertEquals(start + picks.size() + follows.size(), order.version());
        assertEquals(OrderStatus.IN_FULFILLMENT, order.status());
        assertEquals(Collections.nCopies(RACERS, LineStatus.PICKED), fx.reads.findAggregateById("o-1").orElseThrow()
                .items().stream().map(OrderLine::itemStatus).toList());
    }

    @Test
    void eightLineAdditionsToOneOrderAtOnceAllSucceedAndTheTotalIsTheirSum() {
        fx.createOrder("c-1", "o-1", 1000);
        List<Long> prices = IntStream.range(0, RACERS).mapToObj(i -> 100L * (i + 1) + i).toList();
        for (int i = 0; i < RACERS; i++) {
            fx.putProduct("P-" + i, prices.get(i));
        }

        List<LineChangeOutcome> outcomes = Race.run(RACERS, i -> fx.addLine.add("c-1", "o-1",
                new LineRequest("P-" + i, 1), Optional.empty(), Optional.empty(), "customer:c-1"));

        outcomes.forEach(outcome -> assertInstanceOf(LineChangeOutcome.Added.class, outcome));
        long total = 1000 + prices.stream().mapToLong(Long::longValue).sum();
        Order order = header();
        assertEquals(total, order.total());
        assertEquals(1 + RACERS, order.itemCount());
        assertEquals(1 + RACERS, fx.reads.findAggregateById("o-1").orElseThrow().items().size());
        List<OrderChange.OrderLineAdded> added = eventsAfter(1).stream()
                .map(event -> assertInstanceOf(OrderChange.OrderLineAdded.class, event.change())).toList();
        assertEquals(RACERS, added.size());
        assertEquals(IntStream.rangeClosed(2, 1 + RACERS).boxed().toList(),
                added.stream().map(OrderChange.OrderLineAdded::itemCount).toList(),
                "each event counts the lines after it");
        long running = 1000;
        for (OrderChange.OrderLineAdded event : added) {
            running += event.line().lineTotal();
            assertEquals(running, event.total(), "each event's total is the one before it plus its line");
        }
    }

    @Test
    void twoRemovalsOfTheSameLineAtOnceRemoveItOnceAndTheOtherFindsItGone() {
        String mug = fx.createOrder("c-1", "o-1", 1250, 499).items().get(0).itemId();

        List<LineChangeOutcome> outcomes = Race.run(2, i -> fx.removeLine.remove("c-1", "o-1", mug, Optional.empty(),
                "customer:c-1"));

        assertEquals(Set.of(LineChangeOutcome.Removed.class, LineChangeOutcome.LineNotFound.class),
                outcomes.stream().map(Object::getClass).collect(Collectors.toSet()));
        Order order = header();
        assertEquals(499, order.total());
        assertEquals(1, order.itemCount());
        assertEquals(List.of("OrderLineRemoved"), eventsAfter(1).stream().map(OrderEvent::type).toList());
    }

    @Test
    void twoLineAdditionsAtTheSameExpectedVersionAtOnceAddOneLineAndTheOtherIsStale() {
        fx.createOrder("c-1", "o-1", 1000);
        fx.putProduct("TEA", 499);

        List<LineChangeOutcome> outcomes = Race.run(2, i -> fx.addLine.add("c-1", "o-1", new LineRequest("TEA", 1),
                Optional.of(1L), Optional.empty(), "customer:c-1"));

        assertEquals(1, outcomes.stream().filter(LineChangeOutcome.Added.class::isInstance).count(),
                outcomes::toString);
        assertEquals(1, outcomes.stream().filter(new LineChangeOutcome.StaleVersion(2)::equals).count(),
                outcomes::toString);
        assertEquals(1000 + 499, header().total());
        assertEquals(List.of("OrderLineAdded"), eventsAfter(1).stream().map(OrderEvent::type).toList());
    }

    /**
     * The events after version {@code start}, oldest first, once checked that the log runs 1..n without
     * gaps, that the root is at n, and that the partition holds exactly n event rows.
     */
    private List<OrderEvent> eventsAfter(long start) {
        List<OrderEvent> events = fx.events("c-1", "o-1");
        assertEquals(LongStream.rangeClosed(1, events.size()).boxed().toList(),
                events.stream().map(OrderEvent::version).toList());
        assertEquals(events.size(), header().version());
        assertEquals(events.size(), fx.partition(Keys.orderPk("o-1")).stream()
                .filter(row -> row.get(Keys.SK).s().startsWith(Keys.EVENT_PREFIX)).count());
        return events.subList((int) start, events.size());
    }

    private Order header() {
        return fx.reads.findRootById("o-1").orElseThrow();
    }
}
