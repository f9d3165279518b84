package dev.orders.http.support;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_OTHER_ITEM;

import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.NewLine;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.PaymentIssueResolutionOutcome;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * States of the table the sample events of events/ name (customer c-ada, the sample order and its lines,
 * the catalogue, the payment issue evt_3PzX9cLkq2), written through the repositories, not the routes; which
 * sample names which is stated once, in {@link SampleScene}.
 */
public final class Seeds {
    /** The provider's event of the open issue that change-order/resolve-payment-issue resolves. */
    public static final String SAMPLE_ISSUE_EVENT = "evt_3PzX9cLkq2";
    /** The provider's payment of that issue's capture. */
    public static final String SAMPLE_ISSUE_PAYMENT = "pay_3PzX9cLkq2";
    /** The second charge of the sample order, which payment-webhook/refund-duplicate-charge refunds. */
    public static final String DUPLICATE_PAYMENT = "pay_3PzX9cLkq2Yw7Hb2";
    /** The order id that names no order, and the provider's event of its issue, of payment-webhook/payment-unknown-order. */
    public static final String UNKNOWN_ORDER = "01JCZ6X3N1S4M2B0QK9V7TQ5RZ";
    /** The PaymentIntent of the Stripe samples of events/payment-webhook/. */
    public static final String STRIPE_PAYMENT = "pi_3QKc9bLkq2Yw7Hb10bZ8mW4r";
    public static final String UNKNOWN_ORDER_EVENT = "evt_01JCZ7E5F6G7H8J9K0M1N2P3QE";
    public static final long SAMPLE_TOTAL = 2 * 1250 + 899;
    /** {@link #STOCK_MOVES}' orders: one shipped in part and cancelled in part, one cancelled whole. */
    public static final String STOCKED_ORDER = "01JCZ6X3N1S4M2B0QK9V7TQ5RF";
    public static final String RELEASED_ORDER = "01JCZ6X3N1S4M2B0QK9V7TQ5RG";
    public static final String REFUNDED_ORDER = "01JCZ6X3N1S4M2B0QK9V7TQ5RM";
    /** The customer's second order in {@link #LIFECYCLE}, the one an administrator paid and refunded. */
    public static final String ADMINISTERED_ORDER = "01JCZ6X3N1S4M2B0QK9V7TQ5RD";

