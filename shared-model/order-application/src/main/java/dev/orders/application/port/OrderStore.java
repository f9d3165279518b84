package dev.orders.application.port;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.RowChange;
import dev.orders.core.order.StockShortage;
import dev.orders.core.order.UnknownOrderRows;
import dev.orders.core.payment.PaymentRecords;
import dev.orders.core.product.Product;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one port through which use cases read an order and commit what the core decided. Reads are
 * consistent; each is one request to the store. A commit writes the step's root, rows and events, and the
 * processed request if any, all or nothing, only while the root is still the version the step was decided
 * on.
 */
public interface OrderStore {
    /** The order's root (empty: no such order). */
    Optional<Order> findRoot(String orderId);

    /** The order with its lines and payment issues, in one read. */
    Optional<OrderAggregate> findAggregate(String orderId);

    /** The order's root and the product a line is priced from, in one read. */
    LineContext findForLine(String orderId, String sku);

    /** The order's root (if any) and the payment issues of its partition, in one read: what a payment event decides on. */
    PaymentRecords findPayments(String orderId);

    /**
     * The order a capture keyed by its payment {@code paymentId} was recorded for (on the order, or as its issue): how a
     * refund that names only the payment finds its order (Stripe's). Empty: no capture of it was recorded.
     */
    Optional<String> findOrderOfPayment(String paymentId);

    /** The order's root and its payment issue of the provider's event {@code eventId}, in one read. */
    IssueContext findIssue(String orderId, String eventId);

    /** The products of {@code skus} (distinct) that exist, by sku, in one read: what a new order is priced from. */
    Map<String, Product> findProducts(Collection<String> skus);

    /** The live record of a client's idempotency key (empty: none, or expired). */
    Optional<KeyRecord> findKey(IdempotencyKey key);

    /** Records a provider's event that changes no order, alone; false when a live record of it is there already. */
    boolean recordAlone(ProcessedRequest.PaymentEventHandled handled);

    /**
     * Writes a new order (its root, version 1 with {@code created}, its lines) and its {@code reservations} of
     * stock, with {@code processed} if given.
     */
    Creation create(OrderAggregate order, OrderEvent created, List<RowChange.StockReserved> reservations,
                    Optional<ProcessedRequest> processed);

    /** Commits {@code step} with its events made by {@code actor}, with {@code processed} if given. */
    Commit commit(OrderStep step, String actor, Optional<ProcessedRequest> processed);

    /**
     * Writes {@code rows} in the partition of an order id that names no order, with {@code processed} if given,
     * on the condition that no order has the id ({@link Commit.RootChanged} if one has).
     */
    Commit commitWithoutOrder(UnknownOrderRows rows, Optional<ProcessedRequest> processed);

    /** What a line is added to: the order's root and the product, as read together. */
    record LineContext(Optional<Order> order, Optional<Product> product) {
    }

    /** What a resolution decides on: the order's root and the issue, as read together. */
    record IssueContext(Optional<Order> order, Optional<PaymentIssue> issue) {
    }

    /**
     * What the request that used a key asked and was answered: its fingerprint, the order, and for a line
     * addition the line it added.
     */
    record KeyRecord(String fingerprint, String orderId, Optional<AddedLine> line) {
    }

    /** What a line addition answered, kept with its key: the line's id and time, and the name and price it took. */
    record AddedLine(String itemId, Instant createdAt, String name, long unitPrice) {
    }

    /** What became of writing a new order. */
    sealed interface Creation {
        record Created() implements Creation {
        }

        /** The processed request was there already: an earlier delivery made its change; nothing was written. */
        record AlreadyProcessed() implements Creation {
        }

        /** Another order has the id; nothing was written. */
        record OrderIdTaken() implements Creation {
        }

        /** A reservation found fewer units available than it takes (named, with what is); nothing was written. */
        record OutOfStock(List<StockShortage> shortages) implements Creation {
        }
    }

    /** What became of a step. Only {@link Committed} wrote anything. */
    sealed interface Commit {
        record Committed() implements Commit {
        }

        /** The processed request was there already: an earlier delivery made its change. */
        record AlreadyProcessed() implements Commit {
        }

        /** The root is no longer the version read: another change came first; {@code current} is the order now. */
        record RootChanged(Optional<Order> current) implements Commit {
        }

        /**
         * A row beside the root is not as the step expected while the root is (a payment issue already
         * recorded for that provider event, or resolved or refunded meanwhile).
         */
        record RowChanged() implements Commit {
        }

        /**
         * While the root is as read, a reservation of the step found fewer units available than it takes (named,
         * with what is); nothing was written.
         */
        record OutOfStock(List<StockShortage> shortages) implements Commit {
        }
    }
}
