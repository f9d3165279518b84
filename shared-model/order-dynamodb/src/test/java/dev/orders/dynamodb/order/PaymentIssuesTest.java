package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.ListingOrder;
import dev.orders.core.feed.InvalidCursorException;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.PaymentIssueResolutionOutcome;
import dev.orders.core.order.Role;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Open payment issues across orders, newest first from one index partition, and their resolution. */
@ExtendWith(DynamoDbExtension.class)
class PaymentIssuesTest {
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
    }

    /** An order of 100 EUR with an AMOUNT_MISMATCH issue for {@code eventId}. */
    private void orderWithIssue(String customerId, String orderId, String eventId) {
        fx.createOrder(customerId, orderId, 100);
        fx.processPaymentEvent.process(new PaymentEvent(eventId, PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, orderId,
                Optional.of("pay_" + eventId), 99, "EUR"));
    }

    private PaymentIssueResolutionOutcome resolve(String orderId, String eventId, Role role) {
        return fx.resolvePaymentIssue.resolve(new PaymentIssueResolution(orderId, eventId, role, "admin:ann", "refunded by hand"));
    }

    private List<OpenPaymentIssue> allOpen(int pageSize) {
        return allOpen(ListingOrder.NEWEST_FIRST, pageSize);
    }

    private List<OpenPaymentIssue> allOpen(ListingOrder order, int pageSize) {
        List<OpenPaymentIssue> issues = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            Page<OpenPaymentIssue> page = fx.issues.open(order, pageSize, cursor);
            assertTrue(page.items().size() <= pageSize);
            issues.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor.isPresent());
        return issues;
    }

    @Test
    void openIssuesOfEveryOrderAreListedNewestFirstPageByPage() {
        for (int i = 0; i < 5; i++) {
            orderWithIssue("c-" + i % 2, "o-" + i, "evt_" + i);
        }

        List<OpenPaymentIssue> open = allOpen(2);

        assertEquals(List.of("evt_4", "evt_3", "evt_2", "evt_1", "evt_0"),
                open.stream().map(OpenPaymentIssue::eventId).toList());
        OpenPaymentIssue newest = open.get(0);
        assertEquals("o-4", newest.orderId());
        assertEquals(Optional.of("c-0"), newest.customerId());
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH, newest.kind());
        assertEquals(99, newest.amount());
        assertEquals("EUR", newest.currency());
        PaymentIssue full = fx.reads.findAggregateById("o-4").orElseThrow().paymentIssues().get(0);
        assertEquals(new OpenPaymentIssue(full.orderId(), full.customerId(), full.eventId(), full.kind(), full.amount(),
                full.currency(), full.at()), newest);
    }

    /** The back office's queue: the oldest first, page by page; a cursor of one order is no cursor of the other. */
    @Test
    void openIssuesAreListedOldestFirstForAQueueAndEachOrdersCursorIsItsOwn() {
        for (int i = 0; i < 5; i++) {
            orderWithIssue("c-" + i % 2, "o-" + i, "evt_" + i);
        }

        assertEquals(List.of("evt_0", "evt_1", "evt_2", "evt_3", "evt_4"),
                allOpen(ListingOrder.OLDEST_FIRST, 2).stream().map(OpenPaymentIssue::eventId).toList());
        String newestCursor = fx.issues.open(ListingOrder.NEWEST_FIRST, 2, Optional.empty()).nextCursor().orElseThrow();
        assertThrows(InvalidCursorException.class,
                () -> fx.issues.open(ListingOrder.OLDEST_FIRST, 2, Optional.of(newestCursor)));
    }

    @Test
    void aResolutionIsOneEventOfTheOrderAndTakesTheIssueOffTheList() {
        orderWithIssue("c-1", "o-1", "evt_1");
        orderWithIssue("c-1", "o-2", "evt_2");
        long version = fx.reads.findRootById("o-1").orElseThrow().version();

        PaymentIssueResolutionOutcome.Resolved resolved = assertInstanceOf(PaymentIssueResolutionOutcome.Resolved.class,
                resolve("o-1", "evt_1", Role.ADMINISTRATOR));

        PaymentIssue.Resolution resolution = resolved.issue().resolution().orElseThrow();
        assertEquals("admin:ann", resolution.by());
        assertEquals("refunded by hand", resolution.note());
        assertEquals(new OrderChange.PaymentIssueResolved("evt_1", PaymentIssueKind.AMOUNT_MISMATCH, "refunded by hand"),
                resolved.event().orElseThrow().change());
        assertEquals(version + 1, resolved.event().orElseThrow().version());
        List<OrderEvent> events = fx.events("c-1", "o-1");
        assertEquals(resolved.event().orElseThrow(), events.get(events.size() - 1));
        assertEquals(version + 1, fx.reads.findRootById("o-1").orElseThrow().version());
        assertEquals(List.of(resolved.issue()), fx.reads.findAggregateById("o-1").orElseThrow().paymentIssues());
        assertEquals(List.of("evt_2"), allOpen(10).stream().map(OpenPaymentIssue::eventId).toList());
        assertTrue(!fx.raw(Keys.orderPk("o-1"), Keys.issueSk("evt_1")).containsKey(Keys.GSI2PK),
                "the resolved issue has left the index");
    }

    @Test
    void anIssueIsResolvedOnceAndTheSecondResolutionWritesNothing() {
        orderWithIssue("c-1", "o-1", "evt_1");
        resolve("o-1", "evt_1", Role.ADMINISTRATOR);
        long version = fx.reads.findRootById("o-1").orElseThrow().version();

        assertInstanceOf(PaymentIssueResolutionOutcome.AlreadyResolved.class, resolve("o-1", "evt_1", Role.ADMINISTRATOR));
        assertEquals(version, fx.reads.findRootById("o-1").orElseThrow().version());
    }

    @Test
    void twoAdministratorsResolvingAtOnceResolveItOnce() {
        orderWithIssue("c-1", "o-1", "evt_1");
        long version = fx.reads.findRootById("o-1").orElseThrow().version();

        List<PaymentIssueResolutionOutcome> outcomes = Race.run(2, i -> resolve("o-1", "evt_1", Role.ADMINISTRATOR));

        assertEquals(1, outcomes.stream().filter(PaymentIssueResolutionOutcome.Resolved.class::isInstance).count(),
                outcomes.toString());
        assertEquals(1, outcomes.stream().filter(PaymentIssueResolutionOutcome.AlreadyResolved.class::isInstance).count(),
                outcomes.toString());
        assertEquals(version + 1, fx.reads.findRootById("o-1").orElseThrow().version());
    }

    @Test
    void aCustomerMayNotResolveAndNothingIsRead() {
        assertEquals(new PaymentIssueResolutionOutcome.Forbidden(Role.CUSTOMER), resolve("o-none", "evt_1", Role.CUSTOMER));
        assertEquals(new PaymentIssueResolutionOutcome.Forbidden(Role.PAYMENT_PROVIDER),
                resolve("o-none", "evt_1", Role.PAYMENT_PROVIDER));
    }

    @Test
    void anUnknownOrderOrEventIsNotFound() {
        orderWithIssue("c-1", "o-1", "evt_1");
        assertEquals(new PaymentIssueResolutionOutcome.NotFound(), resolve("o-missing", "evt_1", Role.ADMINISTRATOR));
        assertEquals(new PaymentIssueResolutionOutcome.NotFound(), resolve("o-1", "evt_other", Role.ADMINISTRATOR));
    }

    @Test
    void aCursorOfAnotherListingIsRefused() {
        String historyCursor = fx.cursors.encode("history", "1");
        assertThrows(InvalidCursorException.class, () -> fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.of(historyCursor)));
    }
}
