package dev.orders.dynamodb.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doCallRealMethod;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.core.order.OrderStatus;
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
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mockito;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * On AWS a delivery racing another one may see a TransactionConflict; Dynoxide serialises
 * transactions and never reports one, so the conflict is injected once and the retry runs for real.
 */
@ExtendWith(DynamoDbExtension.class)
class ProcessPaymentEventTest {
    private Fixture fx;
    private DynamoDbClient client;
    private ProcessPaymentEvent processor;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        fx.seedSampleOrder();
        client = spy(table.client());
        OrdersTable conflicting = new OrdersTable(client, table.tableName());
        ProcessedRecords records = new ProcessedRecords(conflicting, fx.clock);
        processor = new ProcessPaymentEvent(new DynamoDbOrderStore(conflicting, new OrderReads(conflicting, fx.cursors),
                new ProductCatalog(conflicting, fx.clock), records, new ProcessedRequestCodec(records, fx.clock)), fx.clock,
                ProcessPaymentEvent.ACTOR);
    }

    private static PaymentEvent event(String id, String type) {
        return new PaymentEvent(id, PaymentEventType.of(type).orElseThrow(), 1_795_348_800L, Fixture.SAMPLE_ORDER,
                Optional.of(Fixture.SAMPLE_PAYMENT), 2 * 1250 + 899, "EUR");
    }

    @Test
    void aTransactionConflictOnTheStatusChangeIsRetriedAndAppliesOnce() {
        AtomicInteger calls = new AtomicInteger();
        Mockito.doAnswer(invocation -> {
            if (calls.getAndIncrement() == 0) {
                throw TransactionCanceledException.builder().message("cancelled").cancellationReasons(
                        CancellationReason.builder().code("TransactionConflict").build()).build();
            }
            return invocation.callRealMethod();
        }).when(client).transactWriteItems(any(TransactWriteItemsRequest.class));

        assertEquals(PaymentOutcome.APPLIED, processor.process(event("evt_c1", "payment.succeeded")).outcome());
        assertEquals(OrderStatus.PAID, fx.reads.findRootById(Fixture.SAMPLE_ORDER).orElseThrow().status());
        assertEquals(2, calls.get());
    }

    @Test
    void aConflictOnARecordWrittenAloneIsRetried() {
        Mockito.doThrow(TransactionConflictException.builder().message("conflict").build())
                .doCallRealMethod().when(client).putItem(any(PutItemRequest.class));
        doCallRealMethod().when(client).putItem(any(java.util.function.Consumer.class));

        PaymentEvent forNoOrder = new PaymentEvent("evt_c2", PaymentEventType.PAYMENT_FAILED, 1_795_348_800L,
                "o-missing", Optional.empty(), 100, "EUR");
        assertEquals(PaymentOutcome.ORDER_NOT_FOUND, processor.process(forNoOrder).outcome());
        assertEquals(PaymentOutcome.DUPLICATE, processor.process(forNoOrder).outcome());
        verify(client, times(3)).putItem(any(PutItemRequest.class));
    }
}
