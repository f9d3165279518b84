package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * A change that names the version it expects applies only at that version; at any other it is
 * StaleVersion with the current one and writes nothing, also when it lost a race after reading.
 * Without an expected version a change that lost a race is decided again on the order as it is now.
 */
@ExtendWith(DynamoDbExtension.class)
class ExpectedVersionTest {
    private Fixture fx;
    private String first;
    private String second;

    @BeforeEach
    void anOrderOfTwoLines(TestTable table) {
        fx = new Fixture(table);
        fx.putProduct("TEA", 499);
        List<OrderLine> lines = fx.createOrder("c-1", "o-1", 1250, 899).items();
        first = lines.get(0).itemId();
        second = lines.get(1).itemId();
    }

    @Test
    void aLineAdditionAppliesAtTheCurrentVersionAndIsStaleAtAnEarlierOne() {
        assertInstanceOf(LineChangeOutcome.Added.class, add(fx, Optional.of(1L)));
        List<Map<String, AttributeValue>> before = partition();

        assertEquals(new LineChangeOutcome.StaleVersion(2), add(fx, Optional.of(1L)));

        assertEquals(before, partition());
    }

    @Test
    void aLineRemovalAppliesAtTheCurrentVersionAndIsStaleAtAnEarlierOne() {
        assertInstanceOf(LineChangeOutcome.Removed.class, remove(fx, first, Optional.of(1L)));
        List<Map<String, AttributeValue>> before = partition();

        assertEquals(new LineChangeOutcome.StaleVersion(2), remove(fx, second, Optional.of(1L)));

        assertEquals(before, partition());
    }

    @Test
    void aLineStatusAppliesAtTheCurrentVersionAndIsStaleAtAnEarlierOne() {
        fx.advance("c-1", "o-1", OrderStatus.PAID);
        assertInstanceOf(LineChangeOutcome.StatusChanged.class, pick(fx, first, Optional.of(2L)));
        List<Map<String, AttributeValue>> before = partition();

        assertEquals(new LineChangeOutcome.StaleVersion(4), pick(fx, second, Optional.of(2L)));

        assertEquals(before, partition());
    }

    @Test
    void aLineAdditionAtTheVersionItReadThatLostTheRaceIsStaleAndNotTriedAgain(TestTable table) {
        Late late = losingTheFirstWriteTo(table, () -> remove(fx, first, Optional.empty()));

        assertEquals(new LineChangeOutcome.StaleVersion(2), add(late.fixture(), Optional.of(1L)));

        late.assertTransactionsSent(1);
        assertEquals(List.of("OrderCreated", "OrderLineRemoved"), types());
        assertEquals(1, fx.reads.findRootById("o-1").orElseThrow().itemCount());
    }

    @Test
    void aLineStatusAtTheVersionItReadThatLostTheRaceIsStaleAndNotTriedAgain(TestTable table) {
        fx.advance("c-1", "o-1", OrderStatus.PAID);
        Late late = losingTheFirstWriteTo(table, () -> pick(fx, first, Optional.empty()));

        assertEquals(new LineChangeOutcome.StaleVersion(4), pick(late.fixture(), second, Optional.of(2L)));

        late.assertTransactionsSent(1);
        assertEquals(LineStatus.PENDING, fx.reads.findLine("c-1", "o-1", second).orElseThrow().itemStatus());
        assertEquals(List.of("OrderCreated", "PaymentCaptured", "OrderLineStatusChanged", "OrderStatusChanged"),
                types());
    }

    @Test
    void aStatusChangeAtTheVersionItReadThatLostTheRaceIsStaleAndNotTriedAgain(TestTable table) {
        Late late = losingTheFirstWriteTo(table, () -> add(fx, Optional.empty()));

        assertEquals(new StatusChangeOutcome.StaleVersion(2),
                late.fixture().changeOrderStatus.change(checkout(Optional.of(1L))));

        late.assertTransactionsSent(1);
        assertEquals(OrderStatus.CREATED, fx.reads.findRootById("o-1").orElseThrow().status());
        assertEquals(List.of("OrderCreated", "OrderLineAdded"), types());
    }

