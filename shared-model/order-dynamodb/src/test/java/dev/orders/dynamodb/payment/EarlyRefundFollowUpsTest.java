package dev.orders.dynamodb.payment;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_PAYMENT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.spy;

import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.dynamodb.order.DynamoDbOrderStore;
import dev.orders.dynamodb.order.OrderReads;
import dev.orders.dynamodb.order.ProcessedRequestCodec;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mockito;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The early refunds a capture's transaction could not hold, recorded by follow-up steps on the engine: by the
 * delivery of the capture, or, where it died after the capture committed (injected: a function's death is no fault
 * the engine can produce), by its redelivery or the order's next event; each once, in order, even under races.
 */
@ExtendWith(DynamoDbExtension.class)
class EarlyRefundFollowUpsTest {
    private static final long TOTAL = 2 * 1250 + 899;
    private static final int EARLY = 120;
    private static final PaymentEvent CAPTURE = event("evt_capture", PaymentEventType.PAYMENT_SUCCEEDED, TOTAL);

    private Fixture fx;
    private TestTable table;

    @BeforeEach
    void setUp(TestTable table) {
        this.table = table;
        fx = new Fixture(table);
        fx.seedSampleOrder();
        IntStream.range(0, EARLY).forEach(i -> assertEquals(PaymentOutcome.PAYMENT_ISSUE,
                fx.processPaymentEvent.process(event(refundId(i), PaymentEventType.REFUND_SUCCEEDED, 1)).outcome()));
    }

    @Test
    void aRedeliveryOfACaptureWhoseFunctionDiedAfterItCommittedRecordsTheEarlyRefundsLeft() {
        assertThrows(SdkClientException.class, () -> dyingAfterTransactions(1).process(CAPTURE));
        assertEquals(48, root().refundedAmount(), "the capture committed with the refunds it holds, no follow-up");

        assertEquals(PaymentOutcome.DUPLICATE, fx.processPaymentEvent.process(CAPTURE).outcome());

        assertEveryEarlyRefundRecordedOnceAfterTheCapture();
        assertEquals(PaymentOutcome.DUPLICATE, fx.processPaymentEvent.process(CAPTURE).outcome());
        assertEquals(1 + EARLY + 1 + EARLY, root().version(), "a second redelivery changes nothing");
    }

    @Test
    void theOrdersNextRefundAfterACaptureCutOffMidwayComesAfterEveryEarlyRefund() {
        assertThrows(SdkClientException.class, () -> dyingAfterTransactions(2).process(CAPTURE));
        assertEquals(48 + 49, root().refundedAmount(), "the capture and one follow-up");

        assertEquals(PaymentOutcome.APPLIED, fx.processPaymentEvent.process(event("evt_late",
                PaymentEventType.REFUND_SUCCEEDED, 100)).outcome());

        List<OrderEvent> log = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER);
        OrderEvent last = log.get(log.size() - 1);
        assertEquals(List.of("RefundRecorded", "evt_late", (long) EARLY + 100),
                List.of(last.type(), last.change().data().get("paymentEventId"), last.change().data().get("refundedAmount")));
        assertEquals(EARLY + 100, root().refundedAmount());
        assertTrue(issues().stream().allMatch(PaymentIssue::isSettled));
    }

    @Test
    void concurrentDeliveriesOfTheCaptureRecordItAndEachEarlyRefundOnce() throws Exception {
        int deliveries = 4;
        ExecutorService pool = Executors.newFixedThreadPool(deliveries);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<PaymentOutcome>> outcomes = new ArrayList<>();
        try {
            for (int i = 0; i < deliveries; i++) {
                outcomes.add(pool.submit(() -> {
                    start.await();
                    return fx.processPaymentEvent.process(CAPTURE).outcome();
                }));
            }
            start.countDown();
            List<PaymentOutcome> answered = new ArrayList<>();
            for (Future<PaymentOutcome> outcome : outcomes) {
                answered.add(outcome.get());
            }
            assertEquals(1, answered.stream().filter(PaymentOutcome.APPLIED::equals).count(), answered.toString());
            assertEquals(deliveries - 1, answered.stream().filter(PaymentOutcome.DUPLICATE::equals).count());
        } finally {
            pool.shutdownNow();
        }
        assertEveryEarlyRefundRecordedOnceAfterTheCapture();
    }

    private void assertEveryEarlyRefundRecordedOnceAfterTheCapture() {
        Order order = root();
        assertEquals(List.of(OrderStatus.PAID, TOTAL, (long) EARLY), List.of(order.status(), order.capturedAmount(),
                order.refundedAmount()));
        List<OrderEvent> log = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER);
        assertEquals(LongStream.rangeClosed(1, order.version()).boxed().toList(),
                log.stream().map(OrderEvent::version).toList());
        List<OrderEvent> after = log.subList(1 + EARLY, log.size());
        assertEquals("PaymentCaptured", after.get(0).type());
        assertEquals(IntStream.range(0, EARLY).mapToObj(EarlyRefundFollowUpsTest::refundId).toList(),
                after.subList(1, after.size()).stream().map(event -> event.change().data().get("paymentEventId")).toList());
        assertTrue(issues().stream().allMatch(PaymentIssue::isSettled));
    }

    /** The payment webhook's use case on a client that dies (as the function would) after {@code transactions} commits. */
    private ProcessPaymentEvent dyingAfterTransactions(int transactions) {
        DynamoDbClient client = spy(table.client());
        AtomicInteger committed = new AtomicInteger();
        Mockito.doAnswer(invocation -> {
            if (committed.getAndIncrement() == transactions) {
                throw SdkClientException.create("the function died");
            }
            return invocation.callRealMethod();
        }).when(client).transactWriteItems(any(TransactWriteItemsRequest.class));
        OrdersTable dying = new OrdersTable(client, table.tableName());
        ProcessedRecords records = new ProcessedRecords(dying, fx.clock);
        return new ProcessPaymentEvent(new DynamoDbOrderStore(dying, new OrderReads(dying, fx.cursors),
                new ProductCatalog(dying, fx.clock), records, new ProcessedRequestCodec(records, fx.clock)), fx.clock,
                ProcessPaymentEvent.ACTOR);
    }

    private Order root() {
        return fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
    }

    private List<PaymentIssue> issues() {
        return fx.reads.findAggregateById(SAMPLE_ORDER).orElseThrow().paymentIssues();
    }

    private static String refundId(int i) {
        return String.format("evt_r%03d", i);
    }

    private static PaymentEvent event(String id, PaymentEventType type, long amount) {
        return new PaymentEvent(id, type, 1_795_348_800L, SAMPLE_ORDER, Optional.of(SAMPLE_PAYMENT), amount, "EUR");
    }
}
