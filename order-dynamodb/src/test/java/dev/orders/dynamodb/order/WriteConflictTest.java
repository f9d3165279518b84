package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doCallRealMethod;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.orders.core.feed.CursorCodec;
import dev.orders.core.order.NewItem;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Transaction;
import dev.orders.dynamodb.table.WriteConflictException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** DynamoDB Local serialises transactions and never reports a conflict: the fault is injected here. */
class WriteConflictTest {

    @Test
    @SuppressWarnings("unchecked")
    void aTransactionConflictIsTriedAgainAndThenReportedAsRetryableNotAsABusinessOutcome() {
        DynamoDbClient client = mock(DynamoDbClient.class);
        doCallRealMethod().when(client).transactWriteItems(any(Consumer.class));
        when(client.transactWriteItems(any(TransactWriteItemsRequest.class))).thenThrow(
                TransactionCanceledException.builder().message("Transaction cancelled")
                        .cancellationReasons(
                                CancellationReason.builder().code("TransactionConflict").build(),
                                CancellationReason.builder().code("None").build())
                        .build());
        OrdersTable table = new OrdersTable(client, "orders");
        CursorCodec cursors = new CursorCodec("0123456789abcdef0123".getBytes(StandardCharsets.UTF_8));
        ProcessedRecords records = new ProcessedRecords(table, Clock.systemUTC());
        OrderWrites orders = new OrderWrites(table, new OrderReads(table, cursors), records, Clock.systemUTC());
        Order current = new Order("o-1", "c-1", OrderStatus.CREATED, 1, 100, "EUR", 1, Instant.EPOCH, Instant.EPOCH);
        ProcessedRecord record = records.record(Map.of(Keys.PK, s(Keys.webhookEventPk("evt_1")),
                Keys.SK, s(Keys.WEBHOOK_EVENT_SK)), EntityType.PAYMENT_EVENT, Map.of(), Duration.ofDays(1));

        assertThrows(WriteConflictException.class, () -> orders.changeStatusOnce(current, OrderStatus.PAID,
                "webhook:payments", "payment.succeeded", "evt_1", record));
        verify(client, times(Transaction.ATTEMPTS)).transactWriteItems(any(TransactWriteItemsRequest.class));
        assertThrows(WriteConflictException.class, () -> orders.create("o-2", new NewOrder("c-1", "EUR",
                List.of(new NewItem("A", "A", 1, 1))), "ops"));
        verify(client, times(2 * Transaction.ATTEMPTS)).transactWriteItems(any(TransactWriteItemsRequest.class));
    }
}