    public static final Consumer<Fixture> NOTHING = fx -> { };
    public static final Consumer<Fixture> CUSTOMER = fx -> fx.customers.upsert(
            new CustomerDetails(SAMPLE_CUSTOMER, "Ada Lovelace", "ada@example.com"));
    public static final Consumer<Fixture> CATALOGUE = Fixture::seedSampleProducts;
    /**
     * The catalogue with the sample's mug stocked, its last unit reserved by an order of the sample customer: none
     * is available, so the sample order is out of stock.
     */
    public static final Consumer<Fixture> STOCKED = CATALOGUE.andThen(fx -> {
        fx.stock("MUG-BLUE", 1);
        OrderCreationOutcome outcome = fx.createOrder.create(new OrderRequest(SAMPLE_CUSTOMER, Optional.empty(),
                List.of(new LineRequest("MUG-BLUE", 1))), Optional.empty(), "user:" + SAMPLE_CUSTOMER);
        if (!(outcome instanceof OrderCreationOutcome.Created)) {
            throw new IllegalStateException("seed: the last mug was not reserved: " + outcome);
        }
    });
    /**
     * The tea stocked and every move of its units an order event carries: {@link #STOCKED_ORDER} reserves in its
     * creation and in a line added, then removed (released); paid, one line shipped (sold), the other cancelled
     * (released); {@link #RELEASED_ORDER} reserves and is cancelled (released per sku); {@link #REFUNDED_ORDER} reserves,
     * is paid and refunded before it ships (released per sku).
     */
    public static final Consumer<Fixture> STOCK_MOVES = CUSTOMER.andThen(CATALOGUE).andThen(fx -> {
        fx.stock("TEA-EARL-100G", 10);
        String shipped = "01JCZ6X3N1S4M2B0QK9V7TQ5RH";
        String cancelled = "01JCZ6X3N1S4M2B0QK9V7TQ5RJ";
        NewLine tea = new NewLine("TEA-EARL-100G", "Earl Grey tea, 100 g", 2, 899);
        String actor = "user:" + SAMPLE_CUSTOMER;
        fx.createReserving(STOCKED_ORDER, List.of(shipped, cancelled), new NewOrder(SAMPLE_CUSTOMER, "EUR", List.of(tea,
                tea)), actor);
        LineChangeOutcome added = fx.addLine.add(SAMPLE_CUSTOMER, STOCKED_ORDER, new LineRequest("TEA-EARL-100G", 1),
                Optional.empty(), Optional.empty(), actor);
        if (!(added instanceof LineChangeOutcome.Added line)
                || !(fx.removeLine.remove(SAMPLE_CUSTOMER, STOCKED_ORDER, line.item().itemId(), Optional.empty(), actor)
                        instanceof LineChangeOutcome.Removed)) {
            throw new IllegalStateException("seed: no line of stocked tea was added and removed: " + added);
        }
        changeStatus(fx, STOCKED_ORDER, OrderStatus.PAID, Role.ADMINISTRATOR, Optional.of("paid by bank transfer"));
        fx.fulfil(STOCKED_ORDER, shipped);
        fx.moveLines(STOCKED_ORDER, LineStatus.CANCELLED, cancelled);
        fx.createReserving(RELEASED_ORDER, List.of("01JCZ6X3N1S4M2B0QK9V7TQ5RK"), new NewOrder(SAMPLE_CUSTOMER, "EUR",
                List.of(tea)), actor);
        changeStatus(fx, RELEASED_ORDER, OrderStatus.CANCELLED, Role.CUSTOMER, Optional.empty());
        fx.createReserving(REFUNDED_ORDER, List.of("01JCZ6X3N1S4M2B0QK9V7TQ5RN"), new NewOrder(SAMPLE_CUSTOMER, "EUR",
                List.of(tea)), actor);
        changeStatus(fx, REFUNDED_ORDER, OrderStatus.PAID, Role.ADMINISTRATOR, Optional.of("paid by bank transfer"));
        changeStatus(fx, REFUNDED_ORDER, OrderStatus.REFUNDED, Role.ADMINISTRATOR, Optional.of("out of stock after all"));
    });
    public static final Consumer<Fixture> ORDER = fx -> {
        CUSTOMER.accept(fx);
        fx.seedSampleOrder();
    };
    /** Checked out by its customer (who gives no reason). */
    public static final Consumer<Fixture> AWAITING_PAYMENT = ORDER.andThen(fx -> changeStatus(fx, SAMPLE_ORDER,
            OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty()));
    /** Captured by the provider: the order's total, so a refund of it applies. */
    public static final Consumer<Fixture> PAID = AWAITING_PAYMENT.andThen(fx -> payment(fx, "evt_seed_capture",
            PaymentEventType.PAYMENT_SUCCEEDED, Fixture.SAMPLE_PAYMENT, SAMPLE_TOTAL, PaymentOutcome.APPLIED));
    /** Captured through Stripe: its PaymentIntent's capture, keyed by the PaymentIntent, so its refunds find the order. */
    public static final Consumer<Fixture> PAID_BY_STRIPE = AWAITING_PAYMENT.andThen(fx -> payment(fx, STRIPE_PAYMENT,
            PaymentEventType.PAYMENT_SUCCEEDED, STRIPE_PAYMENT, SAMPLE_TOTAL, PaymentOutcome.APPLIED));
    /** Paid through Stripe, and 1250 of it refunded: the refund whose failure is a REFUND_FAILED issue. */
    public static final Consumer<Fixture> REFUNDED_BY_STRIPE = PAID_BY_STRIPE.andThen(fx -> payment(fx,
            "re_3QKc9bLkq2Yw7Hb10rF5uN7d", PaymentEventType.REFUND_SUCCEEDED, STRIPE_PAYMENT, 1250, PaymentOutcome.APPLIED));
    /** Paid through Stripe, and its payment disputed: the open DISPUTE issue its closing resolves. */
    public static final Consumer<Fixture> DISPUTED = PAID_BY_STRIPE.andThen(fx -> payment(fx, "dp_1QKc9bLkq2Yw7Hb1dS4pT5uV",
            PaymentEventType.DISPUTE_OPENED, STRIPE_PAYMENT, SAMPLE_TOTAL, PaymentOutcome.PAYMENT_ISSUE));
    /** Paid, and charged a second time: the DUPLICATE_CAPTURE issue of {@link #DUPLICATE_PAYMENT}. */
    public static final Consumer<Fixture> DUPLICATE_CHARGE = PAID.andThen(fx -> payment(fx, "evt_seed_duplicate",
            PaymentEventType.PAYMENT_SUCCEEDED, DUPLICATE_PAYMENT, SAMPLE_TOTAL, PaymentOutcome.PAYMENT_ISSUE));
    /** The sample order with an open AMOUNT_MISMATCH issue of the sample's event id. */
    public static final Consumer<Fixture> OPEN_ISSUE = ORDER.andThen(fx -> payment(fx, SAMPLE_ISSUE_EVENT,
            PaymentEventType.PAYMENT_SUCCEEDED, SAMPLE_ISSUE_PAYMENT, 1, PaymentOutcome.PAYMENT_ISSUE));
    /** An UNKNOWN_ORDER issue: a capture for an order id that names no order. */
    public static final Consumer<Fixture> UNKNOWN_ORDER_ISSUE = fx -> payment(fx, UNKNOWN_ORDER, UNKNOWN_ORDER_EVENT,
            PaymentEventType.PAYMENT_SUCCEEDED, "pay_3PzX9cLkq2Yw7Hb3", 2500, PaymentOutcome.PAYMENT_ISSUE);
    /**
     * The sample order through most of its lifecycle, so reads answer every part of their schema: checked out,
     * paid, a duplicate capture recorded, resolved and partly refunded, the open issue of the sample, a line
     * picked (the order follows to IN_FULFILLMENT), a partial refund; each an event of its history. Then what
     * the provider's and the customer's moves leave out, in {@link #ADMINISTERED_ORDER}, the same customer's:
     * lines added and removed, a failed payment attempt, paid and refunded by an administrator. And what earlier
     * releases left in the table, which the service still reads (so the fields they lack are optional): a line
     * without a name, an issue without its payment, and an issue of an order id that names no order.
     */
    public static final Consumer<Fixture> LIFECYCLE = DUPLICATE_CHARGE.andThen(fx -> {
        PaymentIssueResolutionOutcome resolution = fx.resolvePaymentIssue.resolve(new PaymentIssueResolution(SAMPLE_ORDER,
                "evt_seed_duplicate", Role.ADMINISTRATOR, "user:ops-grace", "refunded in the provider's dashboard"));
        if (!(resolution instanceof PaymentIssueResolutionOutcome.Resolved)) {
            throw new IllegalStateException("seed: the duplicate capture was not resolved: " + resolution);
        }
        payment(fx, "evt_seed_duplicate_refund", PaymentEventType.REFUND_SUCCEEDED, DUPLICATE_PAYMENT, 1000,
                PaymentOutcome.APPLIED);
        payment(fx, SAMPLE_ISSUE_EVENT, PaymentEventType.PAYMENT_SUCCEEDED, SAMPLE_ISSUE_PAYMENT, 1,
                PaymentOutcome.PAYMENT_ISSUE);
        fx.moveLines(SAMPLE_ORDER, LineStatus.PICKED, SAMPLE_ITEM);
        payment(fx, "evt_seed_refund", PaymentEventType.REFUND_SUCCEEDED, Fixture.SAMPLE_PAYMENT, 1250,
                PaymentOutcome.APPLIED);
        administered(fx);
        writtenBeforeLinesWereNamed(fx, SAMPLE_ORDER, SAMPLE_OTHER_ITEM);
        writtenBeforePaymentsWereNamed(fx, SAMPLE_ORDER, SAMPLE_ISSUE_EVENT);
        UNKNOWN_ORDER_ISSUE.accept(fx);
    });