    @Test
    void aLineAdditionWithoutAnExpectedVersionThatLostTheRaceIsDecidedAgainAndApplied(TestTable table) {
        Late late = losingTheFirstWriteTo(table, () -> remove(fx, first, Optional.empty()));

        assertInstanceOf(LineChangeOutcome.Added.class, add(late.fixture(), Optional.empty()));

        late.assertTransactionsSent(2);
        assertEquals(List.of("OrderCreated", "OrderLineRemoved", "OrderLineAdded"), types());
        assertEquals(899 + 499, fx.reads.findRootById("o-1").orElseThrow().total());
    }

    @Test
    void aStatusChangeWithoutAnExpectedVersionThatLostTheRaceIsDecidedAgainAndApplied(TestTable table) {
        Late late = losingTheFirstWriteTo(table, () -> add(fx, Optional.empty()));

        StatusChangeOutcome outcome = late.fixture().changeOrderStatus.change(checkout(Optional.empty()));

        assertEquals(3, assertInstanceOf(StatusChangeOutcome.Changed.class, outcome).order().version());
        late.assertTransactionsSent(2);
        assertEquals(List.of("OrderCreated", "OrderLineAdded", "OrderStatusChanged"), types());
        assertEquals(1250 + 899 + 499, fx.reads.findRootById("o-1").orElseThrow().total());
    }

    /**
     * A fixture whose changes go through a spy of the table's client: its first transaction is sent only
     * after {@code rival} committed, so the change it carries read the order before the rival and
     * writes after it.
     */
    private static Late losingTheFirstWriteTo(TestTable table, Runnable rival) {
        DynamoDbClient client = spy(table.client());
        AtomicBoolean first = new AtomicBoolean(true);
        doAnswer(invocation -> {
            if (first.getAndSet(false)) {
                rival.run();
            }
            return invocation.callRealMethod();
        }).when(client).transactWriteItems(any(TransactWriteItemsRequest.class));
        return new Late(new Fixture(new TestTable(table.tableName(), client)), client);
    }

    /** The fixture of the change that loses the race, and its client. */
    private record Late(Fixture fixture, DynamoDbClient client) {
        /** One transaction lost, and one more only if the change decided again to write. */
        void assertTransactionsSent(int transactions) {
            verify(client, times(transactions)).transactWriteItems(any(TransactWriteItemsRequest.class));
        }
    }

    private static LineChangeOutcome add(Fixture fixture, Optional<Long> expectedVersion) {
        return fixture.addLine.add("c-1", "o-1", new LineRequest("TEA", 1), expectedVersion, Optional.empty(), "customer:c-1");
    }

    private static LineChangeOutcome remove(Fixture fixture, String itemId, Optional<Long> expectedVersion) {
        return fixture.removeLine.remove("c-1", "o-1", itemId, expectedVersion, "customer:c-1");
    }

    private static LineChangeOutcome pick(Fixture fixture, String itemId, Optional<Long> expectedVersion) {
        return fixture.changeLineStatus.change(Role.ADMINISTRATOR, "o-1", itemId, LineStatus.PICKED,
                expectedVersion, "admin:ann");
    }

    private static StatusChangeRequest checkout(Optional<Long> expectedVersion) {
        return new StatusChangeRequest(Optional.of("c-1"), "o-1", OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER,
                expectedVersion, "customer:c-1", Optional.empty());
    }

    /** The types of the order's events, oldest first, after checking they are versions 1..n and the root is at n. */
    private List<String> types() {
        List<OrderEvent> events = fx.events("c-1", "o-1");
        assertEquals(LongStream.rangeClosed(1, events.size()).boxed().toList(),
                events.stream().map(OrderEvent::version).toList());
        assertEquals(events.size(), fx.reads.findRootById("o-1").orElseThrow().version());
        return events.stream().map(OrderEvent::type).toList();
    }

    private List<Map<String, AttributeValue>> partition() {
        return fx.partition(Keys.orderPk("o-1"));
    }
}
