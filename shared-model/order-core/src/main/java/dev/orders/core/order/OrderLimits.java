package dev.orders.core.order;

import dev.orders.core.validation.ValidationException;
import java.util.List;

/**
 * Sizes fixed by DynamoDB's limits, checked before anything is written. Every change of an order is one
 * TransactWriteItems of at most {@value #TRANSACTION_ACTIONS} actions; for an order of L lines whose tracked
 * products are S distinct skus (S <= L) its transactions hold:
 * <ul>
 *   <li>creation: root, event 1, the idempotency key's record, L lines and S reservations: L + S + 3;</li>
 *   <li>a line added, removed, or moved (shipped: a sale; cancelled: a release): root, one or two events (the
 *       order following its lines), the line and its sku's stock: at most 5;</li>
 *   <li>the order cancelled (or expired): root, event, one release per sku its lines still hold and, out of
 *       AWAITING_PAYMENT, the delete of its payment-window row: at most S + 3;</li>
 *   <li>a capture, a refund, a payment issue or its resolution: root, events and rows of payment issues, the
 *       provider event's record; no line and no stock. Refunds that arrived before their capture are recorded with it
 *       only while its step {@link #fits}; the others by steps of their own, as many in each as fit.</li>
 * </ul>
 * So an order holds at most {@link #MAX_ITEMS_PER_ORDER} lines, and its creation's lines and reserving skus together
 * are at most as many (100 actions with the key's record). A cancellation or an expiry of an order at that limit
 * awaiting payment, every line of another tracked sku (lines added one by one reserve one sku each), is then exactly
 * 100 actions: no later step of an order can reach a transaction DynamoDB refuses.
 */
public final class OrderLimits {
    /** DynamoDB's limit of actions in one TransactWriteItems. */
    public static final int TRANSACTION_ACTIONS = 100;

    /** Creating an order writes the root, its first history row and an idempotency record beside the items. */
    public static final int MAX_ITEMS_PER_ORDER = TRANSACTION_ACTIONS - 3;

    private OrderLimits() {
    }

    /** Whether a transaction of {@code actions} actions is one DynamoDB takes. */
    public static boolean fits(int actions) {
        return actions <= TRANSACTION_ACTIONS;
    }

    /** The lines of an order, as asked for or as priced: at least one, and no more than one transaction holds. */
    public static <T> List<T> lines(List<T> items) {
        if (items == null || items.isEmpty()) {
            throw new ValidationException("items", "an order needs at least one item");
        }
        if (items.size() > MAX_ITEMS_PER_ORDER) {
            throw new ValidationException("items", "an order holds at most " + MAX_ITEMS_PER_ORDER
                    + " items (it is written in one DynamoDB transaction of at most " + TRANSACTION_ACTIONS + " actions)");
        }
        return List.copyOf(items);
    }

    /**
     * An order created with {@code lines} reserving stock of {@code reservingSkus} distinct products: each of those
     * is one more action of its transaction, so together they are at most {@link #MAX_ITEMS_PER_ORDER}.
     */
    static void creation(int lines, int reservingSkus) {
        if (lines + reservingSkus > MAX_ITEMS_PER_ORDER) {
            throw new ValidationException("items", "an order's items and the products whose stock they reserve are at most "
                    + MAX_ITEMS_PER_ORDER + " together (" + lines + " items of " + reservingSkus
                    + " stocked products; it is written in one DynamoDB transaction of at most " + TRANSACTION_ACTIONS
                    + " actions): order fewer, or add the others to the order as lines");
        }
    }
}