    private Seeds() {
    }

    /** {@link #ADMINISTERED_ORDER}: a line added and one removed, a failed payment, paid and refunded by hand. */
    private static void administered(Fixture fx) {
        String tea = "01JCZ6X3N1S4M2B0QK9V7TQ5RE";
        fx.create(ADMINISTERED_ORDER, List.of(tea), new NewOrder(SAMPLE_CUSTOMER, "EUR",
                List.of(new NewLine("TEA-EARL-100G", "Earl Grey tea, 100 g", 1, 899))), "user:" + SAMPLE_CUSTOMER);
        LineChangeOutcome added = fx.addLine.add(SAMPLE_CUSTOMER, ADMINISTERED_ORDER, new LineRequest("MUG-BLUE", 1),
                Optional.empty(), Optional.empty(), "user:" + SAMPLE_CUSTOMER);
        if (!(added instanceof LineChangeOutcome.Added)) {
            throw new IllegalStateException("seed: no line was added: " + added);
        }
        LineChangeOutcome removed = fx.removeLine.remove(SAMPLE_CUSTOMER, ADMINISTERED_ORDER, tea, Optional.empty(),
                "user:" + SAMPLE_CUSTOMER);
        if (!(removed instanceof LineChangeOutcome.Removed)) {
            throw new IllegalStateException("seed: the line was not removed: " + removed);
        }
        payment(fx, ADMINISTERED_ORDER, "evt_seed_failed", PaymentEventType.PAYMENT_FAILED, "pay_seed_failed", 1250,
                PaymentOutcome.APPLIED);
        changeStatus(fx, ADMINISTERED_ORDER, OrderStatus.PAID, Role.ADMINISTRATOR, Optional.of("paid by bank transfer"));
        changeStatus(fx, ADMINISTERED_ORDER, OrderStatus.REFUNDED, Role.ADMINISTRATOR, Optional.of("returned unopened"));
    }

