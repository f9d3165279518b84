package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.application.port.IdempotencyKey;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.RowChange;
import dev.orders.core.order.StockShortage;
import dev.orders.core.order.UnknownOrderRows;
import dev.orders.core.payment.PaymentRecords;
import dev.orders.core.product.Product;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.Cancellation;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Transaction;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The order store on the single table: the only code that turns a core's step into a transaction. A step
 * is one TransactWriteItems: the root updated on the condition that it is still the version read (every
 * change moves it, so whatever was decided from that read still holds), one event row per version, the
 * rows beside the root each on its own condition, and the processed request where no live one is.
 */
public record DynamoDbOrderStore(OrdersTable table, OrderReads reads, ProductCatalog products,
                                 ProcessedRecords records, ProcessedRequestCodec processed) implements OrderStore {
    private static final String ROW = "row ";
    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbOrderStore.class);

    @Override
    public Optional<Order> findRoot(String orderId) {
        return reads.findRootById(orderId);
    }

    @Override
    public Optional<OrderAggregate> findAggregate(String orderId) {
        return reads.findAggregateById(orderId);
    }

    @Override
    public PaymentRecords findPayments(String orderId) {
        return reads.findPayments(orderId);
    }

    /** One BatchGetItem of the product and the root. */
    @Override
    public LineContext findForLine(String orderId, String sku) {
        Map<String, AttributeValue> productKey = products.key(sku);
        Optional<Product> product = Optional.empty();
        Optional<Order> order = Optional.empty();
        for (Map<String, AttributeValue> item : table.batchGetItems(List.of(productKey, OrderCodec.rootKey(orderId)))) {
            if (item.get(Keys.PK).equals(productKey.get(Keys.PK))) {
                product = Optional.of(products.decode(item));
            } else {
                order = Optional.of(OrderCodec.decodeRoot(item));
            }
        }
        return new LineContext(order, product);
    }

    /** One BatchGetItem of the root and the issue. */
    @Override
    public IssueContext findIssue(String orderId, String eventId) {
        Optional<Order> root = Optional.empty();
        Optional<PaymentIssue> issue = Optional.empty();
        for (Map<String, AttributeValue> item : table.batchGetItems(List.of(OrderCodec.rootKey(orderId),
                PaymentIssueCodec.key(orderId, eventId)))) {
            if (Keys.ROOT_SK.equals(item.get(Keys.SK).s())) {
                root = Optional.of(OrderCodec.decodeRoot(item));
            } else {
                issue = Optional.of(PaymentIssueCodec.decode(item));
            }
        }
        return new IssueContext(root, issue);
    }

    @Override
    public Map<String, Product> findProducts(Collection<String> skus) {
        return products.find(skus);
    }

    @Override
    public Optional<KeyRecord> findKey(IdempotencyKey key) {
        return records.find(processed.key(key), EntityType.IDEMPOTENCY_KEY).map(processed::decodeKey);
    }

    /** The capture's processed record, kept for good, is keyed by its payment where the provider's refunds name only that. */
    @Override
    public Optional<String> findOrderOfPayment(String paymentId) {
        return records.find(processed.eventKey(paymentId), EntityType.PAYMENT_EVENT).flatMap(processed::orderOfCapture);
    }

    @Override
    public boolean recordAlone(ProcessedRequest.PaymentEventHandled handled) {
        return records.putAlone(processed.encode(handled));
    }

    /** The root, its first event, every line and its reservations of stock, all or nothing. */
    @Override
    public Creation create(OrderAggregate order, OrderEvent created, List<RowChange.StockReserved> reservations,
                           Optional<ProcessedRequest> request) {
        Order root = order.order();
        Transaction transaction = table.transaction()
                .putNew(RootChange.ROOT, OrderCodec.encodeRoot(root, table.statusShards()))
                .putNew("event 1", OrderCodec.encodeEvent(created, OrderCodec.eventId(root.orderId(), 1)));
        order.items().forEach(line -> transaction.putNew(ROW + line.itemId(), OrderCodec.encodeItem(line)));
        reservations.forEach(reservation -> products.addTo(transaction, reservation));
        request.ifPresent(r -> records.addTo(transaction, processed.encode(r)));
        Creation creation;
        if (!(transaction.commit() instanceof Transaction.Outcome.Cancelled cancelled)) {
            creation = new Creation.Created();
        } else if (request.isPresent() && cancelled.cancellation().failed(ProcessedRecords.ACTION)) {
            creation = new Creation.AlreadyProcessed();
        } else if (cancelled.cancellation().failed(RootChange.ROOT)) {
            creation = new Creation.OrderIdTaken();
        } else {
            creation = new Creation.OutOfStock(shortages(cancelled.cancellation(), reservations));
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("order {} v1 by {}: {}, {} lines{}: {}", root.orderId(), created.by(), describe(created),
                    order.items().size(), alongside(request), creation.getClass().getSimpleName());
        }
        return creation;
    }

    /**
     * The step's root change and events, its rows, and the processed request, in one transaction. A capture
     * also requires the root's total and currency to be the amount captured: it pays exactly what it was
     * compared with.
     */
    @Override
    public Commit commit(OrderStep step, String actor, Optional<ProcessedRequest> request) {
        RootChange root = RootChange.of(step.before(), step.after().updatedAt()).to(step.after(), table.statusShards());
        step.events(actor).forEach(root::event);
        step.changes().stream().filter(OrderChange.PaymentCaptured.class::isInstance)
                .map(OrderChange.PaymentCaptured.class::cast)
                .forEach(captured -> root.requireTotal(captured.amount(), captured.currency()));
        Transaction transaction = root.addTo(table.transaction());
        step.rows().forEach(row -> write(transaction, row));
        Commit commit = commit(transaction, request, step.rows());
        if (LOG.isDebugEnabled()) {
            LOG.debug("order {} v{} -> v{} by {}: {}{}: {}", step.before().orderId(), step.before().version(),
                    step.after().version(), actor, step.events(actor).stream().map(DynamoDbOrderStore::describe).toList(),
                    written(step.rows(), request), commit.getClass().getSimpleName());
        }
        return commit;
    }

    /**
     * The rows and the processed request in one transaction, with a check that no order has the id: the rows of
     * an order id that names none never land beside an order they were not decided on.
     */
    @Override
    public Commit commitWithoutOrder(UnknownOrderRows rows, Optional<ProcessedRequest> request) {
        Transaction transaction = table.transaction().requireAbsent(RootChange.ROOT, OrderCodec.rootKey(rows.orderId()));
        rows.rows().forEach(row -> write(transaction, row));
        Commit commit = commit(transaction, request, rows.rows());
        if (LOG.isDebugEnabled()) {
            LOG.debug("order id {}, which names no order:{}: {}", rows.orderId(), written(rows.rows(), request),
                    commit.getClass().getSimpleName());
        }
        return commit;
    }

    /** An event as the DEBUG line of its commit names it: type, version and data (the published contract). */
    private static String describe(OrderEvent event) {
        return event.type() + " v" + event.version() + " " + event.change().data();
    }

    /** The rows beside the root and the processed request a commit writes, by kind. */
    private static String written(List<RowChange> rows, Optional<ProcessedRequest> request) {
        return (rows.isEmpty() ? "" : " rows " + rows.stream().map(row -> row.getClass().getSimpleName()).toList())
                + alongside(request);
    }

    private static String alongside(Optional<ProcessedRequest> request) {
        return request.map(r -> " with " + r.getClass().getSimpleName()).orElse("");
    }

    /**
     * Commits {@code transaction} of {@code rows} with the processed request if any; a cancellation says which
     * condition failed.
     */
    private Commit commit(Transaction transaction, Optional<ProcessedRequest> request, List<RowChange> rows) {
        request.ifPresent(r -> records.addTo(transaction, processed.encode(r)));
        if (!(transaction.commit() instanceof Transaction.Outcome.Cancelled cancelled)) {
            return new Commit.Committed();
        }
        Cancellation cancellation = cancelled.cancellation();
        if (request.isPresent() && cancellation.failed(ProcessedRecords.ACTION)) {
            return new Commit.AlreadyProcessed();
        }
        if (cancellation.failed(RootChange.ROOT)) {
            return new Commit.RootChanged(cancellation.oldItem(RootChange.ROOT).map(OrderCodec::decodeRoot));
        }
        List<RowChange.StockReserved> reservations = rows.stream().filter(RowChange.StockReserved.class::isInstance)
                .map(RowChange.StockReserved.class::cast).toList();
        List<StockShortage> shortages = shortages(cancellation, reservations);
        return shortages.isEmpty() ? new Commit.RowChanged() : new Commit.OutOfStock(shortages);
    }

    /** The reservations whose condition failed, each with the units its product had available. */
    private static List<StockShortage> shortages(Cancellation cancellation, List<RowChange.StockReserved> reservations) {
        return reservations.stream()
                .filter(reservation -> cancellation.failed(ProductCatalog.stockAction(reservation.sku())))
                .map(reservation -> new StockShortage(reservation.sku(), reservation.quantity(),
                        cancellation.oldItem(ProductCatalog.stockAction(reservation.sku()))
                                .map(ProductCatalog::available).orElse(0L)))
                .toList();
    }

    private void write(Transaction transaction, RowChange row) {
        if (row instanceof RowChange.LineAdded added) {
            transaction.putNew(ROW + added.line().itemId(), OrderCodec.encodeItem(added.line()));
        } else if (row instanceof RowChange.LineRemoved removed) {
            OrderLine line = removed.line();
            transaction.delete(ROW + line.itemId(), OrderCodec.itemKey(line.orderId(), line.itemId()),
                    "attribute_exists(#pk)", Map.of("#pk", Keys.PK), Map.of());
        } else if (row instanceof RowChange.LineStatusMoved moved) {
            OrderLine before = moved.before();
            transaction.update(ROW + before.itemId(), OrderCodec.itemKey(before.orderId(), before.itemId()),
                    "SET #itemStatus = :to, #updated = :now", "#itemStatus = :from",
                    Map.of("#itemStatus", OrderCodec.ITEM_STATUS, "#updated", OrderCodec.UPDATED_AT),
                    Map.of(":to", s(moved.after().itemStatus()), ":from", s(before.itemStatus()),
                            ":now", time(moved.after().updatedAt())));
        } else if (row instanceof RowChange.IssueOpened opened) {
            transaction.putNew(ROW + opened.issue().eventId(), PaymentIssueCodec.encodeNew(opened.issue()));
        } else if (row instanceof RowChange.IssueRefunded refunded) {
            PaymentIssue before = refunded.before();
            PaymentIssue after = refunded.after();
            // Settled, the issue leaves the open-issues queue: its index attributes go.
            IndexAttributes.Removal leaveQueue = after.isOpen() ? IndexAttributes.Removal.NONE
                    : IndexAttributes.ofClosedIssue();
            PaymentIssueCodec.RefundsUpdate update = PaymentIssueCodec.refundsUpdate(before.refunds(), after.refunds(),
                    leaveQueue);
            transaction.update(ROW + before.eventId(), PaymentIssueCodec.key(before.orderId(), before.eventId()),
                    update.expression(), update.condition(), update.names(), update.values());
        } else if (row instanceof RowChange.IssueResolved resolved) {
            PaymentIssue issue = resolved.resolved();
            PaymentIssue.Resolution resolution = issue.resolution().orElseThrow();
            // Resolved, the issue leaves the open-issues queue: its index attributes go.
            IndexAttributes.Removal leaveQueue = IndexAttributes.ofClosedIssue();
            Map<String, String> names = new HashMap<>(leaveQueue.names());
            names.putAll(Map.of("#pk", Keys.PK, "#resolvedAt", PaymentIssueCodec.RESOLVED_AT,
                    "#resolvedBy", PaymentIssueCodec.RESOLVED_BY, "#note", PaymentIssueCodec.NOTE));
            transaction.update(ROW + issue.eventId(), PaymentIssueCodec.key(issue.orderId(), issue.eventId()),
                    "SET #resolvedAt = :at, #resolvedBy = :by, #note = :note " + leaveQueue.clause(),
                    "attribute_exists(#pk) AND attribute_not_exists(#resolvedAt)", names,
                    Map.of(":at", time(resolution.at()), ":by", s(resolution.by()), ":note", s(resolution.note())));
        } else if (row instanceof RowChange.StockReserved || row instanceof RowChange.StockReleased
                || row instanceof RowChange.StockSold) {
            products.addTo(transaction, row);
        } else {
            throw new IllegalArgumentException("no write for " + row);
        }
    }
}
