package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doCallRealMethod;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.orders.application.Rounds;
import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.application.port.WriteConflictException;
import dev.orders.core.feed.CursorCodec;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.NewLine;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Transaction;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** Dynoxide serialises transactions and never reports a conflict: the fault is injected here. */
class WriteConflictTest {
    private static final Order CURRENT =
            new Order("o-1", "c-1", OrderStatus.CREATED, 1, 100, "EUR", 0, 0, LineStatuses.pending(1), Instant.EPOCH, Instant.EPOCH);

    private final DynamoDbClient client = mock(DynamoDbClient.class);
    private final OrdersTable table = new OrdersTable(client, "orders");
    private final ProcessedRecords records = new ProcessedRecords(table, Clock.systemUTC());
    private final DynamoDbOrderStore store = new DynamoDbOrderStore(table,
            new OrderReads(table, new CursorCodec("0123456789abcdef0123".getBytes(StandardCharsets.UTF_8))),
            new ProductCatalog(table, Clock.systemUTC()), records, new ProcessedRequestCodec(records, Clock.systemUTC()));

    @BeforeEach
    @SuppressWarnings("unchecked")
    void everyTransactionConflicts() {
        doCallRealMethod().when(client).transactWriteItems(any(Consumer.class));
        when(client.transactWriteItems(any(TransactWriteItemsRequest.class))).thenThrow(
                TransactionCanceledException.builder().message("Transaction cancelled")
                        .cancellationReasons(
                                CancellationReason.builder().code("TransactionConflict").build(),
                                CancellationReason.builder().code("None").build())
                        .build());
    }

    @Test
    void aTransactionConflictIsTriedAgainAndThenReportedAsRetryableNotAsABusinessOutcome() {
        Optional<ProcessedRequest> record = Optional.of(new ProcessedRequest.PaymentEventHandled(new PaymentEvent("evt_1",
                PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, "o-1", Optional.of("pay_1"), 100, "EUR"),
                PaymentOutcome.APPLIED));

        OrderStep paid = OrderStep.of(CURRENT, CURRENT.next(OrderStatus.PAID, 100, 0, Instant.EPOCH),
                new OrderChange.PaymentCaptured(OrderStatus.CREATED, OrderStatus.PAID, 100, "EUR", Optional.of("evt_1"),
                        Optional.of("pay_1"), Optional.empty()));
        assertThrows(WriteConflictException.class, () -> store.commit(paid, "webhook:payments", record));
        verify(client, times(Transaction.ATTEMPTS)).transactWriteItems(any(TransactWriteItemsRequest.class));
        OrderAggregate placed = new NewOrder("c-1", "EUR", List.of(new NewLine("A", "A", 1, 1)))
                .place("o-2", List.of("i-1"), Instant.EPOCH);
        assertThrows(WriteConflictException.class,
                () -> store.create(placed, OrderEvent.created(placed, "ops"), List.of(), Optional.empty()));
        verify(client, times(2 * Transaction.ATTEMPTS)).transactWriteItems(any(TransactWriteItemsRequest.class));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aStatusChangeThatKeepsConflictingReadsTheRootOncePerRoundAndGivesUpAfterTheLastRound() {
        doCallRealMethod().when(client).getItem(any(Consumer.class));
        when(client.getItem(any(GetItemRequest.class)))
                .thenReturn(GetItemResponse.builder().item(OrderCodec.encodeRoot(CURRENT, 1)).build());

        assertThrows(WriteConflictException.class, () -> new ChangeOrderStatus(store, Clock.systemUTC()).change(new StatusChangeRequest(Optional.of("c-1"),
                "o-1", OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(), "c-1", Optional.empty())));
        verify(client, times(Rounds.MAX)).getItem(any(GetItemRequest.class));
        verify(client, times(Rounds.MAX * Transaction.ATTEMPTS))
                .transactWriteItems(any(TransactWriteItemsRequest.class));
    }
}