    private static void changeStatus(Fixture fx, String orderId, OrderStatus target, Role role, Optional<String> reason) {
        StatusChangeOutcome outcome = fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(SAMPLE_CUSTOMER),
                orderId, target, role, Optional.empty(), role == Role.CUSTOMER ? "user:" + SAMPLE_CUSTOMER : "user:ops-grace",
                reason));
        if (!(outcome instanceof StatusChangeOutcome.Changed)) {
            throw new IllegalStateException("seed: " + orderId + " did not move to " + target + ": " + outcome);
        }
    }

    /** The line {@code itemId} as written before lines took their product's name: its row and its OrderCreated line. */
    private static void writtenBeforeLinesWereNamed(Fixture fx, String orderId, String itemId) {
        remove(fx, orderId, Keys.itemSk(itemId), "REMOVE #name", Map.of("#name", "name"));
        OrderEvent created = fx.events(SAMPLE_CUSTOMER, orderId).get(0);
        List<String> itemIds = ((OrderChange.OrderCreated) created.change()).lines().stream()
                .map(line -> line.itemId()).toList();
        remove(fx, orderId, Keys.eventSk(created.version()), "REMOVE #data.#lines[" + itemIds.indexOf(itemId) + "].#name",
                Map.of("#data", "data", "#lines", "lines", "#name", "name"));
    }

    /** The issue of {@code eventId} as recorded before payments were named: its row and its PaymentIssueRecorded. */
    private static void writtenBeforePaymentsWereNamed(Fixture fx, String orderId, String eventId) {
        remove(fx, orderId, Keys.issueSk(eventId), "REMOVE paymentId, direction", Map.of());
        OrderEvent recorded = fx.events(SAMPLE_CUSTOMER, orderId).stream()
                .filter(event -> event.change() instanceof OrderChange.PaymentIssueRecorded issue
                        && issue.paymentEventId().equals(eventId))
                .findFirst().orElseThrow();
        remove(fx, orderId, Keys.eventSk(recorded.version()), "REMOVE #data.paymentId", Map.of("#data", "data"));
    }

    private static void remove(Fixture fx, String orderId, String sortKey, String update, Map<String, String> names) {
        fx.testTable.client().updateItem(b -> b.tableName(fx.table.tableName())
                .key(Map.of(Keys.PK, AttributeValue.fromS(Keys.orderPk(orderId)), Keys.SK, AttributeValue.fromS(sortKey)))
                .updateExpression(update).expressionAttributeNames(names.isEmpty() ? null : names)
                .conditionExpression("attribute_exists(" + Keys.PK + ")"));
    }

    /** A payment event of the provider for the sample order, which must have the {@code expected} outcome. */
    private static void payment(Fixture fx, String eventId, PaymentEventType type, String paymentId, long amount,
                                PaymentOutcome expected) {
        payment(fx, SAMPLE_ORDER, eventId, type, paymentId, amount, expected);
    }

    private static void payment(Fixture fx, String orderId, String eventId, PaymentEventType type, String paymentId,
                                long amount, PaymentOutcome expected) {
        PaymentEventOutcome processed = fx.processPaymentEvent.process(new PaymentEvent(eventId, type, 1_795_348_795L, orderId,
                Optional.of(paymentId), amount, "EUR"));
        if (processed.outcome() != expected) {
            throw new IllegalStateException("seed: " + eventId + " was " + processed.outcome() + ", not " + expected);
        }
    }
}
