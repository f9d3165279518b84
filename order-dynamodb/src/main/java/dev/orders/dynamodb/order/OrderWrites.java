package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.core.order.Ids;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.LineDetails;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.NewItem;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderCreation;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderItem;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.Cancellation;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Rounds;
import dev.orders.dynamodb.table.Transaction;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Writes of whole orders: creation, and steps (status changes, payments), each with its event. Each is one
 * transaction; a processed record (an idempotency key, a payment event) may join it, and then the
 * write happens once for all deliveries of that request: the {@code ...Once} methods answer empty
 * when the record was already there.
 */
public record OrderWrites(OrdersTable table, OrderReads reads, ProcessedRecords records, Clock clock) {
    /** Writes the root, its first event (version 1, OrderCreated) and every line: all or nothing. */
    public OrderCreation create(String orderId, NewOrder newOrder, String actor) {
        return create(orderId, newItemIds(newOrder), newOrder, actor, Optional.empty()).orElseThrow();
    }

    /** As {@link #create(String, NewOrder, String)}, with the line ids chosen by the caller (seed data). */
    public OrderCreation create(String orderId, List<String> itemIds, NewOrder newOrder, String actor) {
        return create(orderId, itemIds, newOrder, actor, Optional.empty()).orElseThrow();
    }

    /** Creates the order together with {@code record}; empty when a live record holds its key. */
    public Optional<OrderCreation> createOnce(String orderId, NewOrder newOrder, String actor, ProcessedRecord record) {
        return create(orderId, newItemIds(newOrder), newOrder, actor, Optional.of(record));
    }

    private Optional<OrderCreation> create(String orderId, List<String> itemIds, NewOrder newOrder, String actor,
                                           Optional<ProcessedRecord> record) {
        Ids.orderId(orderId);
        if (itemIds.size() != newOrder.items().size()) {
            throw new IllegalArgumentException("one line id per line is needed");
        }
        Instant now = now();
        List<OrderItem> lines = new ArrayList<>();
        for (int i = 0; i < itemIds.size(); i++) {
            NewItem item = newOrder.items().get(i);
            lines.add(new OrderItem(orderId, newOrder.customerId(), Ids.itemId(itemIds.get(i)), item.sku(),
                    Optional.of(item.name()), item.quantity(), item.unitPrice(), ItemStatus.PENDING, now, now));
        }
        Order root = new Order(orderId, newOrder.customerId(), OrderStatus.CREATED, 1, newOrder.total(),
                newOrder.currency(), 0, 0, LineStatuses.pending(lines.size()), now, now);
        OrderEvent created = new OrderEvent(orderId, newOrder.customerId(), 1, now, actor, new OrderChange.OrderCreated(
                root.status(), root.total(), root.currency(), lines.stream().map(LineDetails::of).toList()));

        Transaction transaction = table.transaction()
                .putNew(RootChange.ROOT, OrderCodec.encodeRoot(root, table.statusShards()))
                .putNew("event 1", OrderCodec.encodeEvent(created, OrderCodec.eventId(orderId, 1)));
        lines.forEach(line -> transaction.putNew("line " + line.itemId(), OrderCodec.encodeItem(line)));
        record.ifPresent(r -> records.addTo(transaction, r));
        Optional<Cancellation> cancelled = transaction.commit();
        if (cancelled.isEmpty()) {
            return Optional.of(new OrderCreation.Created(new OrderAggregate(root, lines, List.of())));
        }
        if (record.isPresent() && cancelled.get().failed(ProcessedRecords.ACTION)) {
            return Optional.empty();
        }
        return Optional.of(new OrderCreation.OrderIdTaken(orderId));
    }

    /**
     * A status change as a client asks for it: refused before any read if the role may not make it or
     * the lines set that status; otherwise read the root, decide, and write on the condition that it is
     * still the version read. If another change came first, the move is decided again on the order as
     * it is now, where a version the client expected is stale.
     */
    public StatusChangeOutcome changeStatus(StatusChangeRequest request) {
        Optional<StatusChangeOutcome> refused = request.refusalBeforeRead();
        if (refused.isPresent()) {
            return refused.get();
        }
        return Rounds.untilDecided("status change of order " + request.orderId(), () -> {
            Optional<Order> found = request.customerId()
                    .map(customerId -> reads.findHeader(customerId, request.orderId()))
                    .orElseGet(() -> reads.findHeaderById(request.orderId()));
            if (found.isEmpty()) {
                return Optional.of(new StatusChangeOutcome.OrderNotFound());
            }
            Optional<StatusChangeOutcome> refusal = request.refusalFrom(found.get());
            if (refusal.isPresent()) {
                return refusal;
            }
            StatusChangeOutcome outcome = write(found.get(), request.step(found.get(), now()), request.actor(),
                    Optional.empty()).orElseThrow();
            // Raced by another change: the next round decides on the order as it is now (stale if a version was expected).
            return outcome instanceof StatusChangeOutcome.StaleVersion ? Optional.empty() : Optional.of(outcome);
        });
    }

    /**
     * Writes {@code step} of {@code read} (as the payment provider decided it) with {@code record}, the
     * provider's event processed: empty when the record was already there. Stale when the order changed
     * since it was read.
     */
    public Optional<StatusChangeOutcome> applyOnce(Order read, OrderStep step, String actor, ProcessedRecord record) {
        return write(read, step, actor, Optional.of(record));
    }

    /**
     * Commits {@code step} of {@code read}: the root moved to the step's status and amounts, its event,
     * and what {@code joined} adds, in one transaction on the condition that the root is still as read
     * (and, for a capture, that its total and currency are the amount captured), so a racing writer can
     * neither lose an update nor slip a change through. Empty when it committed.
     */
    Optional<Cancellation> commit(Order read, OrderStep step, String actor, Consumer<Transaction> joined) {
        RootChange root = RootChange.of(read, step.after().updatedAt()).to(step.after(), table.statusShards())
                .event(step.event(actor));
        if (step.change() instanceof OrderChange.PaymentCaptured captured) {
            root.requireTotal(captured.amount(), captured.currency());
        }
        Transaction transaction = root.addTo(table.transaction());
        joined.accept(transaction);
        return transaction.commit();
    }

    private Optional<StatusChangeOutcome> write(Order current, OrderStep step, String actor,
                                                Optional<ProcessedRecord> record) {
        Optional<Cancellation> cancelled = commit(current, step, actor,
                transaction -> record.ifPresent(r -> records.addTo(transaction, r)));
        if (cancelled.isEmpty()) {
            return Optional.of(new StatusChangeOutcome.Changed(step.after(), step.event(actor)));
        }
        if (record.isPresent() && cancelled.get().failed(ProcessedRecords.ACTION)) {
            return Optional.empty();
        }
        RootChange.requireLostRace(cancelled.get(), current);
        return Optional.of(cancelled.get().oldItem(RootChange.ROOT).map(OrderCodec::decodeRoot)
                .filter(order -> order.customerId().equals(current.customerId()))
                .<StatusChangeOutcome>map(order -> new StatusChangeOutcome.StaleVersion(order.version()))
                .orElseGet(StatusChangeOutcome.OrderNotFound::new));
    }

    private static List<String> newItemIds(NewOrder newOrder) {
        return newOrder.items().stream().map(item -> Ids.newItemId()).toList();
    }

    private Instant now() {
        return Timestamps.truncate(clock.instant());
    }
}
